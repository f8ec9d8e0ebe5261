import { randomUUID } from 'node:crypto';
import {
  type CollectResult,
  EARNING_NOT_COLLECTABLE_MESSAGE,
  EARNING_NOT_FOUND_MESSAGE,
  KYC_REQUIRED_MESSAGE,
  money,
  NOTHING_TO_COLLECT_MESSAGE,
  PAYOUT_MINIMUM_PAISE,
  PAYOUT_TOO_SMALL_MESSAGE,
  PAYOUTS_UNAVAILABLE_MESSAGE,
  type TaxInfo,
} from '@khel/core/contract';
import {
  financialYearOf,
  type IndianPayoutPlan,
  istMonthOf,
  NO_TOTALS,
  planIndianPayout,
  type Rule133Totals,
  TDS_MONTHLY_EXEMPT_PAISE,
  TDS_RATE_PERCENT,
  TDS_SECTION,
  taxedNetWinningsOf,
  usdtToPaise,
} from '@khel/core/domain';
import type { Executor, Transaction } from '@khel/db';
import { deposits, type EarningRow, earnings, type PayoutRow, payouts } from '@khel/db/schema';
import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { AppError } from '../../lib/http.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { isIndianUser, type KycState, loadKycState } from '../kyc/index.ts';
import {
  ensureUserAccounts,
  systemAccount,
  type TransferInput,
  transferMany,
  userAccount,
} from '../ledger/index.ts';
import { FIAT_USDT_RATES, payAmount } from '../payments/index.ts';
import { requireActiveUser } from '../profile/index.ts';
import { earningViews } from './earnings.ts';
import { PAYOUT_JOB, payoutView, settlePayoutInTransaction } from './payouts.ts';
import { lockUserEarnings } from './user-lock.ts';

/**
 * Collecting earnings (SPEC §1, §7 collect-earning; DESIGN §5).
 *
 * Outside India, collecting credits the user's earned K-Cash: earnings_payable → user_kcash_earned
 * (`earning_collect`), and the earning is `credited` at once.
 *
 * In India it needs complete KYC (PAN, Aadhaar, bank). The TDS of §194BA / Rule 133 is worked out
 * (packages/core/src/domain/tds.ts) and booked earnings_payable → tax_withheld (`tax_withholding`);
 * the rest goes earnings_payable → payouts_in_transit (`earning_collect`) for a bank payout made by
 * the `payout.process` job. The earnings are `distributing` until the provider confirms.
 *
 * Concurrency: a collect takes a per-user advisory lock, then locks the earning rows FOR UPDATE in id
 * order and re-checks their status under the lock, so collect-one and collect-all racing each other
 * (or N collect-alls) pay each earning exactly once, and the Rule 133 totals a collect reads cannot
 * change under it. The ledger keys (`earning-collect:<earning>:<attempt>`, `payout:<payout>:…`) are
 * the backstop: a second posting of the same attempt would be a replay, not a payment.
 */

/**
 * Opening balance at the start of the financial year (Rule 133), in paise. Khel counts it as 0: only
 * earned K-Cash is ever withdrawn, and in India it is paid straight to the bank when collected, so no
 * earned balance is carried into a year (bought K-Cash is never withdrawable).
 */
export const OPENING_BALANCE_PAISE = 0n;

/** Pending and not past its expiry, or failed (a failed payout may be retried). */
export function isCollectable(row: Pick<EarningRow, 'status' | 'expiresAt'>, now: Date): boolean {
  if (row.status === 'failed') return true;
  return row.status === 'pending' && (!row.expiresAt || row.expiresAt > now);
}

/** Only what may be shown of a verified bank account: bank, IFSC, the masked number and its last 4 digits. */
export function maskedBank(kyc: KycState): Record<string, string> | null {
  const display = kyc.documents.bank?.status === 'verified' ? kyc.documents.bank.display : null;
  if (!display) return null;
  const masked: Record<string, string> = {};
  for (const key of ['bankName', 'ifsc', 'masked', 'last4'] as const)
    if (typeof display[key] === 'string') masked[key] = display[key];
  return masked;
}

/** The user's Rule 133 totals in paise: the financial year so far, and the part before this IST month. */
export async function rule133TotalsOf(
  db: Executor,
  userId: string,
  now: Date,
): Promise<{ financialYear: string; yearToDate: Rule133Totals; beforeThisMonth: Rule133Totals }> {
  const fy = financialYearOf(now);
  const month = istMonthOf(now);
  const inrRate = FIAT_USDT_RATES.INR;
  const withdrawals = await db
    .select({
      gross: payouts.payoutGross,
      tax: payouts.payoutTax,
      netWinnings: payouts.netWinnings,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .where(
      and(
        eq(payouts.userId, userId),
        ne(payouts.status, 'failed'),
        eq(payouts.payoutCurrency, 'INR'),
        gte(payouts.createdAt, fy.start),
        lt(payouts.createdAt, fy.end),
      ),
    );
  const paid = await db
    .select({
      amount: deposits.amount,
      currency: deposits.currency,
      usdtAmount: deposits.usdtAmount,
      creditedAt: deposits.creditedAt,
    })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        eq(deposits.status, 'credited'),
        gte(deposits.creditedAt, fy.start),
        lt(deposits.creditedAt, fy.end),
      ),
    );
  const yearToDate = { ...NO_TOTALS };
  const beforeThisMonth = { ...NO_TOTALS };
  for (const w of withdrawals) {
    const taxed = taxedNetWinningsOf(w.netWinnings ?? 0n, w.tax);
    for (const totals of w.createdAt < month.start ? [yearToDate, beforeThisMonth] : [yearToDate]) {
      totals.withdrawals += w.gross;
      totals.taxedNetWinnings += taxed;
    }
  }
  for (const d of paid) {
    // Deposits in rupees count as paid; others at their USDT value in rupees (rounded down).
    const inr = d.currency === 'INR' ? d.amount : usdtToPaise(d.usdtAmount, inrRate);
    for (const totals of d.creditedAt && d.creditedAt < month.start
      ? [yearToDate, beforeThisMonth]
      : [yearToDate])
      totals.deposits += inr;
  }
  return { financialYear: fy.label, yearToDate, beforeThisMonth };
}

/** What collecting `kcashGross` would pay a user in India now (no writes). */
export async function planFor(db: Executor, userId: string, kcashGross: bigint, now: Date) {
  const totals = await rule133TotalsOf(db, userId, now);
  const plan = planIndianPayout({
    kcashGross,
    rate: FIAT_USDT_RATES.INR,
    openingBalance: OPENING_BALANCE_PAISE,
    yearToDate: totals.yearToDate,
    beforeThisMonth: totals.beforeThisMonth,
  });
  return { plan, financialYear: totals.financialYear };
}

const inr = (paise: bigint) => payAmount(paise, 'INR');

function taxView(plan: IndianPayoutPlan, financialYear: string): NonNullable<TaxInfo['tax']> {
  return {
    section: TDS_SECTION,
    ratePercent: TDS_RATE_PERCENT,
    financialYear,
    netWinnings: inr(plan.tds.netWinnings),
    monthNetWinnings: inr(plan.tds.monthNetWinnings),
    monthlyExemption: inr(TDS_MONTHLY_EXEMPT_PAISE),
    exempt: plan.tds.exempt,
  };
}

/** The earnings one collect would take: one by id (404 / 422 when it cannot be), or all collectable. */
async function selectCollectable(
  db: Executor,
  userId: string,
  earningId: string | null,
  now: Date,
  lock: boolean,
): Promise<EarningRow[]> {
  const t = earnings;
  if (earningId !== null) {
    const query = db
      .select()
      .from(t)
      .where(and(eq(t.id, earningId), eq(t.userId, userId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError(404, EARNING_NOT_FOUND_MESSAGE);
    if (!isCollectable(row, now)) throw new AppError(422, EARNING_NOT_COLLECTABLE_MESSAGE);
    return [row];
  }
  const query = db
    .select()
    .from(t)
    .where(and(eq(t.userId, userId), inArray(t.status, ['pending', 'failed'])))
    .orderBy(asc(t.id));
  // FOR UPDATE re-reads a row changed by a transaction we waited for and drops it if it no longer matches.
  const rows = lock ? await query.for('update') : await query;
  return rows.filter((r) => isCollectable(r, now));
}

export interface CollectInput {
  userId: string;
  /** The Idempotency-Key operation: the payout made is keyed by it. */
  operationId: string;
  /** One earning, or null for all collectable. */
  earningId: string | null;
  now: Date;
  /** The payout provider Indian collects go through; null: none configured (503, nothing changes). */
  provider: 'sandbox' | null;
}

/**
 * Collects one earning or all collectable ones, in the caller's transaction (the idempotent route's).
 * Throws 404 (unknown earning), 422 (not collectable, nothing to collect, KYC missing, too small).
 */
export async function collectEarnings(tx: Transaction, input: CollectInput): Promise<CollectResult> {
  const { userId, now } = input;
  const user = await requireActiveUser(tx, userId);
  // Accounts are created before any lock is taken (see ensureUserAccounts).
  await ensureUserAccounts(tx, userId);
  await lockUserEarnings(tx, userId);
  const rows = await selectCollectable(tx, userId, input.earningId, now, true);
  if (rows.length === 0) throw new AppError(422, NOTHING_TO_COLLECT_MESSAGE);
  const gross = rows.reduce((sum, r) => sum + r.amount, 0n);
  const ids = rows.map((r) => r.id);

  if (!isIndianUser(user)) {
    await transferMany(
      tx,
      rows.map((row) => ({
        idempotencyKey: `earning-collect:${row.id}:${row.attempts + 1}`,
        debit: systemAccount('earnings_payable'),
        credit: userAccount(userId, 'user_kcash_earned'),
        amount: row.amount,
        currency: 'KCASH' as const,
        kind: 'earning_collect' as const,
        metadata: { earningId: row.id, earningTitle: row.title, source: row.source },
      })),
    );
    const updated = await tx
      .update(earnings)
      .set({
        status: 'credited',
        attempts: sql`${earnings.attempts} + 1`,
        payoutId: null,
        collectedAt: now,
        creditedAt: now,
        failureReason: null,
        updatedAt: now,
      })
      .where(inArray(earnings.id, ids))
      .returning();
    return {
      destination: 'wallet',
      earnings: await earningViews(tx, sortLike(updated, ids)),
      gross: money(gross, 'KCASH'),
      tds: money(0n, 'KCASH'),
      net: money(gross, 'KCASH'),
      payout: null,
    };
  }

  if (!input.provider) throw new AppError(503, PAYOUTS_UNAVAILABLE_MESSAGE);
  const kyc = await loadKycState(tx, userId);
  const bank = maskedBank(kyc);
  if (!kyc.complete || !bank)
    throw new AppError(422, KYC_REQUIRED_MESSAGE, { nextRequiredDoc: kyc.nextRequiredDoc });
  const { plan, financialYear } = await planFor(tx, userId, gross, now);
  if (plan.inr.gross < PAYOUT_MINIMUM_PAISE) throw new AppError(422, PAYOUT_TOO_SMALL_MESSAGE);

  const payoutId = randomUUID();
  const [created] = await tx
    .insert(payouts)
    .values({
      id: payoutId,
      userId,
      operationId: input.operationId,
      provider: input.provider,
      method: 'bank',
      status: 'requested',
      kcashGross: plan.kcash.gross,
      kcashTax: plan.kcash.tax,
      kcashNet: plan.kcash.net,
      payoutCurrency: 'INR',
      payoutGross: plan.inr.gross,
      payoutTax: plan.inr.tax,
      payoutNet: plan.inr.net,
      financialYear,
      netWinnings: plan.tds.netWinnings,
      destination: bank,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const legs: TransferInput[] = [];
  const metadata = { payoutId, earningIds: ids };
  if (plan.kcash.tax > 0n)
    legs.push({
      idempotencyKey: `payout:${payoutId}:tax`,
      debit: systemAccount('earnings_payable'),
      credit: systemAccount('tax_withheld'),
      amount: plan.kcash.tax,
      currency: 'KCASH',
      kind: 'tax_withholding',
      metadata: {
        ...metadata,
        section: TDS_SECTION,
        financialYear,
        netWinningsPaise: plan.tds.netWinnings.toString(),
        taxPaise: plan.inr.tax.toString(),
      },
    });
  if (plan.kcash.net > 0n)
    legs.push({
      idempotencyKey: `payout:${payoutId}:transit`,
      debit: systemAccount('earnings_payable'),
      credit: systemAccount('payouts_in_transit'),
      amount: plan.kcash.net,
      currency: 'KCASH',
      kind: 'earning_collect',
      metadata,
    });
  const { transfers } = await transferMany(tx, legs);
  let payout: PayoutRow = created!;
  if (plan.kcash.tax > 0n) {
    const [withTax] = await tx
      .update(payouts)
      .set({ taxTransferId: transfers[0]!.id })
      .where(eq(payouts.id, payoutId))
      .returning();
    payout = withTax!;
  }
  await tx
    .update(earnings)
    .set({
      status: 'distributing',
      payoutId,
      attempts: sql`${earnings.attempts} + 1`,
      collectedAt: now,
      failureReason: null,
      updatedAt: now,
    })
    .where(inArray(earnings.id, ids));

  if (plan.inr.net === 0n) {
    // The tax took all of it: nothing to send to the bank, so the payout is complete now.
    payout = (await settlePayoutInTransaction(tx, payoutId, { ok: true }, now)) ?? payout;
  } else {
    await enqueueJob(tx, {
      kind: PAYOUT_JOB,
      payload: { payoutId },
      runAt: now,
      dedupeKey: `payout:${payoutId}`,
    });
  }
  const after = await tx.select().from(earnings).where(inArray(earnings.id, ids));
  return {
    destination: 'bank',
    earnings: await earningViews(tx, sortLike(after, ids)),
    gross: money(plan.kcash.gross, 'KCASH'),
    tds: money(plan.kcash.tax, 'KCASH'),
    net: money(plan.kcash.net, 'KCASH'),
    payout: payoutView(payout),
  };
}

const sortLike = (rows: EarningRow[], ids: string[]) =>
  [...rows].sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));

/** What collecting one earning (or all) would do now, before the user confirms. No writes. */
export async function taxInfo(
  db: Executor,
  userId: string,
  earningId: string | null,
  now: Date,
): Promise<TaxInfo> {
  const user = await requireActiveUser(db, userId);
  const kyc = await loadKycState(db, userId);
  const rows = await selectCollectable(db, userId, earningId, now, false);
  const gross = rows.reduce((sum, r) => sum + r.amount, 0n);
  const earningIds = rows.map((r) => r.id);
  if (!isIndianUser(user))
    return {
      region: 'OTHER',
      destination: 'wallet',
      kycRequired: false,
      kycComplete: kyc.complete,
      nextRequiredDoc: null,
      earningIds,
      gross: money(gross, 'KCASH'),
      tds: money(0n, 'KCASH'),
      net: money(gross, 'KCASH'),
      payout: null,
      tax: null,
      bank: null,
    };
  const { plan, financialYear } = await planFor(db, userId, gross, now);
  return {
    region: 'IN',
    destination: 'bank',
    kycRequired: true,
    kycComplete: kyc.complete,
    nextRequiredDoc: kyc.nextRequiredDoc,
    earningIds,
    gross: money(plan.kcash.gross, 'KCASH'),
    tds: money(plan.kcash.tax, 'KCASH'),
    net: money(plan.kcash.net, 'KCASH'),
    payout: { gross: inr(plan.inr.gross), tds: inr(plan.inr.tax), net: inr(plan.inr.net) },
    tax: taxView(plan, financialYear),
    bank: kyc.complete ? maskedBank(kyc) : null,
  };
}
