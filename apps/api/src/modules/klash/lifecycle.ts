import type { Database, Transaction } from '@khel/db';
import { type KlashTournamentRow, klashEntries, klashMatches, klashTournaments } from '@khel/db/schema';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import type { JobHandler, RecurringJob } from '../../lib/jobs.ts';
import { grantEarning } from '../earnings/index.ts';
import { returnRewardsPool, systemAccount, transfer } from '../ledger/index.ts';
import { enqueueNotifications } from '../notifications/index.ts';
import { awardXpLaterMany } from '../progression/index.ts';
import { completeTournament } from './complete.ts';
import type { KlashGameApi } from './game-api.ts';
import {
  CANCEL_TOO_FEW_REASON,
  cancelTournament,
  entryUserIds,
  KLASH_PAYOUT_JOB,
  KLASH_REFUNDS_JOB,
  klashKeys,
  notificationBase,
  refundCancelledEntries,
} from './klash.ts';
import { feedScores, leaderboardStandings } from './leaderboard.ts';
import { advanceBracket, loadBracket, seedBracket } from './matches.ts';
import { splitPrizes } from './prizes.ts';

/**
 * The tournament lifecycle, moved on time by one recurring job (any number of workers: every move is a
 * conditional UPDATE or runs under the tournament's lock): registration opens and closes, the "starts in
 * 1 hour" reminder, the start (fees escrow → fees, the bracket seeded, or the board opened; fewer than two
 * entries cancels), bracket deadlines and game-API results, leaderboard scores and the close after 24 h.
 * Prizes are paid by the payout job, queued once when the tournament completes.
 */

export const KLASH_LIFECYCLE_JOB = 'klash.lifecycle';
export const KLASH_LIFECYCLE_EVERY_MS = 15_000;
export const KLASH_REMINDER_MS = 60 * 60 * 1000;

async function moveStatus(
  db: Database,
  from: KlashTournamentRow['status'][],
  to: KlashTournamentRow['status'],
  when: 'opens' | 'closes',
  now: Date,
) {
  const t = klashTournaments;
  const at = when === 'opens' ? t.registrationOpensAt : t.registrationClosesAt;
  const rows = await db
    .update(t)
    .set({ status: to, updatedAt: now })
    .where(and(inArray(t.status, from), lte(at, now)))
    .returning({ id: t.id });
  return rows.length;
}

async function sendReminders(db: Database, now: Date) {
  const t = klashTournaments;
  const due = await db
    .select()
    .from(t)
    .where(
      and(
        inArray(t.status, ['registration_open', 'registration_closed']),
        isNull(t.reminderSentAt),
        lte(t.startsAt, new Date(now.getTime() + KLASH_REMINDER_MS)),
        gt(t.startsAt, now),
      ),
    );
  for (const row of due)
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(t)
        .set({ reminderSentAt: now })
        .where(and(eq(t.id, row.id), isNull(t.reminderSentAt)))
        .returning({ id: t.id });
      if (!claimed) return;
      const entries = await tx
        .select({ id: klashEntries.id })
        .from(klashEntries)
        .where(and(eq(klashEntries.tournamentId, row.id), eq(klashEntries.status, 'registered')));
      const recipients = await entryUserIds(
        tx,
        entries.map((e) => e.id),
      );
      await enqueueNotifications(
        tx,
        [...recipients].flatMap(([entryId, userIds]) =>
          userIds.map((userId) => ({
            kind: 'klash' as const,
            userId,
            dedupeKey: `klash-starting:${entryId}:${userId}`,
            payload: { ...notificationBase(row), event: 'starting' },
          })),
        ),
      );
    });
  return due.length;
}

/** Starts one tournament whose start time has come (under its lock; a second worker finds it live). */
export async function startTournament(
  tx: Transaction,
  id: string,
  now: Date,
): Promise<'started' | 'cancelled' | 'skipped'> {
  const [t] = await tx.select().from(klashTournaments).where(eq(klashTournaments.id, id)).for('update');
  if (!t || !['scheduled', 'registration_open', 'registration_closed'].includes(t.status) || t.startsAt > now)
    return 'skipped';
  const entries = await tx
    .select()
    .from(klashEntries)
    .where(and(eq(klashEntries.tournamentId, t.id), eq(klashEntries.status, 'registered')));
  if (entries.length < 2) {
    await cancelTournament(tx, t.slug, CANCEL_TOO_FEW_REASON, null, now);
    return 'cancelled';
  }
  const fees = entries.reduce((sum, e) => sum + e.fee, 0n);
  if (fees > 0n)
    await transfer(tx, {
      idempotencyKey: klashKeys(t.id).fees,
      debit: systemAccount('klash_escrow'),
      credit: systemAccount('fees'),
      amount: fees,
      currency: 'KCASH',
      kind: 'fee',
      metadata: { tournamentId: t.id, entries: entries.length },
    });
  await tx
    .update(klashTournaments)
    .set({ status: 'live', updatedAt: now })
    .where(eq(klashTournaments.id, t.id));
  if (t.format === 'bracket')
    await seedBracket(
      tx,
      { ...t, status: 'live' },
      entries.map((e) => e.id),
      now,
    );
  return 'started';
}

/** Pays the prizes of a completed tournament as earnings, exactly once (payout_status, grant keys, ledger keys). */
export async function payPrizes(db: Database, tournamentId: string, now: Date): Promise<number> {
  return db.transaction((tx) => payPrizesIn(tx, tournamentId, now));
}

export async function payPrizesIn(tx: Transaction, tournamentId: string, now: Date): Promise<number> {
  {
    const [t] = await tx
      .select()
      .from(klashTournaments)
      .where(eq(klashTournaments.id, tournamentId))
      .for('update');
    if (t?.status !== 'completed' || t.payoutStatus !== 'pending') return 0;
    const standings =
      t.format === 'bracket'
        ? (await loadBracket(tx, t)).standings()
        : (await leaderboardStandings(tx, t.id)).map((r) => ({ entryId: r.id, rank: r.rank }));
    const split = splitPrizes(t.prizes, standings);
    const prizeOf = new Map(split.allocations.map((a) => [a.entryId, a.amount]));
    const entries = standings.length
      ? await tx
          .select()
          .from(klashEntries)
          .where(
            inArray(
              klashEntries.id,
              standings.map((s) => s.entryId),
            ),
          )
      : [];
    const byId = new Map(entries.map((e) => [e.id, e]));
    for (const s of standings) {
      const entry = byId.get(s.entryId)!;
      const amount = prizeOf.get(s.entryId) ?? null;
      let earningId: string | null = null;
      if (amount !== null) {
        const { earning } = await grantEarning(tx, {
          userId: entry.captainUserId,
          amount,
          source: 'klash',
          sourceRef: t.id,
          title: `${t.title}: #${s.rank}`.slice(0, 120),
          grantKey: `klash:${t.id}:${entry.id}`,
          fundedFrom: 'rewards_pool',
          now,
        });
        earningId = earning.id;
      }
      await tx
        .update(klashEntries)
        .set({ rank: s.rank, prize: amount, prizeEarningId: earningId })
        .where(eq(klashEntries.id, entry.id));
    }
    if (split.refund > 0n)
      await returnRewardsPool(tx, {
        idempotencyKey: klashKeys(t.id).poolReturn,
        amount: split.refund,
        metadata: { tournamentId: t.id, unawarded: true },
      });
    await tx
      .update(klashTournaments)
      .set({ payoutStatus: 'paid', paidAt: now, updatedAt: now })
      .where(eq(klashTournaments.id, t.id));
    const all = await tx
      .select({ id: klashEntries.id })
      .from(klashEntries)
      .where(and(eq(klashEntries.tournamentId, t.id), eq(klashEntries.status, 'registered')));
    const recipients = await entryUserIds(
      tx,
      all.map((e) => e.id),
    );
    const rankOf = new Map(standings.map((s) => [s.entryId, s.rank]));
    // XP (issue 26): every player of a ranked entry for playing it out, and the prize winners' players on top.
    await awardXpLaterMany(
      tx,
      [...recipients].flatMap(([entryId, userIds]) =>
        rankOf.has(entryId)
          ? userIds.flatMap((userId) => [
              { userId, source: 'klash_result' as const, key: `klash:${t.id}`, at: now },
              ...(prizeOf.has(entryId)
                ? [{ userId, source: 'klash_prize' as const, key: `klash-prize:${t.id}`, at: now }]
                : []),
            ])
          : [],
      ),
    );
    await enqueueNotifications(
      tx,
      [...recipients].flatMap(([entryId, userIds]) =>
        userIds.map((userId) => {
          const prize = prizeOf.get(entryId);
          return {
            kind: 'klash' as const,
            userId,
            dedupeKey: `klash-results:${entryId}:${userId}`,
            payload: {
              ...notificationBase(t),
              event: 'results',
              rank: rankOf.get(entryId) ?? null,
              kcash: prize && userId === byId.get(entryId)?.captainUserId ? prize.toString() : null,
            },
          };
        }),
      ),
    );
    return split.allocations.length;
  }
}

export interface KlashTickResult {
  opened: number;
  closed: number;
  reminded: number;
  started: number;
  advanced: number;
  completed: number;
}

/** One pass of the lifecycle at `now`. */
export async function advanceKlash(db: Database, gameApi: KlashGameApi, now: Date): Promise<KlashTickResult> {
  const result: KlashTickResult = {
    opened: 0,
    closed: 0,
    reminded: 0,
    started: 0,
    advanced: 0,
    completed: 0,
  };
  result.opened = await moveStatus(db, ['scheduled'], 'registration_open', 'opens', now);
  result.closed = await moveStatus(
    db,
    ['scheduled', 'registration_open'],
    'registration_closed',
    'closes',
    now,
  );
  result.reminded = await sendReminders(db, now);
  const t = klashTournaments;
  const toStart = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(inArray(t.status, ['scheduled', 'registration_open', 'registration_closed']), lte(t.startsAt, now)),
    );
  for (const { id } of toStart)
    if ((await db.transaction((tx) => startTournament(tx, id, now))) === 'started') result.started++;

  // Brackets with a match past its deadline, or a dispute the game API may know.
  const brackets = await db
    .selectDistinct({ id: klashMatches.tournamentId })
    .from(klashMatches)
    .innerJoin(t, eq(t.id, klashMatches.tournamentId))
    .where(
      and(
        eq(t.status, 'live'),
        sql`(${klashMatches.state} in ('ready', 'reported') and ${klashMatches.deadlineAt} <= ${now.toISOString()}::timestamptz) or ${klashMatches.state} = 'disputed'`,
      ),
    );
  for (const { id } of brackets)
    result.advanced += await db.transaction((tx) => advanceBracket(tx, id, gameApi, now));

  const boards = await db
    .select()
    .from(t)
    .where(and(eq(t.status, 'live'), eq(t.format, 'leaderboard')));
  for (const board of boards)
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(t).where(eq(t.id, board.id)).for('update');
      if (locked?.status !== 'live') return;
      await feedScores(tx, locked, gameApi, now);
      if (locked.endsAt && locked.endsAt <= now) {
        const [first] = await leaderboardStandings(tx, locked.id);
        if (await completeTournament(tx, locked, first?.id ?? null, now)) result.completed++;
      }
    });
  return result;
}

export const klashJobHandlers: Record<string, JobHandler> = {
  [KLASH_LIFECYCLE_JOB]: async (deps: AppDeps) => {
    await advanceKlash(deps.db, deps.klashGameApi, deps.clock());
  },
  [KLASH_PAYOUT_JOB]: async (deps: AppDeps, job) => {
    await payPrizes(deps.db, String(job.payload.tournamentId), deps.clock());
  },
  [KLASH_REFUNDS_JOB]: async (deps: AppDeps, job) => {
    await refundCancelledEntries(deps.db, String(job.payload.tournamentId), deps.clock());
  },
};

export const klashRecurringJobs: RecurringJob[] = [
  { kind: KLASH_LIFECYCLE_JOB, everyMs: KLASH_LIFECYCLE_EVERY_MS },
];
