import {
  DEPOSIT_ABOVE_MAXIMUM_MESSAGE,
  DEPOSIT_BELOW_MINIMUM_MESSAGE,
  DEPOSIT_FEE_EXCEEDS_MESSAGE,
  money,
  ONRAMP_CURRENCIES,
  type OnrampCurrency,
} from '@khel/core/contract';
import { AppError } from '../../lib/http.ts';
import { payAmount } from './deposits.ts';
import { FEE_SCHEDULE, type OnrampQuoteValues, quoteDeposit } from './rates.ts';

/** A quote as GET /onramp/conversion and POST /onramp/deposit answer it. */
export function quoteView(q: OnrampQuoteValues) {
  return {
    pay: payAmount(q.amount, q.currency),
    method: ONRAMP_CURRENCIES[q.currency].method,
    rate: {
      from: q.currency,
      to: 'USDT',
      fromMajor: q.rate.fromMajor.toString(),
      toMajor: q.rate.toMajor.toString(),
    },
    usdtValue: money(q.usdtValue, 'USDT'),
    fee: money(q.fee, 'USDT'),
    receive: money(q.kcash, 'KCASH'),
  };
}

/** The quote for `amount`, or 400 when it is outside the currency's limits or the fee eats it all. */
export function checkedQuote(amount: bigint, currency: OnrampCurrency): OnrampQuoteValues {
  const rule = FEE_SCHEDULE[currency];
  if (amount < rule.minimum) throw new AppError(400, DEPOSIT_BELOW_MINIMUM_MESSAGE);
  if (amount > rule.maximum) throw new AppError(400, DEPOSIT_ABOVE_MAXIMUM_MESSAGE);
  const quote = quoteDeposit(amount, currency);
  if (quote.kcash <= 0n) throw new AppError(400, DEPOSIT_FEE_EXCEEDS_MESSAGE);
  return quote;
}

/** GET /onramp/gas-fee: the fee rule and limits of each currency (or of the one asked for). */
export function gasFees(only?: OnrampCurrency) {
  const currencies = (Object.keys(FEE_SCHEDULE) as OnrampCurrency[]).filter((c) => !only || c === only);
  return {
    fees: currencies.map((currency) => ({
      currency,
      method: ONRAMP_CURRENCIES[currency].method,
      flat: money(FEE_SCHEDULE[currency].flatUsdt, 'USDT'),
      basisPoints: FEE_SCHEDULE[currency].basisPoints,
      minimum: payAmount(FEE_SCHEDULE[currency].minimum, currency),
      maximum: payAmount(FEE_SCHEDULE[currency].maximum, currency),
    })),
  };
}
