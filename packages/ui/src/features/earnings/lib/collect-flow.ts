import type { CollectResult, Payout, TaxInfo } from '@khel/core/contract';

/** SPEC §8 'It is taking longer than usual to process your payment.' shows after this long processing. */
export const PAYOUT_SLOW_AFTER_MS = 20_000;

/** What a confirmation collects: one earning, or everything ready (and failed ones again). */
export interface CollectTarget {
  earningId: string | null;
}

export type CollectView =
  | { step: 'confirm' }
  | { step: 'processing'; slow: boolean; payout: Payout }
  | { step: 'done'; result: CollectResult; payout: Payout | null }
  | { step: 'failed'; result: CollectResult; payout: Payout };

/**
 * Where the collect dialog is: confirming until the collect answered; then, for a bank payout,
 * processing until the payout settles (slow after PAYOUT_SLOW_AFTER_MS), done or failed.
 */
export function collectView(
  result: CollectResult | null,
  payout: Payout | null | undefined,
  processingSinceMs: number | null,
  nowMs: number,
): CollectView {
  if (!result) return { step: 'confirm' };
  const latest = payout ?? result.payout;
  if (!latest) return { step: 'done', result, payout: null };
  if (latest.status === 'succeeded') return { step: 'done', result, payout: latest };
  if (latest.status === 'failed') return { step: 'failed', result, payout: latest };
  const since = processingSinceMs ?? nowMs;
  return { step: 'processing', slow: nowMs - since >= PAYOUT_SLOW_AFTER_MS, payout: latest };
}

/** Why the confirm button cannot be pressed: KYC still to do (India) or nothing to collect; null when it can. */
export function blockedReason(info: TaxInfo | undefined): 'kyc' | 'nothing' | null {
  if (!info) return null;
  if (info.kycRequired && !info.kycComplete) return 'kyc';
  if (info.earningIds.length === 0) return 'nothing';
  return null;
}

/** The /kyc step to continue with, as SPEC §2 writes it (`/kyc?requiredDoc=pan`). */
export function kycLinkOf(info: Pick<TaxInfo, 'nextRequiredDoc'>): string {
  return `/kyc?requiredDoc=${info.nextRequiredDoc ?? 'pan'}`;
}
