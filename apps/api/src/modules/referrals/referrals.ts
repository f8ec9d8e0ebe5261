import { randomInt } from 'node:crypto';
import {
  FRIENDS_PAGE_SIZE,
  type Friends,
  REFERRAL_ALREADY_MESSAGE,
  REFERRAL_APPLY_WINDOW_HOURS,
  REFERRAL_CODE_UNKNOWN_MESSAGE,
  REFERRAL_CYCLE_MESSAGE,
  REFERRAL_SELF_MESSAGE,
  REFERRAL_TOO_LATE_MESSAGE,
  type Referral,
} from '@khel/core/contract';
import { miniAppLink } from '@khel/core/domain';
import { publicName } from '@khel/core/format';
import type { Executor, Transaction } from '@khel/db';
import { users } from '@khel/db/schema';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { queryRows } from '../../lib/query-rows.ts';
import { awardXpLater, xpFromSource, xpTotalsOf } from '../progression/index.ts';

/** Code letters: no 0/O or 1/I, so a code read out loud is typed right. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () =>
  Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** The user's referral code, or null when they never made one. */
export async function referralCodeOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
  return row?.code ?? null;
}

/** How many accounts (not deleted) signed up with the user's code. */
export async function invitedCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.referredBy, userId), isNull(users.deletedAt)));
  return Number(row?.n ?? 0);
}

/** Makes the user's code once; every later call (or a concurrent one) answers the same code. */
export async function ensureReferralCode(db: Executor, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await referralCodeOf(db, userId);
    if (existing) return existing;
    try {
      const [made] = await db
        .update(users)
        .set({ referralCode: newCode() })
        .where(and(eq(users.id, userId), isNull(users.referralCode)))
        .returning({ code: users.referralCode });
      if (made?.code) return made.code;
    } catch (err) {
      // Another account drew the same code (1 in 10^12): draw again.
      if (!String((err as { code?: string }).code ?? err).includes('23505')) throw err;
    }
  }
  throw new Error('referrals: could not make a referral code');
}

/**
 * The invite links of a code: the website's `/?ref=<code>` and, when the bot is known, the Mini App's
 * `startapp=ref_<code>`; an invite to one screen (`to`) opens that page and start parameter instead.
 */
export function inviteLinks(
  deps: AppDeps,
  code: string,
  to?: { path: string; startParam: string },
): NonNullable<Referral['links']> {
  const website = new URL(to?.path ?? '/', publicOrigin(deps.env));
  website.searchParams.set('ref', code);
  const bot = deps.env.TELEGRAM_BOT_USERNAME;
  const app = deps.env.TELEGRAM_MINIAPP_SHORT_NAME;
  return {
    website: website.toString(),
    miniApp: bot && app ? miniAppLink(bot, app, to?.startParam ?? `ref_${code}`) : null,
  };
}

/**
 * The people who joined with the user's code, newest first, a page at a time (keyset on the index of
 * (referred_by, referred_at, id): a page costs the same however many joined), each with the name boards
 * show (`publicName`: username, first name, else their handle) and their level; with how many joined and the XP they gave the user.
 */
export async function friendsOf(deps: AppDeps, userId: string, after?: string): Promise<Friends> {
  const db = deps.db;
  const older = after
    ? sql`and (${users.referredAt}, ${users.id}) < (select referred_at, id from ${users} where id = ${after}::uuid and referred_by = ${userId}::uuid)`
    : sql``;
  const rows = await queryRows<{
    id: string;
    username: string | null;
    first_name: string | null;
    referred_at: string | Date;
  }>(
    db,
    sql`select id, username, first_name, referred_at from ${users}
      where referred_by = ${userId}::uuid and deleted_at is null ${older}
      order by referred_at desc, id desc limit ${FRIENDS_PAGE_SIZE + 1}`,
  );
  const page = rows.slice(0, FRIENDS_PAGE_SIZE);
  const totals = await xpTotalsOf(
    db,
    page.map((r) => r.id),
  );
  return {
    invited: await invitedCount(db, userId),
    xpEarned: await xpFromSource(db, userId, 'friend_joined'),
    friends: page.map((r) => {
      const total = totals.get(r.id) ?? { xp: 0, level: 1 };
      return {
        id: r.id,
        name: publicName({ id: r.id, username: r.username, firstName: r.first_name }),
        level: total.level,
        xp: total.xp,
        joinedAt: new Date(r.referred_at).toISOString(),
      };
    }),
    nextCursor: rows.length > FRIENDS_PAGE_SIZE ? page[page.length - 1]!.id : null,
  };
}

export async function referralView(deps: AppDeps, userId: string): Promise<Referral> {
  const code = await referralCodeOf(deps.db, userId);
  return {
    code,
    links: code ? inviteLinks(deps, code) : null,
    invited: await invitedCount(deps.db, userId),
  };
}

/** PostgreSQL's code for a transaction it ended to break a deadlock (drizzle wraps the driver's error in `cause`). */
const DEADLOCK = '40P01';
const isDeadlock = (err: unknown): boolean => {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    if ((e as { code?: unknown }).code === DEADLOCK) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Walks up the chain of inviters from `from` and answers the top of it (an account nobody invited),
 * refusing when the walk reaches `userId` (they invited `from`, directly or down the line). With `lock`,
 * every row read is held FOR SHARE until the transaction ends, so no one can attach an inviter to it
 * meanwhile; an attach in flight on a row makes the walk wait for it and read the row as it committed.
 */
async function topOfChain(tx: Executor, from: string, userId: string, lock: boolean): Promise<string> {
  let cursor = from;
  for (let depth = 0; depth < 10_000; depth++) {
    const read = tx.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, cursor));
    const [up] = await (lock ? read.for('share') : read);
    const next = up?.referredBy ?? null;
    if (!next) return cursor;
    if (next === userId) throw new AppError(400, REFERRAL_CYCLE_MESSAGE);
    cursor = next;
  }
  return cursor;
}

/**
 * Attaches an invite's code to the signed-in account: once, within REFERRAL_APPLY_WINDOW_HOURS of sign-up,
 * never one's own code nor the code of someone one invited (directly or down the line: no cycles).
 *
 * No lock is shared by every apply. A cycle made by applies at the same moment needs each one's walk
 * up from its inviter to end at an account another of them is attaching (an account is attached once,
 * so the walk saw it with nobody above). So an apply holds its own row (FOR NO KEY UPDATE) and the top
 * of its inviter's chain, and any row found above it since, (FOR SHARE) until it commits: a walk that
 * reaches an account being attached waits and then reads its new inviter. The own row and the top of the chain are locked in id order, so
 * two people applying each other's codes queue instead of deadlocking; a deadlock left (longer chains
 * growing at once) ends one transaction, which runs again and sees the other's commit. Applies on
 * unrelated chains, or many new accounts applying one inviter's code, share only FOR SHARE locks and run
 * side by side.
 */
export async function applyReferralCode(deps: AppDeps, userId: string, code: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction((tx) => applyReferralCodeIn(tx, deps.clock(), userId, code));
    } catch (err) {
      if (attempt >= 5 || !isDeadlock(err)) throw err;
    }
  }
}

/** The apply inside a transaction the caller commits (the race test holds one open with it). */
export async function applyReferralCodeIn(
  tx: Transaction,
  now: Date,
  userId: string,
  code: string,
): Promise<void> {
  const mine = () =>
    tx
      .select({ id: users.id, referredBy: users.referredBy, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, userId));
  const [seen] = await mine();
  if (!seen) throw new AppError(404, REFERRAL_CODE_UNKNOWN_MESSAGE);
  if (seen.referredBy) throw new AppError(409, REFERRAL_ALREADY_MESSAGE);
  if (now.getTime() - seen.createdAt.getTime() > REFERRAL_APPLY_WINDOW_HOURS * 3_600_000)
    throw new AppError(409, REFERRAL_TOO_LATE_MESSAGE);
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referralCode, code), isNull(users.deletedAt)));
  if (!owner) throw new AppError(404, REFERRAL_CODE_UNKNOWN_MESSAGE);
  if (owner.id === userId) throw new AppError(400, REFERRAL_SELF_MESSAGE);
  // A first walk without locks finds the top of the chain (and refuses a cycle already committed).
  const top = await topOfChain(tx, owner.id, userId, false);
  const lockTop = () => tx.select({ id: users.id }).from(users).where(eq(users.id, top)).for('share');
  const lockMine = async () => (await mine().for('no key update'))[0];
  let me: typeof seen | undefined;
  if (userId < top) {
    me = await lockMine();
    await lockTop();
  } else {
    await lockTop();
    me = await lockMine();
  }
  if (!me) throw new AppError(404, REFERRAL_CODE_UNKNOWN_MESSAGE);
  if (me.referredBy) throw new AppError(409, REFERRAL_ALREADY_MESSAGE);
  // Under the locks: the chain may have grown above its top since the first walk.
  await topOfChain(tx, top, userId, true);
  await tx.update(users).set({ referredBy: owner.id, referredAt: now }).where(eq(users.id, userId));
  // The inviter's XP for a friend who joined (once per friend), taken by a job: many friends may join at once.
  await awardXpLater(tx, { userId: owner.id, source: 'friend_joined', key: `friend:${userId}`, at: now });
}
