import { describe, expect, it } from 'vitest';
import { TaskCard } from '../../../components/tasks/task-card.tsx';
import { initialTaskState } from '../../../lib/task-view.ts';
import { signedIn, text } from '../../../test/money-fixtures.ts';
import { renderScreen } from '../../../test/render.tsx';
import { task } from '../../../test/task-fixtures.ts';
import { questFiltersQueryKey, questListQueryKey, questQueryKey } from '../api/quest-keys.ts';
import { QuestComplete } from './quest-complete.tsx';
import { QuestDetailsScreen } from './quest-details-screen.tsx';
import { details, HUB, quest, TASK_IDS, userTask } from './quest-fixtures.ts';
import { QuestsScreen } from './quests-screen.tsx';

const FILTERS = {
  hubs: [{ ...HUB, questCount: 3 }],
  games: [],
  statuses: ['PUBLISHED', 'LIVE', 'COMPLETED'] as const,
};
const page = (quests: unknown[]) => ({
  page: 1,
  limit: 100,
  total: quests.length,
  totalCapped: false,
  offset: 0,
  isLastCard: true,
  quests,
});

describe('/k-quest/', () => {
  const featured = quest({
    id: '33333333-3333-4333-8333-333333333333',
    slug: 'khel-welcome-quest',
    title: 'Welcome to Khel',
    hub: null,
    game: null,
    featured: true,
    remainingSlots: null,
    totalSlots: null,
    coverUrl: '/art/quests/default.svg',
  });

  it('shows featured quests first as game cards: cover art, partner logo, reward chips, slots left, status', () => {
    const html = renderScreen(<QuestsScreen />, {
      at: '/k-quest/',
      queries: [
        [questFiltersQueryKey, FILTERS],
        [questListQueryKey({}), page([quest(), featured])],
      ],
    });
    const plain = text(html);
    expect(plain.indexOf('Featured')).toBeLessThan(plain.indexOf('Welcome to Khel'));
    expect(plain.indexOf('Welcome to Khel')).toBeLessThan(plain.indexOf('All quests'));
    expect(plain.indexOf('All quests')).toBeLessThan(plain.indexOf('Dark Throne: Steam Raid'));
    expect(html).toContain('src="/art/games/dark-throne-sieges.svg"');
    expect(html).toContain('src="/art/hubs/dark-throne-logo.svg"');
    expect(plain).toContain('90 K\u2011Points');
    expect(plain).toContain('20 K\u2011Cash');
    expect(html).toContain('currency-icon--kpoints');
    expect(plain).toContain('Slots left: 400');
    expect(plain).toContain('Open to all');
    expect(plain).toContain('Live');
    for (const chip of ['Dark Throne', 'Coming soon', 'Completed']) expect(plain).toContain(chip);
    expect(html).toContain('href="/quest-details/dark-throne-steam-raid"');
  });

  it('?reward=rkhel asks for the quests that pay rKHEL (the swap screen links there) and presses its chip', () => {
    const payer = quest({
      rewards: { ...quest().rewards, rkhel: { amount: '5000000', currency: 'RKHEL', decimals: 6 } },
    });
    const html = renderScreen(<QuestsScreen />, {
      at: '/k-quest/?reward=rkhel',
      queries: [
        [questFiltersQueryKey, FILTERS],
        [questListQueryKey({ reward: 'rkhel' }), page([payer])],
      ],
    });
    expect(text(html)).toContain('5 rKHEL');
    expect(html).toMatch(/<button[^>]*aria-pressed="true"[^>]*>rKHEL<\/button>/);
    for (const chip of ['K-Cash', 'K-Points'])
      expect(html).toContain(`aria-pressed="false">${chip}</button>`);
    // An unknown reward is no filter.
    const any = renderScreen(<QuestsScreen />, {
      at: '/k-quest/?reward=gold',
      queries: [[questListQueryKey({}), page([quest()])]],
    });
    expect(any).toContain('Dark Throne: Steam Raid');
  });

  it('says so when nothing matches, and shows loading before the answer', () => {
    const empty = text(
      renderScreen(<QuestsScreen />, {
        at: '/k-quest/',
        queries: [[questListQueryKey({}), page([])]],
      }),
    );
    expect(empty).toContain('Looks like there is nothing here yet');
    expect(renderScreen(<QuestsScreen />, { at: '/k-quest/' })).toContain('state--loading');
  });

  it('a hub page has its banner and only its quests, in Hindi and Portuguese too', () => {
    const queries = [
      [questFiltersQueryKey, FILTERS],
      [questListQueryKey({ hub: 'dark-throne' }), page([quest()])],
    ] as const;
    const html = renderScreen(<QuestsScreen hubSlug="dark-throne" />, {
      at: '/k-quest/dark-throne',
      queries,
    });
    expect(html).toContain('url(/art/hubs/dark-throne-banner.svg)');
    expect(text(html)).toContain('Quests of Dark Throne');
    const hi = text(renderScreen(<QuestsScreen hubSlug="dark-throne" />, { language: 'hi', queries }));
    expect(hi).toContain('बचे स्लॉट: 400');
    const pt = text(renderScreen(<QuestsScreen hubSlug="dark-throne" />, { language: 'pt-BR', queries }));
    expect(pt).toContain('Vagas restantes: 400');
    expect(pt).toContain('Dark Throne: Ataque Steam');
    expect(hi).toContain('राज्यों और घेराबंदियों की एक अंधेरी दुनिया।');
  });
});

describe('/quest-details/{slug}', () => {
  const at = '/quest-details/dark-throne-steam-raid';
  const quest = details();

  it('a visitor sees the quest, its tasks and a way to sign in; the locked task says why', () => {
    const plain = text(
      renderScreen(<QuestDetailsScreen />, { at, queries: [[questQueryKey(quest.slug), quest]] }),
    );
    expect(plain).toContain('Dark Throne: Steam Raid');
    expect(plain).toContain('Sign in to take part');
    expect(plain).toContain('COMPLETE TASK');
    expect(plain).toContain('VALIDATE');
    expect(plain).toContain('OKAY');
    expect(plain).toContain('Complete the other tasks of this quest first.');
    expect(plain).toContain('Steam id (17 digits)');
  });

  it('the slug can come in the query (/quest-details/?slug=…)', () => {
    const plain = text(
      renderScreen(<QuestDetailsScreen />, {
        at: '/quest-details/?slug=dark-throne-steam-raid',
        queries: [[questQueryKey(quest.slug), quest]],
      }),
    );
    expect(plain).toContain('Give your Steam id');
  });

  // Server rendering sees a visitor (no session snapshot), so the signed-in parts render on their own.
  it('task cards: VERIFIED, REVALIDATE with the reason, attempts left and the proof field', () => {
    const progress = [
      userTask(TASK_IDS[0], { status: 'VERIFIED' }),
      userTask(TASK_IDS[1], { status: 'VERIFIED' }),
      userTask(TASK_IDS[2], { status: 'FAILED', message: 'That code is not right.', attemptsLeft: 3 }),
    ];
    const html = renderScreen(
      quest.tasks.map((task, i) => (
        <TaskCard
          key={task.id}
          actions={{ validate: async () => ({ verified: true, message: null }), sendProof: async () => null }}
          task={task}
          number={i + 1}
          progress={progress[i]}
          initial={initialTaskState(task, quest.tasks, progress)}
          ensureReady={async () => true}
        />
      )),
      { api: signedIn() },
    );
    const plain = text(html);
    expect(plain.match(/VERIFIED/g)).toHaveLength(2);
    expect(plain).toContain('REVALIDATE');
    expect(plain).toContain('That code is not right.');
    expect(plain).toContain('Attempts left: 3');
    expect(plain).toContain('Screenshot (JPEG)');
    expect(html).toContain('accept="image/jpeg"');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-state="VERIFIED"/);
  });

  it('Telegram tasks are marked; one refused for want of a linked Telegram offers the link on the website only', () => {
    const channel = task('7a1f0e52-0000-4000-8000-000000000001', {
      type: 'telegram_join_channel',
      title: 'Join the squad finder channel',
    });
    const refused = userTask(channel.id, {
      status: 'FAILED',
      message: 'Link your Telegram account in your profile first.',
    });
    const card = (platform: 'website' | 'telegram', progress = refused, language: 'en' | 'hi' = 'en') =>
      renderScreen(
        <TaskCard
          actions={{ validate: async () => ({ verified: true, message: null }), sendProof: async () => null }}
          task={channel}
          number={1}
          progress={progress}
          initial={initialTaskState(channel, [channel], [progress])}
          ensureReady={async () => true}
        />,
        { api: signedIn(), platform, language },
      );
    const website = card('website');
    expect(website).toContain('task-badge--telegram');
    expect(text(website)).toContain(
      'Done in Telegram, with the Telegram account linked to your Khel account.',
    );
    expect(text(website)).toContain('Link your Telegram account in your profile first.');
    expect(website).toMatch(/<button[^>]*>Link Telegram<\/button>/);
    // Inside Telegram the Mini App links it itself: no website link there.
    expect(card('telegram')).not.toContain('Link Telegram');
    // Refused for another reason: no link offered, the badge stays.
    const other = card(
      'website',
      userTask(channel.id, {
        status: 'FAILED',
        message: 'Join the Telegram channel first, then check again.',
      }),
    );
    expect(other).toContain('task-badge--telegram');
    expect(other).not.toContain('Link Telegram');
    // Hindi: the link button in the account part's words.
    const hindi = card('website', refused, 'hi');
    expect(hindi).toContain('Telegram लिंक करें');
  });

  it('a completed quest celebrates with what was earned and a link to collect it', () => {
    const html = renderScreen(<QuestComplete rewarded={quest.rewards} />, { language: 'pt-BR' });
    expect(text(html)).toContain('Missão concluída!');
    expect(text(html)).toContain('90 K\u2011Points');
    expect(html).toContain('href="/collect-earnings"');
  });

  it('an unknown quest says it is not available', () => {
    const plain = text(renderScreen(<QuestDetailsScreen />, { at: '/quest-details/' }));
    expect(plain).toContain('This quest is not available.');
  });
});
