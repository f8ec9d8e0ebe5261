import { randomUUID } from 'node:crypto';
import { schema } from '@khel/db';
import type { ClanRow } from '@khel/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { TestContext } from '../../test-support.ts';
import { type SignedInUser, signedInUser } from '../profile/profile.test-support.ts';
import { newQuest, start, tasksOfQuest, validate } from '../quests/quests.test-support.ts';

/**
 * Clan rows for the progress tests (score, clan quests, dashboard, boards), written the way the membership
 * service writes them: the chief is a member with role Chief, member_count follows every join and leave.
 */
export async function newClan(
  ctx: TestContext,
  chiefId: string,
  fields: Partial<typeof schema.clans.$inferInsert> = {},
): Promise<ClanRow> {
  const [clan] = await ctx.deps.db
    .insert(schema.clans)
    .values({
      name: `Clan ${randomUUID().slice(0, 8)}`,
      city: 'Pune',
      country: 'IN',
      chiefId,
      memberCap: 50,
      memberCount: 1,
      createdAt: ctx.now(),
      ...fields,
    })
    .returning();
  await ctx.deps.db
    .insert(schema.clanMembers)
    .values({ userId: chiefId, clanId: clan!.id, role: 'Chief', joinedAt: ctx.now() });
  return clan!;
}

export async function addMember(ctx: TestContext, clanId: string, userId: string, joinedAt = ctx.now()) {
  await ctx.deps.db.transaction(async (tx) => {
    await tx.insert(schema.clanMembers).values({ userId, clanId, joinedAt });
    await tx
      .update(schema.clans)
      .set({ memberCount: sql`${schema.clans.memberCount} + 1` })
      .where(eq(schema.clans.id, clanId));
  });
}

export async function removeMember(ctx: TestContext, clanId: string, userId: string) {
  await ctx.deps.db.transaction(async (tx) => {
    await tx
      .delete(schema.clanMembers)
      .where(and(eq(schema.clanMembers.userId, userId), eq(schema.clanMembers.clanId, clanId)));
    await tx
      .update(schema.clans)
      .set({ memberCount: sql`${schema.clans.memberCount} - 1` })
      .where(eq(schema.clans.id, clanId));
  });
}

/** A chief with a fresh clan. */
export async function clanWithChief(
  ctx: TestContext,
  fields: Partial<typeof schema.clans.$inferInsert> = {},
) {
  const chief = await signedInUser(ctx, { username: `chief_${randomUUID().slice(0, 8)}` });
  const clan = await newClan(ctx, chief.user.id, fields);
  return { chief, clan };
}

/** A quest of one special-code task (code CLAN), live now, with the given K-Points. */
export async function codeQuest(ctx: TestContext, kpoints = 100, fields: Record<string, unknown> = {}) {
  const q = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'CLAN' } }], {
    rewards: { kpoints: String(kpoints) },
    ...fields,
  });
  const [task] = await tasksOfQuest(ctx, q.slug);
  return { ...q, taskId: task!.id };
}

/** Completes the quest through the quests routes (start, validate): its rewards are granted as for anyone. */
export async function completeQuest(
  ctx: TestContext,
  user: SignedInUser,
  quest: { id: string; taskId: string },
): Promise<void> {
  await start(ctx, user.auth, quest.id);
  const res = await validate(ctx, user.auth, quest.id, quest.taskId, 'CLAN');
  if (!res.body.data?.verified) throw new Error(`quest not completed: ${JSON.stringify(res.body)}`);
}

export const newGamer = (ctx: TestContext, prefix = 'g') =>
  signedInUser(ctx, { username: `${prefix}_${randomUUID().slice(0, 8)}` });
