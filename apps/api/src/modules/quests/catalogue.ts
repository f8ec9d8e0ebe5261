import { type hubInputSchema, type QuestInput, questInputSchema } from '@khel/core/contract';
import type { Database, Transaction } from '@khel/db';
import {
  DEMO_GAMES,
  DEMO_HUBS,
  DEMO_QUESTS,
  DEMO_RECURRING_QUESTS,
  type DemoQuest,
  demoTranslations,
} from '@khel/db';
import { games, questHubs, quests, questTasks, seedRuns, userQuests } from '@khel/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, logOperatorAction } from '../../lib/audit.ts';
import { AppError } from '../../lib/http.ts';
import { announceToFollowers } from './hub-follows.ts';
import { hubView } from './quests.ts';
import { specialCodeHash } from './validators/special-code.ts';

/**
 * Writing the catalogue: quests (with their tasks), games and hubs, as operators do through the
 * operator API and CLI and as the demo seed does. Every write is checked against the contract's
 * schemas and logged in operator_actions with who did it.
 */

export const QUEST_STARTED_CANNOT_CHANGE_MESSAGE =
  'People have started this quest: its tasks and slots can no longer change.';
export const UNKNOWN_HUB_MESSAGE = 'No partner hub has that slug.';
export const UNKNOWN_GAME_MESSAGE = 'No game has that slug.';

/**
 * The quest_tasks rows of a quest's (or a campaign's) tasks, in order: a special code is kept only as
 * its hash, never in `config`. `points` is a campaign task's (0 for a quest's).
 */
export function questTaskRows(
  questId: string,
  tasks: readonly (QuestInput['tasks'][number] & { points?: number })[],
): (typeof questTasks.$inferInsert)[] {
  return tasks.map((task, position) => {
    const { type, ...settings } = task.config;
    const secret = type === 'special_code' ? (settings as { code: string }).code : null;
    const { code: _code, ...config } = settings as Record<string, unknown>;
    return {
      questId,
      position,
      type,
      title: task.title,
      description: task.description,
      locked: task.locked,
      proof: task.proof,
      translations: task.translations,
      points: task.points ?? 0,
      config,
      secretHash: secret ? specialCodeHash(secret) : null,
    };
  });
}

/** Checks that the hub and the game named exist (400 otherwise); returns the game's id. */
export async function checkHubAndGame(
  tx: Transaction,
  input: { hubSlug: string | null; gameSlug: string | null },
): Promise<string | null> {
  if (input.hubSlug) {
    const [hub] = await tx
      .select({ slug: questHubs.slug })
      .from(questHubs)
      .where(eq(questHubs.slug, input.hubSlug));
    if (!hub) throw new AppError(400, UNKNOWN_HUB_MESSAGE);
  }
  if (!input.gameSlug) return null;
  const [game] = await tx.select({ id: games.id }).from(games).where(eq(games.slug, input.gameSlug));
  if (!game) throw new AppError(400, UNKNOWN_GAME_MESSAGE);
  return game.id;
}

/** Creates or replaces a quest by slug (a draft unless `publish`). Returns its id. */
export async function importQuest(
  tx: Transaction,
  raw: unknown,
  actor: Actor,
  options: { publish: boolean; now: Date },
): Promise<{ id: string; created: boolean }> {
  const parsed = questInputSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(400, `${issue?.path.join('.') || 'quest'}: ${issue?.message ?? 'invalid'}`, {
      issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  const input: QuestInput = parsed.data;
  const gameId = await checkHubAndGame(tx, input);
  const values = {
    slug: input.slug,
    title: input.title,
    description: input.description,
    coverUrl: input.coverUrl,
    hubSlug: input.hubSlug,
    gameId,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    totalSlots: input.totalSlots,
    remainingSlots: input.totalSlots,
    featured: input.featured,
    recurrence: input.recurrence,
    rewardKpoints: input.rewards.kpoints ? BigInt(input.rewards.kpoints) : null,
    rewardKcash: input.rewards.kcash ? BigInt(input.rewards.kcash) : null,
    rewardRkhel: input.rewards.rkhel ? BigInt(input.rewards.rkhel) : null,
    createdBy: actor.name,
    translations: input.translations,
    updatedAt: options.now,
    ...(options.publish ? { publishedAt: options.now } : {}),
  };
  const [existing] = await tx.select().from(quests).where(eq(quests.slug, input.slug)).for('update');
  let id: string;
  if (existing) {
    const [started] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(userQuests)
      .where(eq(userQuests.questId, existing.id));
    if ((started?.n ?? 0) > 0) throw new AppError(409, QUEST_STARTED_CANNOT_CHANGE_MESSAGE);
    await tx.update(quests).set(values).where(eq(quests.id, existing.id));
    await tx.delete(questTasks).where(eq(questTasks.questId, existing.id));
    id = existing.id;
  } else {
    const [row] = await tx.insert(quests).values(values).returning({ id: quests.id });
    id = row!.id;
  }
  await tx.insert(questTasks).values(questTaskRows(id, input.tasks));
  await logOperatorAction(tx, actor, existing ? 'quest.replace' : 'quest.create', input.slug, {
    publish: options.publish,
  });
  // Followers of the hub hear of a quest when it is first published.
  if (options.publish && !existing?.publishedAt)
    await announceToFollowers(tx, { id, slug: input.slug, title: input.title, hubSlug: input.hubSlug });
  return { id, created: !existing };
}

/** Publishes a draft quest: it appears in lists from then on. */
export async function publishQuest(tx: Transaction, slug: string, actor: Actor, now: Date) {
  const [quest] = await tx.select().from(quests).where(eq(quests.slug, slug)).for('update');
  if (!quest) throw new AppError(404, 'No quest has that slug.');
  if (!quest.publishedAt) {
    await tx.update(quests).set({ publishedAt: now, updatedAt: now }).where(eq(quests.id, quest.id));
    await announceToFollowers(tx, quest);
  }
  await logOperatorAction(tx, actor, 'quest.publish', slug);
  return { id: quest.id };
}

const DAY_MS = 86_400_000;
export const QUESTS_DEMO_SEED = 'quests-demo-v1';
export const QUESTS_RECURRING_DEMO_SEED = 'quests-recurring-demo-v1';
const SEED_NAME = QUESTS_DEMO_SEED;

/** Seeds the demo hubs, games and quests once (a seed_runs marker; concurrent starts seed once). */
export async function seedDemoQuests(db: Database, now: Date): Promise<{ applied: boolean }> {
  const first = await db.transaction(async (tx) => {
    const marked = await tx.insert(seedRuns).values({ name: SEED_NAME }).onConflictDoNothing().returning();
    if (marked.length === 0) return false;
    await tx
      .insert(questHubs)
      .values(DEMO_HUBS.map((h) => ({ ...h, translations: demoTranslations({ tagline: h.tagline }) })))
      .onConflictDoNothing();
    await tx
      .insert(games)
      .values(
        DEMO_GAMES.map((g, i) => ({
          ...g,
          coverUrl: `/art/games/${g.slug}.svg`,
          sortOrder: (i + 1) * 10,
          translations: demoTranslations({ description: g.description }),
        })),
      )
      .onConflictDoNothing({ target: games.slug });
    await importDemoQuests(tx, DEMO_QUESTS, now);
    return true;
  });
  // The recurring ones (issue 26) under their own marker: a database seeded before them gets them too.
  const recurring = await db.transaction(async (tx) => {
    const marked = await tx
      .insert(seedRuns)
      .values({ name: QUESTS_RECURRING_DEMO_SEED })
      .onConflictDoNothing()
      .returning();
    if (marked.length === 0) return false;
    await importDemoQuests(tx, DEMO_RECURRING_QUESTS, now);
    return true;
  });
  return { applied: first || recurring };
}

async function importDemoQuests(tx: Transaction, list: DemoQuest[], now: Date) {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const actor = { operatorId: null, name: 'seed' };
  for (const q of list) {
    const { startDay, endDay, tasks, recurrence, ...rest } = q;
    const [exists] = await tx.select({ id: quests.id }).from(quests).where(eq(quests.slug, q.slug));
    if (exists) continue;
    await importQuest(
      tx,
      {
        ...rest,
        recurrence: recurrence ?? null,
        translations: demoTranslations({ title: q.title, description: q.description }),
        tasks: tasks.map((t) => ({
          ...t,
          translations: demoTranslations({
            title: t.title,
            description: t.description,
            hint: (t.config as { hint?: string }).hint,
          }),
        })),
        startsAt: new Date(day + startDay * DAY_MS).toISOString(),
        endsAt: new Date(day + endDay * DAY_MS).toISOString(),
      },
      actor,
      { publish: true, now },
    );
  }
}

/** Creates or updates a partner hub by slug. */
export async function upsertHub(tx: Transaction, input: z.output<typeof hubInputSchema>, actor: Actor) {
  const [row] = await tx
    .insert(questHubs)
    .values(input)
    .onConflictDoUpdate({ target: questHubs.slug, set: { ...input } })
    .returning();
  await logOperatorAction(tx, actor, 'hub.upsert', input.slug);
  return hubView(row!);
}
