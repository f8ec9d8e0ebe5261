import {
  EARNING_SOURCE_VALUES,
  type Earning,
  type EarningsAggregate,
  type earningsPageSchema,
  money,
} from '@khel/core/contract';
import {
  CARD_ENTITY_LABELS,
  type EarningBackendStatus,
  type EarningDisplayStatus,
  toCardEntityLabel,
  toEarningDisplayStatus,
} from '@khel/core/domain';
import type { Database, Executor, Transaction } from '@khel/db';
import {
  type EarningRow,
  type EarningSource,
  type EarningStatus,
  earnings,
  type PayoutStatus,
  payouts,
} from '@khel/db/schema';
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../lib/context.ts';
import { messageCodeOrNull } from '../../lib/http.ts';
import type { JobHandler } from '../../lib/jobs.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { systemAccount, type TransferInput, transfer, transferMany } from '../ledger/index.ts';
import { enqueueNotification } from '../notifications/index.ts';

/**
 * Earnings (SPEC §3, DESIGN §5): K-Cash a quest, campaign or clan owes a user. Granting books it
 * treasury → earnings_payable and records a `pending` earning; collecting (collect.ts) pays it out;
 * an uncollected earning past its expiry goes back to the treasury (`expired`).
 */

/** Job kind: expire one earning when its time comes (payload `{ earningId }`). */
export const EARNING_EXPIRY_JOB = 'earning.expire';

/** SPEC §3 backend status of a stored status: `pending` → 'EARNING PENDING'. */
export const backendStatusOf = (status: EarningStatus) =>
  `EARNING ${status.toUpperCase()}` as EarningBackendStatus;

/** Stored status of each SPEC §3 display status (the list's filter). */
export const STATUS_OF_DISPLAY: Record<EarningDisplayStatus, EarningStatus> = {
  READY_TO_COLLECT: 'pending',
  COLLECTED: 'credited',
  EXPIRED: 'expired',
  DISTRIBUTING: 'distributing',
  FAILED: 'failed',
};

/** Card label: the SPEC §3 entity types have their own; our other sources show K-QUEST (no warning: they are known). */
export const entityLabelOf = (source: string) =>
  Object.hasOwn(CARD_ENTITY_LABELS, source) ? toCardEntityLabel(source) : CARD_ENTITY_LABELS.kquest;

export function earningView(row: EarningRow, payoutStatus: PayoutStatus | null = null): Earning {
  const status = backendStatusOf(row.status);
  return {
    id: row.id,
    title: row.title,
    source: row.source,
    entityLabel: entityLabelOf(row.source),
    amount: money(row.amount, 'KCASH'),
    boost:
      row.boostBasisPoints && row.baseAmount !== null
        ? { basisPoints: row.boostBasisPoints, baseAmount: money(row.baseAmount, 'KCASH') }
        : null,
    status,
    displayStatus: toEarningDisplayStatus(status)!,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    collectedAt: row.collectedAt?.toISOString() ?? null,
    creditedAt: row.creditedAt?.toISOString() ?? null,
    failureReason: row.failureReason,
    failureReasonCode: messageCodeOrNull(row.failureReason),
    payout: row.payoutId && payoutStatus ? { id: row.payoutId, status: payoutStatus } : null,
  };
}

/** Earnings with the status of the payout each points at. */
export async function earningViews(db: Executor, rows: EarningRow[]): Promise<Earning[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.payoutId ? [r.payoutId] : [])))];
  const statuses = new Map<string, PayoutStatus>();
  if (ids.length > 0) {
    const found = await db
      .select({ id: payouts.id, status: payouts.status })
      .from(payouts)
      .where(inArray(payouts.id, ids));
    for (const p of found) statuses.set(p.id, p.status);
  }
  return rows.map((r) => earningView(r, r.payoutId ? (statuses.get(r.payoutId) ?? null) : null));
}

export interface GrantEarningInput {
  userId: string;
  /** K-Cash minor units, > 0. */
  amount: bigint;
  source: EarningSource;
  /** The quest, campaign, clan… it came from. */
  sourceRef?: string | null;
  /** What the user sees on the card (1–120 characters). */
  title: string;
  /** One earning per key, ever (e.g. `kquest:<questId>:<userId>`); granting again returns the first. */
  grantKey: string;
  /** When it expires if not collected; null or absent: never. */
  expiresAt?: Date | null;
  /** The grant's time (default: the database's now). */
  now?: Date;
  /** The system account that pays for it: the treasury (default), or the rewards pool a campaign funded. */
  fundedFrom?: 'treasury' | 'rewards_pool';
  /**
   * SPEC §6 POG boost in basis points (boost.ts `rewardBoostBasisPoints`): above 10 000, the earning is
   * `amount` × it / 10 000, the extra paid by the treasury in a transfer of its own (key `earning-boost:<grantKey>`).
   */
  boostBasisPoints?: number;
}

export interface GrantEarningResult {
  earning: EarningRow;
  /** False when the grant key had already been granted: nothing moved this time. */
  created: boolean;
}

/** A grant key used again for another user or amount: a bug in the caller, never shown to a user. */
export class EarningGrantKeyReusedError extends Error {
  constructor(readonly grantKey: string) {
    super(`earnings: grant key ${grantKey} was already granted with other details`);
    this.name = 'EarningGrantKeyReusedError';
  }
}

const MAX_GRANT_KEY_LENGTH = 200;
/** How long before an earning expires its owner is reminded through the bot. */
export const EARNING_EXPIRY_NOTICE_MS = 24 * 60 * 60 * 1000;

/**
 * Grants a user an earning, in the caller's transaction: treasury (or `fundedFrom`) → earnings_payable (K-Cash,
 * `earning_grant`, ledger key `earning-grant:<grantKey>`) and a `pending` earning. Idempotent per
 * grantKey: granting again (also concurrently) returns the first earning and moves nothing. With an
 * expiry, a job expires it then if it is still pending. This is what quests and campaigns call.
 */
export async function grantEarning(tx: Transaction, input: GrantEarningInput): Promise<GrantEarningResult> {
  const title = input.title.trim();
  if (typeof input.amount !== 'bigint' || input.amount <= 0n)
    throw new RangeError('earnings: the amount must be a positive bigint');
  if (!EARNING_SOURCE_VALUES.includes(input.source))
    throw new RangeError(`earnings: unknown source ${input.source}`);
  if (title.length < 1 || title.length > 120)
    throw new RangeError('earnings: the title must be 1 to 120 characters');
  if (input.grantKey.length < 1 || input.grantKey.length > MAX_GRANT_KEY_LENGTH)
    throw new RangeError(`earnings: the grant key must be 1 to ${MAX_GRANT_KEY_LENGTH} characters`);

  const boostBp = input.boostBasisPoints && input.boostBasisPoints > 10_000 ? input.boostBasisPoints : null;
  const extra = boostBp ? (input.amount * BigInt(boostBp)) / 10_000n - input.amount : 0n;
  const total = input.amount + extra;
  const { transfer: posted } = await transfer(tx, {
    idempotencyKey: `earning-grant:${input.grantKey}`,
    debit: systemAccount(input.fundedFrom ?? 'treasury'),
    credit: systemAccount('earnings_payable'),
    amount: input.amount,
    currency: 'KCASH',
    kind: 'earning_grant',
    metadata: { userId: input.userId, source: input.source, sourceRef: input.sourceRef ?? null },
  });
  if (extra > 0n)
    await transfer(tx, {
      idempotencyKey: `earning-boost:${input.grantKey}`,
      debit: systemAccount('treasury'),
      credit: systemAccount('earnings_payable'),
      amount: extra,
      currency: 'KCASH',
      kind: 'earning_grant',
      metadata: { userId: input.userId, source: input.source, boostBasisPoints: String(boostBp) },
    });
  const [inserted] = await tx
    .insert(earnings)
    .values({
      userId: input.userId,
      source: input.source,
      sourceRef: input.sourceRef ?? null,
      title,
      amount: total,
      boostBasisPoints: extra > 0n ? boostBp : null,
      baseAmount: extra > 0n ? input.amount : null,
      grantKey: input.grantKey,
      grantTransferId: posted.id,
      expiresAt: input.expiresAt ?? null,
      ...(input.now ? { createdAt: input.now, updatedAt: input.now } : {}),
    })
    .onConflictDoNothing({ target: earnings.grantKey })
    .returning();
  if (inserted) {
    if (inserted.expiresAt) {
      await enqueueJob(tx, {
        kind: EARNING_EXPIRY_JOB,
        payload: { earningId: inserted.id },
        runAt: inserted.expiresAt,
        dedupeKey: `earning-expiry:${inserted.id}`,
      });
      // A day before it expires (the notifier skips it if the earning was collected by then).
      await enqueueNotification(tx, {
        kind: 'earning_expiring',
        userId: inserted.userId,
        dedupeKey: `earning-expiring:${inserted.id}`,
        payload: { earningId: inserted.id, title: inserted.title, kcash: inserted.amount.toString() },
        availableAt: new Date(inserted.expiresAt.getTime() - EARNING_EXPIRY_NOTICE_MS),
      });
    }
    return { earning: inserted, created: true };
  }
  const [existing] = await tx.select().from(earnings).where(eq(earnings.grantKey, input.grantKey));
  if (
    !existing ||
    existing.userId !== input.userId ||
    (existing.baseAmount ?? existing.amount) !== input.amount
  )
    throw new EarningGrantKeyReusedError(input.grantKey);
  return { earning: existing, created: false };
}

/**
 * Expires the user's (or everyone's) pending earnings whose expiry has passed: earnings_payable →
 * treasury (`earning_expiry`), status `expired`. The rows are locked (in id order) and checked again
 * under the lock, so an earning being collected at the same moment is either collected or expired,
 * never both. Returns how many expired.
 */
export async function expireDueEarnings(
  db: Database,
  now: Date,
  filter: { userId?: string; earningId?: string; limit?: number } = {},
): Promise<number> {
  const t = earnings;
  const due = and(
    eq(t.status, 'pending'),
    isNotNull(t.expiresAt),
    lte(t.expiresAt, now),
    filter.userId ? eq(t.userId, filter.userId) : undefined,
    filter.earningId ? eq(t.id, filter.earningId) : undefined,
  );
  // Cheap look first: reading a list must not take locks when nothing is due.
  const [any] = await db.select({ id: t.id }).from(t).where(due).limit(1);
  if (!any) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(t)
      .where(due)
      .orderBy(asc(t.id))
      .limit(filter.limit ?? 500)
      .for('update');
    if (rows.length === 0) return 0;
    const legs: TransferInput[] = rows.map((row) => ({
      idempotencyKey: `earning-expiry:${row.id}`,
      debit: systemAccount('earnings_payable'),
      credit: systemAccount('treasury'),
      amount: row.amount,
      currency: 'KCASH',
      kind: 'earning_expiry',
      metadata: { earningId: row.id, userId: row.userId },
    }));
    await transferMany(tx, legs);
    await tx
      .update(t)
      .set({ status: 'expired', updatedAt: now })
      .where(
        inArray(
          t.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.length;
  });
}

/** The expiry job: expires its earning if it is still pending and due (a collected one is left alone). */
export const expireEarningJob: JobHandler = async (deps: AppDeps, job) => {
  const earningId = typeof job.payload.earningId === 'string' ? job.payload.earningId : null;
  if (!earningId) return;
  await expireDueEarnings(deps.db, deps.clock(), { earningId });
};

/** A page of the user's earnings, newest first; `status` filters by SPEC §3 display status. */
export async function listEarnings(
  db: Executor,
  userId: string,
  query: { status?: EarningDisplayStatus; page: number; limit: number },
): Promise<z.input<typeof earningsPageSchema>> {
  const t = earnings;
  const offset = (query.page - 1) * query.limit;
  const rows = await db
    .select()
    .from(t)
    .where(
      and(eq(t.userId, userId), query.status ? eq(t.status, STATUS_OF_DISPLAY[query.status]) : undefined),
    )
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(query.limit + 1)
    .offset(offset);
  const list = await earningViews(db, rows.slice(0, query.limit));
  return {
    list,
    page: query.page,
    limit: query.limit,
    offset: offset + list.length,
    isLastCard: rows.length <= query.limit,
  };
}

/** K-Cash totals and counts of the user's earnings per display status. */
export async function earningsAggregate(db: Executor, userId: string): Promise<EarningsAggregate> {
  const t = earnings;
  const rows = await db
    .select({
      status: t.status,
      total: sql<string>`coalesce(sum(${t.amount}), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(t)
    .where(eq(t.userId, userId))
    .groupBy(t.status);
  const of = (status: EarningStatus) => rows.find((r) => r.status === status);
  const total = (status: EarningStatus) => money(BigInt(of(status)?.total ?? '0'), 'KCASH');
  const count = (status: EarningStatus) => Number(of(status)?.count ?? 0);
  return {
    readyToCollect: total('pending'),
    distributing: total('distributing'),
    collected: total('credited'),
    failed: total('failed'),
    expired: total('expired'),
    counts: {
      readyToCollect: count('pending'),
      distributing: count('distributing'),
      collected: count('credited'),
      failed: count('failed'),
      expired: count('expired'),
    },
  };
}
