import type { Money } from '@khel/core/contract';
import { formatMinorUnits, formatMoneyAmount, type MoneyPrecision } from '@khel/core/format';
import { displayLanguage, displayLocale } from '../../../lib/display-locale.ts';

/**
 * K-Cash as a number only; the screen adds "K-Cash" in the user's language. Whole K-Cash where the
 * gamer reads their earnings (`1,234`); `'exact'` in the collect dialog, where the money leaves (`1,234.5`).
 */
export function kcashAmount(money: Pick<Money, 'amount'>, precision: MoneyPrecision = 'whole'): string {
  return formatMoneyAmount({ amount: money.amount, currency: 'KCASH' }, displayLanguage(), precision);
}

const SYMBOLS: Record<string, string> = { INR: '₹', BRL: 'R$ ' };

/** A payout amount (INR paise…) with its symbol: `₹1,234.50`; currencies without one get their code. */
export function payAmountText(pay: { amount: string; currency: string; decimals: number }): string {
  const text = formatMinorUnits(pay.amount, pay.decimals, {
    grouping: true,
    locale: displayLocale(),
    minDecimals: Math.min(2, pay.decimals),
  });
  const symbol = SYMBOLS[pay.currency];
  return symbol ? `${symbol}${text}` : `${text} ${pay.currency}`;
}

/** The masked bank account a payout goes to (`{ ifsc, last4, bankName }`). */
export function maskedBankOf(destination: Record<string, string> | null | undefined): {
  bankName: string | null;
  last4: string;
} | null {
  const last4 = destination?.last4;
  if (!last4) return null;
  return { bankName: destination?.bankName || null, last4 };
}
