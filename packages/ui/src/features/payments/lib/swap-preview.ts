import type { BalanceKey, WalletBalance } from '@khel/core/contract';
import { SWAP_PAIRS } from '@khel/core/domain';
import { type CurrencyCode, convertMinor } from '@khel/core/format';

/** The currencies a swap can start from, in the contract's order. */
export const SWAP_SOURCES: CurrencyCode[] = [...new Set(SWAP_PAIRS.map((p) => p.from))];

export function swapTargetsOf(from: CurrencyCode): CurrencyCode[] {
  return SWAP_PAIRS.filter((p) => p.from === from).map((p) => p.to);
}

/** The balance a swap takes from (only USDT and rKHEL can be swapped from). */
export const SWAP_SOURCE_BALANCE: Partial<Record<CurrencyCode, BalanceKey>> = {
  USDT: 'usdt',
  RKHEL: 'rkhel',
};

export function availableToSwap(balance: WalletBalance | undefined, from: CurrencyCode): bigint | null {
  const key = SWAP_SOURCE_BALANCE[from];
  return balance && key ? BigInt(balance[key].amount) : null;
}

export type SwapPreview =
  | { kind: 'empty' }
  | { kind: 'unsupported' }
  | {
      kind: 'ok' | 'too-small' | 'short';
      amount: bigint;
      received: bigint;
      remainder: bigint;
      rate: { from: CurrencyCode; to: CurrencyCode; fromMajor: bigint; toMajor: bigint };
    };

/**
 * What a swap of `amount` gives, with the same table and exact conversion the API uses: the
 * amount received and the remainder too small to convert. `short` when the balance cannot cover it.
 */
export function previewSwap(
  from: CurrencyCode,
  to: CurrencyCode,
  amount: bigint | null,
  available: bigint | null,
): SwapPreview {
  const pair = SWAP_PAIRS.find((p) => p.from === from && p.to === to);
  if (!pair) return { kind: 'unsupported' };
  if (amount === null || amount <= 0n) return { kind: 'empty' };
  const { amount: received, remainder } = convertMinor(amount, from, to, pair.rate);
  const rate = { from, to, fromMajor: pair.rate.fromMajor, toMajor: pair.rate.toMajor };
  const kind = received <= 0n ? 'too-small' : available !== null && amount > available ? 'short' : 'ok';
  return { kind, amount, received, remainder, rate };
}
