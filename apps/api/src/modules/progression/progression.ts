import {
  money,
  type Progression,
  type ProgressionRules,
  XP_LEVELS_LISTED,
  XP_RULES,
  XP_SOURCES,
  type XpSource,
} from '@khel/core/contract';
import { levelForXp, levelRewardKPoints, xpForLevel } from '@khel/core/domain';
import type { Executor, Transaction } from '@khel/db';
import { userXp, xpAwards } from '@khel/db/schema';
import { inArray, sql } from 'drizzle-orm';
import type { JobHandler } from '../../lib/context.ts';
import { enqueueJobs } from '../../lib/jobs.ts';
import { queryRows } from '../../lib/query-rows.ts';
import { sideBySide } from '../../lib/side-by-side.ts';
import { systemAccount, transferMany, userAccount } from '../ledger/index.ts';
import { enqueueNotification } from '../notifications/index.ts';

/** What an award did: the XP it added (0 when the thing was already counted), the total and the level. */
export interface XpAwarded {
  gained: number;
  xp: number;
  level: number;
  /** The levels reached by this award (each paid its K-Points once), lowest first. */
  levelsReached: number[];
}

/**
 * Gives the user the XP of `source` for the thing named by `key` (`task:<id>`, `daily:<day>`, …), in
 * the caller's transaction, once: a second award with the same key adds nothing. The award and the
 * total are one statement, whose only lock is the user's own `user_xp` row (no row every gamer shares),
 * so it adds one round trip to the path it joins. When the total crosses a level, the level is written
 * and each level reached pays its K-Points, treasury → user, key `level:<user>:<level>` (the ledger's
 * own idempotency backs the row's).
 */
export async function awardXp(
  tx: Transaction,
  award: { userId: string; source: XpSource; key: string; at: Date },
): Promise<XpAwarded> {
  return awardXpAll(tx, award.userId, [award]);
}

/**
 * awardXp for several things one user earned in one request (a task and the quest it completed), in
 * one statement: each counted once by its key, the total moved once, at most one level write, one
 * level-up transfer and one push for them all.
 */
export async function awardXpAll(
  tx: Transaction,
  userId: string,
  awards: readonly { source: XpSource; key: string; at: Date }[],
): Promise<XpAwarded> {
  return (await awardXpAllAnd(tx, userId, awards, async () => undefined)).awarded;
}

/**
 * awardXpAll, and `alongside` (the caller's other writes in the transaction) started right after the
 * award's statement, in the same round trip (lib/side-by-side.ts: `alongside` opens no savepoint); a
 * level reached is written and paid once both have ended. Gives both results.
 */
export async function awardXpAllAnd<T>(
  tx: Transaction,
  userId: string,
  awards: readonly { source: XpSource; key: string; at: Date }[],
  alongside: () => Promise<T>,
): Promise<{ awarded: XpAwarded; alongside: T }> {
  const [awarded, other] = await sideBySide([awardedRow(tx, userId, awards), alongside()] as const);
  return { awarded: await payLevelsReached(tx, userId, awarded), alongside: other };
}

/** The award and the total in one statement: the row of the new total, or none when nothing was new. */
async function awardedRow(
  tx: Transaction,
  userId: string,
  awards: readonly { source: XpSource; key: string; at: Date }[],
): Promise<{ xp: string | number; level: number; gained: number } | undefined> {
  if (awards.length === 0) return undefined;
  const at = awards[awards.length - 1]!.at.toISOString();
  const rows = sql.join(
    awards.map(
      (a) =>
        sql`(${userId}::uuid, ${a.source}, ${a.key}, ${XP_RULES[a.source]}::int, ${a.at.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const [row] = await queryRows<{ xp: string | number; level: number; gained: number }>(
    tx,
    sql`
      with awarded as (
        insert into ${xpAwards} (user_id, source, source_key, xp, created_at)
        values ${rows}
        on conflict (user_id, source_key) do nothing
        returning xp
      ), total as (
        insert into ${userXp} (user_id, xp, level, updated_at)
        select ${userId}::uuid, sum(xp), 1, ${at}::timestamptz from awarded having count(*) > 0
        on conflict (user_id) do update set xp = ${userXp.xp} + excluded.xp, updated_at = excluded.updated_at
        returning xp, level
      )
      select xp, level, (select sum(xp) from awarded)::int as gained from total`,
  );
  return row;
}

/** After an award: the level written, and each level reached paid its K-Points, with one push. */
async function payLevelsReached(
  tx: Transaction,
  userId: string,
  row: { xp: string | number; level: number; gained: number } | undefined,
): Promise<XpAwarded> {
  if (!row) return { gained: 0, ...(await currentTotal(tx, userId)), levelsReached: [] };
  const total = Number(row.xp);
  const paid = Number(row.level);
  const reached = levelForXp(total);
  if (reached <= paid) return { gained: Number(row.gained), xp: total, level: paid, levelsReached: [] };
  const levelsReached = Array.from({ length: reached - paid }, (_, i) => paid + 1 + i);
  // The row is this transaction's (written just above), so no other award moves the level meanwhile. The
  // level, the K-Points and the push are independent writes: started together, they go out in one round
  // trip (the ledger's own look-ups follow), in this order.
  const levelWritten = Promise.resolve(
    tx.execute(sql`update ${userXp} set level = ${reached}::int where user_id = ${userId}::uuid`),
  );
  // One push for the highest level reached (the bot's settings, language and quiet hours apply).
  const pushed = enqueueNotification(tx, {
    kind: 'level_reached',
    userId,
    dedupeKey: `level:${userId}:${reached}`,
    payload: {
      level: reached,
      kpoints: String(levelsReached.reduce((sum, level) => sum + levelRewardKPoints(level), 0)),
    },
  });
  const paidOut = transferMany(
    tx,
    levelsReached.map((level) => ({
      idempotencyKey: `level:${userId}:${level}`,
      debit: systemAccount('treasury'),
      credit: userAccount(userId, 'user_kpoints'),
      amount: BigInt(levelRewardKPoints(level)),
      currency: 'KPOINTS' as const,
      kind: 'reward' as const,
      metadata: { levelReward: true, level: String(level) },
    })),
  );
  await Promise.all([levelWritten, pushed, paidOut]);
  return { gained: Number(row.gained), xp: total, level: reached, levelsReached };
}

/** The job that gives XP to someone other than the user whose request earned it (awardXpLater). */
export const XP_AWARD_JOB = 'progression.award';

/**
 * awardXp for another user's row, after the caller's transaction commits: a job written in it (so the
 * XP is as durable as what earned it), run by a worker in a transaction of its own. A request must not
 * hold a row many requests touch: when a hundred friends join through one invite at once, each request
 * writes its own job row, and only the jobs, one short transaction each, take the inviter's total.
 */
export async function awardXpLater(
  tx: Transaction,
  award: { userId: string; source: XpSource; key: string; at: Date },
): Promise<void> {
  await awardXpLaterMany(tx, [award]);
}

/** awardXpLater for many users at once (a tournament's players, a clan's members): one statement. */
export async function awardXpLaterMany(
  tx: Transaction,
  awards: { userId: string; source: XpSource; key: string; at: Date }[],
): Promise<void> {
  await enqueueJobs(
    tx,
    awards.map((award) => ({
      kind: XP_AWARD_JOB,
      payload: { userId: award.userId, source: award.source, key: award.key, at: award.at.toISOString() },
      runAt: award.at,
      dedupeKey: `xp:${award.userId}:${award.key}`,
    })),
  );
}

export const progressionJobHandlers: Record<string, JobHandler> = {
  [XP_AWARD_JOB]: async (deps, job) => {
    const p = job.payload as { userId: string; source: XpSource; key: string; at: string };
    if (!XP_SOURCES.includes(p.source)) return;
    await deps.db.transaction((tx) =>
      awardXp(tx, { userId: p.userId, source: p.source, key: p.key, at: new Date(p.at) }),
    );
  },
};

async function currentTotal(db: Executor, userId: string): Promise<{ xp: number; level: number }> {
  const [row] = await queryRows<{ xp: string | number; level: number }>(
    db,
    sql`select xp, level from ${userXp} where user_id = ${userId}::uuid`,
  );
  return row ? { xp: Number(row.xp), level: Number(row.level) } : { xp: 0, level: 1 };
}

/** The XP totals and levels of some users (a page of friends): missing users have 0 XP, level 1. */
export async function xpTotalsOf(db: Executor, userIds: readonly string[]) {
  const totals = new Map<string, { xp: number; level: number }>();
  if (userIds.length === 0) return totals;
  const rows = await db
    .select({ userId: userXp.userId, xp: userXp.xp })
    .from(userXp)
    .where(inArray(userXp.userId, [...userIds]));
  for (const row of rows) totals.set(row.userId, { xp: row.xp, level: levelForXp(row.xp) });
  return totals;
}

/** The XP a user earned from one source, all told (a range of the user's own awards). */
export async function xpFromSource(db: Executor, userId: string, source: XpSource): Promise<number> {
  const [row] = await queryRows<{ xp: string | number | null }>(
    db,
    sql`select sum(xp) as xp from ${xpAwards} where user_id = ${userId}::uuid and source = ${source}`,
  );
  return Number(row?.xp ?? 0);
}

/** The rules as the screens show them: each source's XP, and the first levels with their rewards. */
export function progressionRules(): ProgressionRules {
  return {
    rules: XP_SOURCES.map((source) => ({ source, xp: XP_RULES[source] })),
    levels: Array.from({ length: XP_LEVELS_LISTED }, (_, i) => {
      const level = i + 2;
      return { level, xp: xpForLevel(level), reward: money(BigInt(levelRewardKPoints(level)), 'KPOINTS') };
    }),
  };
}

/** The user's XP, level and the newest awards, in one read (an index range on the user's awards). */
export async function getProgression(db: Executor, userId: string): Promise<Progression> {
  const [row] = await queryRows<{ xp: string | number | null; recent: unknown }>(
    db,
    sql`
      select (select xp from ${userXp} where user_id = ${userId}::uuid) as xp,
        coalesce((select json_agg(json_build_object('source', a.source, 'xp', a.xp, 'at', a.created_at) order by a.id desc)
          from (select source, xp, created_at, id from ${xpAwards} where user_id = ${userId}::uuid
            order by id desc limit 10) a), '[]'::json) as recent`,
  );
  const xp = Number(row?.xp ?? 0);
  // The level follows from the XP (the stored one is what was paid, equal once the award commits).
  const level = levelForXp(xp);
  const recent = (typeof row?.recent === 'string' ? JSON.parse(row.recent) : (row?.recent ?? [])) as {
    source: XpSource;
    xp: number;
    at: string;
  }[];
  return {
    xp,
    level,
    levelStartXp: xpForLevel(level),
    nextLevelXp: xpForLevel(level + 1),
    nextLevelReward: money(BigInt(levelRewardKPoints(level + 1)), 'KPOINTS'),
    recent: recent.map((r) => ({ source: r.source, xp: Number(r.xp), at: new Date(r.at).toISOString() })),
  };
}
