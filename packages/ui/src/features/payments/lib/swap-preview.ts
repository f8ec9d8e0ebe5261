import type { BalanceKey, WalletBalance } from '@khel/core/contract';
import { SWAP_PAIRS } from '@khel/core/domain';
import { type CurrencyCode, convertMinor } from '@khel/core/format';
import { RKHEL_QUESTS_HREF, SCREEN_PATHS } from '../../../routes/route-table.ts';

/** The currencies a swap can start from, in the contract's order. */
export const SWAP_SOURCES: CurrencyCode[] = [...new Set(SWAP_PAIRS.map((p) => p.from))];

/**
 * The Mini App's swap (Telegram lets a Mini App hold crypto only on TON, and no gamer there holds USDT):
 * rKHEL → K-Cash only, never USDT. A TON payment on Buy K-Cash becomes bought K-Cash at once.
 */
export const TELEGRAM_SWAP_SOURCES: CurrencyCode[] = ['RKHEL'];

/** What `from` swaps into; in the Mini App (TELEGRAM_SWAP_SOURCES) K-Cash only, never USDT. */
export function swapTargetsOf(
  from: CurrencyCode,
  sources: readonly CurrencyCode[] = SWAP_SOURCES,
): CurrencyCode[] {
  return SWAP_PAIRS.filter(
    (p) => p.from === from && (sources !== TELEGRAM_SWAP_SOURCES || p.to === 'KCASH'),
  ).map((p) => p.to);
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

/** The sources the user holds some of, in SWAP_SOURCES' order (empty while the balance loads). */
export function heldSwapSources(
  balance: WalletBalance | undefined,
  sources: readonly CurrencyCode[] = SWAP_SOURCES,
): CurrencyCode[] {
  return sources.filter((c) => (availableToSwap(balance, c) ?? 0n) > 0n);
}

/** Something a gamer can do to get a swap's source (or what a swap would have given them). */
export interface SwapWay {
  /** Its texts: money.swap.ways.<id>.{title,body,action}. */
  id: 'earnRkhel' | 'buyKcash' | 'payWithTon';
  /** Where its action goes. */
  to: string;
}

export const SWAP_WAYS = {
  earnRkhel: { id: 'earnRkhel', to: RKHEL_QUESTS_HREF },
  buyKcash: { id: 'buyKcash', to: `${SCREEN_PATHS.buyKcash}/` },
  payWithTon: { id: 'payWithTon', to: `${SCREEN_PATHS.buyKcash}/` },
} as const satisfies Record<SwapWay['id'], SwapWay>;

/**
 * What a gamer without a source can do, by source, shown instead of a refusal: rKHEL is earned in quests;
 * USDT is not sold (a USDT payment on Buy K-Cash becomes K-Cash at once, which is what the swap would
 * give). A new way in (a TON deposit) is one more entry here and its texts.
 */
export const WAYS_TO_GET: Record<CurrencyCode, readonly SwapWay[]> = {
  RKHEL: [SWAP_WAYS.earnRkhel],
  USDT: [SWAP_WAYS.buyKcash],
  KCASH: [],
  KPOINTS: [],
  TON: [],
  XTR: [],
};

/** Every way, once, in SWAP_SOURCES' order, for a gamer who holds no source at all. */
export function waysToGetAnySource(sources: readonly CurrencyCode[] = SWAP_SOURCES): SwapWay[] {
  const ways = [...new Set(sources.flatMap((c) => WAYS_TO_GET[c]))];
  // The Mini App's swap takes rKHEL only: K-Cash comes straight from a TON payment.
  return sources === TELEGRAM_SWAP_SOURCES ? [...ways, SWAP_WAYS.payWithTon] : ways;
}

/** The source a swap starts from: what the user chose, else the first they hold, else the first of all. */
export function swapSourceOf(
  chosen: CurrencyCode | null,
  balance: WalletBalance | undefined,
  sources: readonly CurrencyCode[] = SWAP_SOURCES,
): CurrencyCode {
  return chosen ?? heldSwapSources(balance, sources)[0] ?? sources[0] ?? 'RKHEL';
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
