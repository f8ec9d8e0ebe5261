import { clanTierOf } from '@khel/core/domain';
import type { Database } from '@khel/db';
import { clanEvents, clanMembers, clans, quests, seedRuns, userQuests, users } from '@khel/db/schema';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { grantQuestRewards } from '../quests/index.ts';

/**
 * Demo clans, seeded once outside production so /discover-clan is not empty on a first start: seven crews in
 * Indian and Brazilian cities and colleges, each with a demo chief and members (bare accounts with a username,
 * never signed in). Their scores are real: members completed demo quests while in the clan, with the quests' own
 * rewards granted through the ledger, so the score job (score.ts) finds the same numbers and the tiers spread from
 * Bronze to Diamond.
 */

export const CLANS_DEMO_SEED = 'clans-demo-v1';
const SEED_NAME = CLANS_DEMO_SEED;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

interface DemoClan {
  name: string;
  city: string;
  country: 'IN' | 'BR';
  collegeName: string;
  description: string;
  joinPolicy: 'OPEN' | 'APPROVAL';
  dashboardType: 'k_quest' | 'k_drop';
  /** Usernames, the chief first. */
  members: string[];
  /** The score the members' completions add up to, about (each completion is a whole quest's K-Points). */
  targetScore: number;
  /** Days before the seed the clan was created. */
  ageDays: number;
}

export const DEMO_CLANS: DemoClan[] = [
  {
    name: 'Mumbai Mavericks',
    city: 'Mumbai',
    country: 'IN',
    collegeName: 'IIT Bombay',
    description: 'BGMI and Valorant squads from Powai. Scrims every night at 10, tournaments every weekend.',
    joinPolicy: 'OPEN',
    dashboardType: 'k_quest',
    members: [
      'arjun_mav',
      'priya_mav',
      'rohan_mav',
      'sneha_mav',
      'vikram_mav',
      'ananya_mav',
      'kabir_mav',
      'isha_mav',
      'aditya_mav',
      'meera_mav',
      'rahul_mav',
      'diya_mav',
      'karan_mav',
      'tara_mav',
      'nikhil_mav',
      'pooja_mav',
    ],
    targetScore: 20_600,
    ageDays: 60,
  },
  {
    name: 'Serpentes SP',
    city: 'São Paulo',
    country: 'BR',
    collegeName: 'Universidade de São Paulo',
    description: 'Clã da USP: Free Fire, CS2 e muito K-Drop. Chega junto!',
    joinPolicy: 'OPEN',
    dashboardType: 'k_drop',
    members: ['lucas_sp', 'julia_sp', 'mateus_sp', 'beatriz_sp', 'gabriel_sp', 'larissa_sp', 'rafael_sp'],
    targetScore: 7_400,
    ageDays: 45,
  },
  {
    name: 'Delhi Dragons',
    city: 'New Delhi',
    country: 'IN',
    collegeName: 'Delhi University',
    description: 'North Campus crew. We grind quests together and climb the clan board every week.',
    joinPolicy: 'APPROVAL',
    dashboardType: 'k_quest',
    members: ['aman_dd', 'simran_dd', 'harsh_dd', 'nisha_dd', 'yash_dd'],
    targetScore: 5_300,
    ageDays: 40,
  },
  {
    name: 'Recife Raptors',
    city: 'Recife',
    country: 'BR',
    collegeName: 'UFPE',
    description: 'Galera da UFPE que joga junto desde o primeiro período. Pedidos aprovados pelo chefe.',
    joinPolicy: 'APPROVAL',
    dashboardType: 'k_quest',
    members: ['pedro_rr', 'camila_rr', 'thiago_rr'],
    targetScore: 2_600,
    ageDays: 30,
  },
  {
    name: 'Bengaluru Blitz',
    city: 'Bengaluru',
    country: 'IN',
    collegeName: 'RV College of Engineering',
    description: 'Café LAN regulars from Jayanagar. Casual but competitive; everyone is welcome.',
    joinPolicy: 'OPEN',
    dashboardType: 'k_drop',
    members: ['varun_bb', 'kavya_bb'],
    targetScore: 1_300,
    ageDays: 20,
  },
  {
    name: 'Pune Phantoms',
    city: 'Pune',
    country: 'IN',
    collegeName: 'COEP Technological University',
    description: 'New clan from COEP. Looking for BGMI and Clash Royale players.',
    joinPolicy: 'OPEN',
    dashboardType: 'k_quest',
    members: ['siddharth_pp', 'riya_pp'],
    targetScore: 450,
    ageDays: 10,
  },
  {
    name: 'Relâmpago Rio',
    city: 'Rio de Janeiro',
    country: 'BR',
    collegeName: 'PUC-Rio',
    description: 'Clã recém-criado na Gávea. Entre e ajude a subir de tier!',
    joinPolicy: 'OPEN',
    dashboardType: 'k_quest',
    members: ['bruno_rio'],
    targetScore: 0,
    ageDays: 3,
  },
];

export async function seedDemoClans(db: Database, now: Date): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx.insert(seedRuns).values({ name: SEED_NAME }).onConflictDoNothing().returning();
    if (marked.length === 0) return { applied: false };
    // Demo quests (kind 'quest', published) with K-Points, the ones a member may have completed.
    const questRows = (
      await tx
        .select()
        .from(quests)
        .where(and(eq(quests.kind, 'quest'), isNotNull(quests.publishedAt), isNull(quests.recurrence)))
        .orderBy(asc(quests.createdAt), asc(quests.slug))
    ).filter((q) => (q.rewardKpoints ?? 0n) > 0n);

    for (const demo of DEMO_CLANS) {
      const [taken] = await tx
        .select({ id: clans.id })
        .from(clans)
        .where(and(sql`lower(${clans.name}) = lower(${demo.name})`, sql`${clans.deletedAt} is null`));
      if (taken) continue;
      const createdAt = new Date(now.getTime() - demo.ageDays * DAY_MS);
      const people = await tx
        .insert(users)
        .values(
          demo.members.map((username) => ({
            username,
            firstName: username.split('_')[0]!.replace(/^./, (c) => c.toUpperCase()),
            country: demo.country,
            city: demo.city,
            college: demo.collegeName,
            createdAt: new Date(createdAt.getTime() - DAY_MS),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: users.id, username: users.username });
      if (people.length === 0) continue;
      const byName = new Map(people.map((p) => [p.username, p.id]));
      const members = demo.members.map((u) => byName.get(u)).filter((id): id is string => id !== undefined);
      const [clan] = await tx
        .insert(clans)
        .values({
          name: demo.name,
          city: demo.city,
          country: demo.country,
          description: demo.description,
          collegeName: demo.collegeName,
          chiefId: members[0]!,
          joinPolicy: demo.joinPolicy,
          dashboardType: demo.dashboardType,
          memberCap: 50,
          memberCount: members.length,
          createdAt,
        })
        .returning({ id: clans.id });
      let score = 0;
      for (const [i, userId] of members.entries()) {
        const joinedAt = new Date(createdAt.getTime() + i * HOUR_MS);
        await tx
          .insert(clanMembers)
          .values({ userId, clanId: clan!.id, role: i === 0 ? 'Chief' : 'Member', joinedAt });
        await tx.insert(clanEvents).values({
          clanId: clan!.id,
          userId,
          kind: i === 0 ? 'creation' : 'join',
          at: joinedAt,
        });
        // Quests completed while in the clan, until the clan's score reaches its target.
        for (const [j, quest] of questRows.entries()) {
          const kpoints = Number(quest.rewardKpoints ?? 0n);
          if (score + kpoints > demo.targetScore) continue;
          const completedAt = new Date(joinedAt.getTime() + (j + 1) * HOUR_MS);
          if (completedAt > now) continue;
          await tx.insert(userQuests).values({ userId, questId: quest.id, startedAt: joinedAt, completedAt });
          const rewards = await grantQuestRewards(tx, userId, quest, completedAt);
          await tx
            .update(userQuests)
            .set({
              rewarded: {
                kpoints: rewards.kpoints?.toString() ?? null,
                kcash: rewards.kcash?.toString() ?? null,
                rkhel: rewards.rkhel?.toString() ?? null,
              },
            })
            .where(and(eq(userQuests.userId, userId), eq(userQuests.questId, quest.id)));
          const earned = Number(rewards.kpoints ?? 0n);
          score += earned;
          await tx
            .update(clanMembers)
            .set({ points: sql`${clanMembers.points} + ${earned}` })
            .where(eq(clanMembers.userId, userId));
        }
      }
      // The tier reached is the best one so far: a demo clan announces no tier-up.
      const tier = clanTierOf(score);
      await tx
        .update(clans)
        .set({ score, tier, bestTier: tier, scoreUpdatedAt: now })
        .where(eq(clans.id, clan!.id));
    }
    return { applied: true };
  });
}
