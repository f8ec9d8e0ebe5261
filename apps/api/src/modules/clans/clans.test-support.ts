import { randomInt, randomUUID } from 'node:crypto';
import { botActorAuthorization } from '@khel/core/bot-actor';
import { schema } from '@khel/db';
import type { ClanRow } from '@khel/db/schema';
import { eq } from 'drizzle-orm';
import { TEST_BOT_TOKEN, type TestContext } from '../../test-support.ts';
import { completeSignIn } from '../auth/sign-in.ts';
import { type SignedInUser, signedInUser } from '../profile/profile.test-support.ts';

export const DAY = 86_400_000;

/** A signed-in gamer with a Telegram account (so the bot can act for them) and a username. */
export async function gamer(
  ctx: TestContext,
  fields: Partial<typeof schema.users.$inferInsert> = {},
): Promise<SignedInUser & { telegramId: number }> {
  const telegramId = randomInt(100_000_000, 2_000_000_000);
  const user = await signedInUser(ctx, {
    telegramId: String(telegramId),
    username: `g${randomUUID().replace(/-/g, '').slice(0, 10)}`,
    ...fields,
  });
  return { ...user, telegramId };
}

/** A clan led by `chief`, written as the service writes one (the chief is its first member). */
export async function clanOf(
  ctx: TestContext,
  chiefId: string,
  fields: Partial<typeof schema.clans.$inferInsert> = {},
): Promise<ClanRow> {
  const [clan] = await ctx.deps.db
    .insert(schema.clans)
    .values({
      name: `Crew ${randomUUID().slice(0, 8)}`,
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
  // As createClan writes it: who created the clan (a former chief is told so by chiefRefusal).
  await ctx.deps.db
    .insert(schema.clanEvents)
    .values({ clanId: clan!.id, userId: chiefId, kind: 'creation', at: clan!.createdAt });
  return clan!;
}

/** The bot's `Authorization` for a Telegram user, signed with the tests' bot token at the API's clock. */
export const botAuth = async (ctx: TestContext, telegramId: number) => ({
  authorization: await botActorAuthorization(TEST_BOT_TOKEN, telegramId, ctx.now()),
});

export async function clanRow(ctx: TestContext, clanId: string): Promise<ClanRow> {
  const [row] = await ctx.deps.db.select().from(schema.clans).where(eq(schema.clans.id, clanId));
  return row!;
}

export const membersOfClan = (ctx: TestContext, clanId: string) =>
  ctx.deps.db.select().from(schema.clanMembers).where(eq(schema.clanMembers.clanId, clanId));

export const outboxOf = (ctx: TestContext, userId: string) =>
  ctx.deps.db.select().from(schema.outbox).where(eq(schema.outbox.userId, userId));

export const eventsOf = (ctx: TestContext, clanId: string) =>
  ctx.deps.db.select().from(schema.clanEvents).where(eq(schema.clanEvents.clanId, clanId));

/** Every row of every clan table, to check that a refused request changed nothing. */
export async function clanTablesSnapshot(ctx: TestContext) {
  const db = ctx.deps.db;
  const sort = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
  return {
    clans: sort(await db.select().from(schema.clans)),
    members: sort(await db.select().from(schema.clanMembers)),
    requests: sort(await db.select().from(schema.clanJoinRequests)),
    events: sort(await db.select().from(schema.clanEvents)),
    groups: sort(await db.select().from(schema.clanTelegramGroups)),
    news: sort(await db.select().from(schema.clanGroupNews)),
    registrations: sort(await db.select().from(schema.clanChiefRegistrations)),
    images: (await db.select({ id: schema.clanImages.id }).from(schema.clanImages)).map((r) => r.id).sort(),
    outbox: sort(await db.select().from(schema.outbox)),
  };
}

/** A fresh access token at the API's clock (after `ctx.advance` by days, the old one has expired). */
export async function authNow(ctx: TestContext, u: SignedInUser): Promise<{ authorization: string }> {
  const issued = await completeSignIn(ctx.deps, u.user, false, 'website');
  u.auth = { authorization: `Bearer ${issued.accessToken}` };
  return u.auth;
}
