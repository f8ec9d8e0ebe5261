import type { StoreItem, StorePayCurrency, WalletBalance } from '@khel/core/contract';
import { splitKcashSpend } from '@khel/core/domain';

/** Unit price of an item in a currency, or null when it cannot be bought with it. */
export function unitPriceOf(item: StoreItem, currency: StorePayCurrency): bigint | null {
  const price = currency === 'KCASH' ? item.prices.kcash : item.prices.rkhel;
  return price ? BigInt(price.amount) : null;
}

/** The currencies an item can be bought with, K-Cash first. */
export function payCurrenciesOf(item: StoreItem): StorePayCurrency[] {
  const out: StorePayCurrency[] = [];
  if (item.prices.kcash) out.push('KCASH');
  if (item.prices.rkhel) out.push('RKHEL');
  return out;
}

/** Most units one purchase may take: the contract's cap and what is in stock. */
export function maxQuantityOf(item: StoreItem, cap: number): number {
  return Math.max(0, Math.min(cap, item.stock));
}

export type SpendPreview =
  | { kind: 'kcash'; total: bigint; fromBought: bigint; fromEarned: bigint }
  | { kind: 'rkhel'; total: bigint; fromRkhel: bigint }
  | { kind: 'short'; total: bigint; currency: StorePayCurrency; available: bigint };

/**
 * Which balance pays for `quantity` units, as the API will take it: K-Cash bought before earned
 * (splitKcashSpend from the contract), or rKHEL; `short` when the balances do not cover it.
 */
export function previewSpend(
  item: StoreItem,
  currency: StorePayCurrency,
  quantity: number,
  balance: WalletBalance,
): SpendPreview | null {
  const unit = unitPriceOf(item, currency);
  if (unit === null || quantity < 1) return null;
  const total = unit * BigInt(quantity);
  if (currency === 'KCASH') {
    const bought = BigInt(balance.kcashBought.amount);
    const earned = BigInt(balance.kcashEarned.amount);
    const split = splitKcashSpend({ kcashBought: bought, kcashEarned: earned }, total);
    if (!split) return { kind: 'short', total, currency, available: bought + earned };
    return { kind: 'kcash', total, ...split };
  }
  const rkhel = BigInt(balance.rkhel.amount);
  if (rkhel < total) return { kind: 'short', total, currency, available: rkhel };
  return { kind: 'rkhel', total, fromRkhel: total };
}
