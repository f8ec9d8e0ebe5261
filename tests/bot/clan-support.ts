import { createTestContext, type TestContext } from '@khel/api/test-support';
import {
  createKhelApi,
  type KhelApi,
  type NotifierHandle,
  type NotifierOptions,
  startNotifier,
} from '@khel/bot';
import type { Database } from '@khel/db';
import {
  botChats,
  clanEvents,
  clanGroupNews,
  clanJoinRequests,
  clanMembers,
  clans,
  clanTelegramGroups,
  identities,
  outbox,
  users,
} from '@khel/db/schema';
import type { FakeTelegram } from '@khel/tests/fake-telegram';
import { eq } from 'drizzle-orm';
import { DEFAULT_ADMIN_URL } from '../fixtures/postgres-global-setup.ts';
import { BOT_USERNAME, MINI_APP_URL, TOKEN } from './helpers.ts';

/**
 * The API in process on a PostgreSQL database of its own, with the bot tests' token, so the bot's actor
 * assertions (khel-api.ts) verify; the bot reaches it through `app.request`, as in all-in-one mode.
 */
export async function clanWorld(
  env: Record<string, string> = {},
): Promise<{ ctx: TestContext; db: Database; khelApi: KhelApi }> {
  const ctx = await createTestContext('postgres', process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL, {
    TELEGRAM_BOT_TOKEN: TOKEN,
    ...env,
  });
  const khelApi = createKhelApi({
    baseUrl: 'http://khel.test',
    botToken: TOKEN,
    fetch: (url, init) => ctx.app.request(url, init),
    clock: () => ctx.now(),
  });
  return { ctx, db: ctx.deps.db, khelApi };
}

export interface Player {
  id: string;
  /** Telegram user id = private chat id. */
  telegramId: number;
  username: string;
}

let nextTelegramId = 710_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

/** A Khel account linked to a Telegram account, who opened the bot (bot_chats) unless told otherwise. */
export async function player(
  db: Database,
  options: { languageCode?: string; openedBot?: boolean; name?: string } = {},
): Promise<Player> {
  const telegramId = nextTelegramId++;
  const username = `p${telegramId}`;
  const [row] = await db
    .insert(users)
    .values({
      telegramId: String(telegramId),
      username,
      firstName: options.name ?? `Player ${telegramId}`,
      languageCode: options.languageCode ?? 'en',
    })
    .returning({ id: users.id });
  const id = row!.id;
  await db.insert(identities).values({ userId: id, provider: 'telegram', subject: String(telegramId) });
  if (options.openedBot ?? true) await db.insert(botChats).values({ userId: id, chatId: telegramId });
  return { id, telegramId, username };
}

/** A clan led by `chief` with `members` in it and `requests` waiting, as the API's services write them (with its creation event). */
export async function clanOf(
  db: Database,
  chief: Player,
  options: { members?: Player[]; requests?: Player[]; name?: string; memberCap?: number } = {},
): Promise<{ id: string; name: string }> {
  const members = options.members ?? [];
  const name = options.name ?? `Crew ${Math.random().toString(36).slice(2, 8)}`;
  const [clan] = await db
    .insert(clans)
    .values({
      name,
      city: 'Pune',
      country: 'IN',
      chiefId: chief.id,
      joinPolicy: 'APPROVAL',
      memberCap: options.memberCap ?? 50,
      memberCount: 1 + members.length,
    })
    .returning({ id: clans.id });
  const clanId = clan!.id;
  await db
    .insert(clanMembers)
    .values([
      { userId: chief.id, clanId, role: 'Chief' as const },
      ...members.map((m) => ({ userId: m.id, clanId, role: 'Member' as const })),
    ]);
  if (options.requests?.length)
    await db.insert(clanJoinRequests).values(options.requests.map((r) => ({ clanId, userId: r.id })));
  await db.insert(clanEvents).values({ clanId, userId: chief.id, kind: 'creation' });
  return { id: clanId, name };
}

/** The chief hands the clan over to a member (as POST /platform-clans/me/handover leaves the tables, event included). */
export async function handOver(db: Database, clanId: string, from: Player, to: Player): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(clans).set({ chiefId: to.id }).where(eq(clans.id, clanId));
    await tx.update(clanMembers).set({ role: 'Member' }).where(eq(clanMembers.userId, from.id));
    await tx.update(clanMembers).set({ role: 'Chief' }).where(eq(clanMembers.userId, to.id));
    await tx.insert(clanEvents).values({ clanId, userId: to.id, actorId: from.id, kind: 'handover' });
  });
}

/** Every clan row the chief's console can change, to check a refused press changed nothing. */
export async function clanSnapshot(db: Database) {
  const sort = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
  return {
    clans: sort(await db.select().from(clans)),
    members: sort(await db.select().from(clanMembers)),
    requests: sort(await db.select().from(clanJoinRequests)),
    groups: sort(await db.select().from(clanTelegramGroups)),
    news: sort(await db.select().from(clanGroupNews)),
    outbox: sort(await db.select().from(outbox)),
  };
}

export const memberIds = async (db: Database, clanId: string) =>
  (await db.select({ userId: clanMembers.userId }).from(clanMembers).where(eq(clanMembers.clanId, clanId)))
    .map((r) => r.userId)
    .sort();

/** A notifier against the fake with the given options (fast polls), stopped by `stopAll`. */
export function notifierFor(
  db: Database,
  fake: FakeTelegram,
  running: NotifierHandle[],
  options: Partial<NotifierOptions> = {},
): NotifierHandle {
  const handle = startNotifier({
    db,
    token: TOKEN,
    apiRoot: fake.apiRoot,
    botUsername: BOT_USERNAME,
    miniAppUrl: MINI_APP_URL,
    logger: { info() {}, warn() {}, error() {} },
    pollIntervalMs: 10,
    leaseMs: 5_000,
    ...options,
  });
  running.push(handle);
  return handle;
}

/** Polls `check` every 20 ms until it returns a truthy value (no fixed sleeps racing timers). */
export async function waitUntil<T>(
  check: () => Promise<T | false | null | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
