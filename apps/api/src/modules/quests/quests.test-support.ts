import { randomUUID } from 'node:crypto';
import type { QuestInput } from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../../test-support.ts';
import { balancesOf } from '../store/store.test-support.ts';
import { importQuest, seedDemoQuests } from './catalogue.ts';

export const HOUR = 3_600_000;

/** A published quest of the given tasks, live from an hour ago for a week unless told otherwise. */
export async function newQuest(
  ctx: TestContext,
  tasks:
    | QuestInput['tasks']
    | { title: string; config: Record<string, unknown>; locked?: boolean; proof?: string | null }[],
  fields: Partial<Record<keyof QuestInput, unknown>> = {},
): Promise<{ id: string; slug: string }> {
  const now = ctx.now();
  const slug = `test-${randomUUID().slice(0, 8)}`;
  const { id } = await ctx.deps.db.transaction((tx) =>
    importQuest(
      tx,
      {
        slug,
        title: `Quest ${slug}`,
        description: 'A quest made by a test.',
        startsAt: new Date(now.getTime() - HOUR).toISOString(),
        endsAt: new Date(now.getTime() + 7 * 24 * HOUR).toISOString(),
        rewards: { kpoints: '100', kcash: '5000' },
        tasks,
        ...fields,
      },
      { operatorId: null, name: 'test' },
      { publish: true, now },
    ),
  );
  return { id, slug };
}

export const seedQuests = (ctx: TestContext) => seedDemoQuests(ctx.deps.db, ctx.now());

/** POST /userquest/start. */
export const start = (ctx: TestContext, auth: Record<string, string>, questId: string) =>
  ctx.json('/userquest/start', { body: { questId }, headers: auth });

/** POST /userquest/task/validate. */
export const validate = (
  ctx: TestContext,
  auth: Record<string, string>,
  questId: string,
  taskId: string,
  value?: string,
) =>
  ctx.json('/userquest/task/validate', {
    body: { questId, taskId, ...(value === undefined ? {} : { value }) },
    headers: auth,
  });

/** The quest's tasks as everyone sees them. */
export async function tasksOfQuest(ctx: TestContext, slug: string) {
  const res = await ctx.json(`/quest/by-slug/${slug}`);
  return res.body.data.tasks as { id: string; type: string; locked: boolean; input: string }[];
}

/**
 * Validates a task `times` times at once (`check` makes one request) and expects one completion: every
 * answer verified, the quest's 100 K-Points once and one K-Cash earning (newQuest's default rewards).
 */
export async function expectOneRewardWhenValidatedAtOnce(
  ctx: TestContext,
  userId: string,
  check: () => ReturnType<typeof validate>,
  times = 4,
): Promise<void> {
  const answers = await Promise.all(Array.from({ length: times }, check));
  expect(answers.every((a) => a.status === 200 && a.body.data.verified)).toBe(true);
  expect((await balancesOf(ctx, userId)).user_kpoints).toBe(100n);
  const earnings = await ctx.deps.db.select().from(schema.earnings).where(eq(schema.earnings.userId, userId));
  expect(earnings).toHaveLength(1);
}
