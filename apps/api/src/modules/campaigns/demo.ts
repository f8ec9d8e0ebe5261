import type { campaignInputSchema } from '@khel/core/contract';
import type { Database } from '@khel/db';
import { campaignEntries, campaigns, leaderboards, quests, seedRuns, users } from '@khel/db/schema';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { upsertCampaign } from './catalogue.ts';

/**
 * Demo campaigns (K-Drop), one per variant, in English, Hindi and Brazilian Portuguese, seeded once
 * outside production through the operators' catalogue: a live fixed-slot drop whose tasks can all be
 * done in the sandbox (a code, a link to open, the referral link), a live dynamic pool, a live
 * leaderboard, an upcoming raffle, and a raffle that already ended, with entrants, so its draw can be
 * verified once the lifecycle job has run (it moves them LIVE, funds their pools and draws).
 */

export const CAMPAIGNS_DEMO_SEED = 'campaigns-demo-v1';
const SEED_NAME = CAMPAIGNS_DEMO_SEED;
const DAY_MS = 86_400_000;
const ACTOR = { operatorId: null, name: 'seed' };
/** The finished raffle's demo entrants (bare accounts with a username, never signed in). */
const RAFFLE_ENTRANTS = 9;

type DemoCampaign = Omit<z.input<typeof campaignInputSchema>, 'startsAt' | 'endsAt'> & {
  startDay: number;
  endDay: number;
};

const tr = (hi: { title: string; description: string }, pt: { title: string; description: string }) => ({
  hi,
  'pt-BR': pt,
});
const taskTr = (hi: string, pt: string) => ({ hi: { title: hi }, 'pt-BR': { title: pt } });

const noRules = {
  coverUrl: null,
  private: false,
  referral: null,
};

const codeTask = (code: string, points: number, hint: string) => ({
  title: `Enter the code ${code}`,
  description: hint,
  locked: false,
  proof: null,
  points,
  config: { type: 'special_code' as const, code, hint },
  translations: taskTr(`कोड ${code} डालें`, `Digite o código ${code}`),
});

export const DEMO_CAMPAIGNS: DemoCampaign[] = [
  {
    ...noRules,
    slug: 'kdrop-first-drop',
    title: 'K-Drop: First Drop',
    description:
      'The first 100 gamers to finish every task get 25 K-Cash each. Enter the code KDROP, open the Rkade and make your referral link. Invite friends: you get 2 K-Cash for each one who finishes.',
    hubSlug: 'bullieverse',
    gameSlug: 'bullie-racer',
    featured: true,
    startDay: -1,
    endDay: 14,
    reward: { variant: 'FIXED_SLOT_FIXED_REWARD', slots: 100, amount: '25000' },
    referral: { rewardPerFinisher: '2000', maxRewardedReferrals: 10 },
    entryCaps: { perIp: 20, perDevice: 3 },
    stages: [
      {
        title: 'Finish the tasks',
        description: 'The first 100 finishers take a slot each.',
        // Replaced by the campaign's start when seeded.
        startsAt: '2026-01-01T00:00:00.000Z',
        endsAt: null,
        gamerEarnings: '25000',
        earningType: 'FIXED_REWARD',
        translations: {
          hi: { title: 'टास्क पूरे करें', description: 'पहले 100 खिलाड़ियों को एक-एक स्लॉट मिलेगा।' },
          'pt-BR': { title: 'Conclua as tarefas', description: 'Os 100 primeiros garantem uma vaga cada.' },
        },
      },
    ],
    tasks: [
      codeTask('KDROP', 1, 'It is in the campaign description.'),
      {
        title: 'Open the Rkade',
        description: 'Open the link, then come back and validate.',
        locked: false,
        proof: null,
        points: 1,
        config: { type: 'uri_redirection', url: 'https://khel.local/rkade' },
        translations: taskTr('Rkade खोलें', 'Abra o Rkade'),
      },
      {
        title: 'Create your referral link',
        description: 'Make your link on your profile.',
        locked: false,
        proof: null,
        points: 1,
        config: { type: 'create_referral' },
        translations: taskTr('अपना रेफ़रल लिंक बनाएँ', 'Crie seu link de indicação'),
      },
    ],
    translations: tr(
      {
        title: 'K-Drop: पहला ड्रॉप',
        description:
          'सारे टास्क पूरे करने वाले पहले 100 गेमर्स को 25-25 K-Cash मिलेंगे। कोड KDROP डालें, Rkade खोलें और अपना रेफ़रल लिंक बनाएँ।',
      },
      {
        title: 'K-Drop: Primeiro Drop',
        description:
          'Os 100 primeiros gamers que concluírem todas as tarefas ganham 25 K-Cash cada. Digite o código KDROP, abra o Rkade e crie seu link de indicação.',
      },
    ),
  },
  {
    ...noRules,
    slug: 'kdrop-cricket-pool',
    title: 'Cricket Legends Pool',
    description:
      'A 500 K-Cash pool split among everyone who finishes, by points. Every task scores: the more you do, the bigger your share.',
    hubSlug: 'colexion',
    gameSlug: 'colexion-cricket-legends',
    featured: false,
    startDay: -2,
    endDay: 10,
    reward: { variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '500000' },
    eligibility: {
      countries: ['IN', 'BR'],
      continents: [],
      kycRequired: false,
      pogRequired: false,
      clanRequired: false,
    },
    tasks: [
      codeTask('SIXER', 30, 'Printed on the Cricket Legends loading screen.'),
      codeTask('WICKET', 20, 'Ask in the hub chat.'),
    ],
    translations: tr(
      {
        title: 'क्रिकेट लेजेंड्स पूल',
        description: '500 K-Cash का पूल पूरा करने वाले सभी खिलाड़ियों में पॉइंट्स के हिसाब से बँटेगा।',
      },
      {
        title: 'Bolão Cricket Legends',
        description: 'Um bolão de 500 K-Cash dividido entre todos que concluírem, por pontos.',
      },
    ),
  },
  {
    ...noRules,
    slug: 'kdrop-siege-leaderboard',
    title: 'Dark Throne Siege Leaderboard',
    description:
      'Score points with each task and climb the board. At the end the 1 000 K-Cash pool is paid by rank: the top three take the most.',
    hubSlug: 'dark-throne',
    gameSlug: 'dark-throne-sieges',
    featured: true,
    startDay: -3,
    endDay: 7,
    reward: {
      variant: 'OPEN_SLOT_LEADERBOARD_REWARD',
      pool: '1000000',
      bands: [
        { fromRank: 1, toRank: 1, shareBasisPoints: 3000 },
        { fromRank: 2, toRank: 2, shareBasisPoints: 2000 },
        { fromRank: 3, toRank: 3, shareBasisPoints: 1000 },
        { fromRank: 4, toRank: 10, shareBasisPoints: 500 },
        { fromRank: 11, toRank: 15, shareBasisPoints: 100 },
      ],
    },
    tasks: [
      codeTask('THRONE', 50, 'Shown when you win a siege.'),
      codeTask('RUNES', 25, 'In the Runes daily puzzle.'),
    ],
    translations: tr(
      {
        title: 'डार्क थ्रोन सीज लीडरबोर्ड',
        description: 'हर टास्क से पॉइंट्स कमाएँ और बोर्ड पर चढ़ें। आख़िर में 1 000 K-Cash रैंक के हिसाब से बँटेंगे।',
      },
      {
        title: 'Ranking Dark Throne Siege',
        description:
          'Ganhe pontos em cada tarefa e suba no ranking. No fim, o prêmio de 1 000 K-Cash é pago por posição.',
      },
    ),
  },
  {
    ...noRules,
    slug: 'kdrop-futebol-raffle',
    title: 'Futebol Stars Raffle',
    description:
      'Finish the tasks to enter. When it ends, 5 winners are drawn from the finishers and share 250 K-Cash. The draw is verifiable: the seed hash is published when it goes live.',
    hubSlug: 'colexion',
    gameSlug: 'colexion-futebol-stars',
    featured: false,
    startDay: 3,
    endDay: 17,
    reward: { variant: 'OPEN_SLOT_RAFFLE_REWARD', pool: '250000', winners: 5 },
    tasks: [codeTask('GOLAZO', 1, 'Scored after your first goal.')],
    translations: tr(
      {
        title: 'फ़ुटेबॉल स्टार्स रैफ़ल',
        description: 'टास्क पूरे करके हिस्सा लें। ख़त्म होने पर 5 विजेता चुने जाएँगे और 250 K-Cash बाँटेंगे।',
      },
      {
        title: 'Sorteio Futebol Stars',
        description:
          'Conclua as tarefas para participar. No fim, 5 vencedores são sorteados e dividem 250 K-Cash.',
      },
    ),
  },
  {
    ...noRules,
    slug: 'kdrop-launch-raffle',
    title: 'Launch Week Raffle',
    description:
      'The launch raffle is over: 3 winners were drawn from the finishers. Check the draw yourself with the revealed seed.',
    hubSlug: 'bullieverse',
    gameSlug: 'bullie-bowling',
    featured: false,
    startDay: -9,
    endDay: -2,
    reward: { variant: 'OPEN_SLOT_RAFFLE_REWARD', pool: '90000', winners: 3 },
    tasks: [codeTask('LAUNCH', 1, 'It was on the launch stream.')],
    translations: tr(
      {
        title: 'लॉन्च वीक रैफ़ल',
        description: 'लॉन्च रैफ़ल ख़त्म हो गया: 3 विजेता चुने गए। खुले हुए सीड से ड्रॉ ख़ुद जाँचें।',
      },
      {
        title: 'Sorteio da Semana de Lançamento',
        description:
          'O sorteio de lançamento acabou: 3 vencedores foram sorteados. Confira o sorteio com a semente revelada.',
      },
    ),
  },
];

/**
 * Seeds the demo campaigns once (a seed_runs marker). A campaign already over is written with future
 * dates (the catalogue publishes nothing that has ended), then moved back, with finished entrants.
 */
export async function seedDemoCampaigns(db: Database, now: Date): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx.insert(seedRuns).values({ name: SEED_NAME }).onConflictDoNothing().returning();
    if (marked.length === 0) return { applied: false };
    const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    for (const { startDay, endDay, ...input } of DEMO_CAMPAIGNS) {
      const over = endDay <= 0;
      const startsAt = new Date(day + startDay * DAY_MS);
      const endsAt = new Date(day + endDay * DAY_MS);
      const { id } = await upsertCampaign(
        tx,
        {
          ...input,
          stages: (input.stages ?? []).map((stage) => ({ ...stage, startsAt: startsAt.toISOString() })),
          startsAt: startsAt.toISOString(),
          endsAt: (over ? new Date(now.getTime() + DAY_MS) : endsAt).toISOString(),
        },
        ACTOR,
        { publish: true, now },
      );
      if (!over) continue;
      const [row] = await tx
        .update(campaigns)
        .set({ endsAt })
        .where(eq(campaigns.id, id))
        .returning({ questId: campaigns.questId, leaderboardId: campaigns.leaderboardId });
      await tx.update(quests).set({ endsAt }).where(eq(quests.id, row!.questId));
      await tx.update(leaderboards).set({ endsAt }).where(eq(leaderboards.id, row!.leaderboardId));
      const entrants = await tx
        .insert(users)
        .values(
          Array.from({ length: RAFFLE_ENTRANTS }, (_, i) => ({
            username: `launch_raffle_${i + 1}`,
            createdAt: startsAt,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (entrants.length === 0) continue;
      await tx.insert(campaignEntries).values(
        entrants.map((u, i) => ({
          campaignId: id,
          userId: u.id,
          status: 'FINISHED' as const,
          points: 1,
          startedAt: new Date(startsAt.getTime() + i * 3_600_000),
          finishedAt: new Date(startsAt.getTime() + i * 3_600_000 + 600_000),
        })),
      );
    }
    return { applied: true };
  });
}
