import type { Money } from '@khel/core/contract';
import { formatAmount, formatMinorUnits } from '@khel/core/format';
import { displayLocale } from '../../../lib/display-locale.ts';

/** K-Cash as a number only (`1,234.5`); the screen adds "K-Cash" in the user's language. */
export function kcashAmount(money: Pick<Money, 'amount'>): string {
  return formatAmount(money.amount, 'KCASH', { grouping: true, locale: displayLocale() });
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
