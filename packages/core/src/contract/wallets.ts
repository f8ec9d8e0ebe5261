import { z } from 'zod';
import { CURRENCIES, type CurrencyCode } from '../format/money.ts';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';

/**
 * Wallet balances and the money types every money route uses (DESIGN §5). Amounts cross the API as
 * strings of integer minor units, always with their currency code and decimals, so no client does
 * float arithmetic on money: format with `formatAmount(amount, currency)` from @khel/core/format.
 */

const CURRENCY_CODES = Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]];
export const currencyCodeSchema = lazySchema(() => z.enum(CURRENCY_CODES));

/** Largest amount one request may carry: 18 digits, so any sum of two still fits a PostgreSQL bigint. */
const MAX_AMOUNT_DIGITS = 18;
export const AMOUNT_FORMAT_MESSAGE = 'The amount must be a whole number of minor units, written as a string';

/** A signed amount in minor units, as a string (balances, history lines). */
export const minorUnitsSchema = lazySchema(() =>
  z.string().regex(/^(0|-?[1-9]\d{0,18})$/, { message: AMOUNT_FORMAT_MESSAGE }),
);
/** A positive amount in minor units, as a string (what a request asks to move). */
export const positiveMinorUnitsSchema = lazySchema(() =>
  z
    .string({ error: AMOUNT_FORMAT_MESSAGE })
    .regex(new RegExp(`^[1-9]\\d{0,${MAX_AMOUNT_DIGITS - 1}}$`), { message: AMOUNT_FORMAT_MESSAGE }),
);

/** An amount with its currency and that currency's decimals: `{ amount: '1500000', currency: 'USDT', decimals: 6 }` is 1.5 USDT. */
export const moneySchema = lazySchema(() =>
  z
    .object({
      amount: minorUnitsSchema,
      currency: currencyCodeSchema,
      decimals: z.number().int().min(0).max(18),
    })
    .refine((m) => m.decimals === CURRENCIES[m.currency].decimals, {
      message: 'decimals must be those of the currency',
      path: ['decimals'],
    }),
);
export type Money = z.infer<typeof moneySchema>;

/** Builds the wire form of an amount. */
export function money(amount: bigint, currency: CurrencyCode): Money {
  return { amount: amount.toString(), currency, decimals: CURRENCIES[currency].decimals };
}

/** A user's separate balances. K-Cash is kept as bought and earned: only earned value is collectable. */
export const BALANCE_KEYS = ['usdt', 'kcashBought', 'kcashEarned', 'rkhel', 'kpoints'] as const;
export type BalanceKey = (typeof BALANCE_KEYS)[number];
export const balanceKeySchema = lazySchema(() => z.enum(BALANCE_KEYS));
export const BALANCE_CURRENCY = {
  usdt: 'USDT',
  kcashBought: 'KCASH',
  kcashEarned: 'KCASH',
  rkhel: 'RKHEL',
  kpoints: 'KPOINTS',
} as const satisfies Record<BalanceKey, CurrencyCode>;

/** GET /wallets/balance: every balance of the signed-in user; kcashTotal = kcashBought + kcashEarned. */
export const walletBalanceSchema = lazySchema(() =>
  z.object({
    usdt: moneySchema,
    kcashBought: moneySchema,
    kcashEarned: moneySchema,
    kcashTotal: moneySchema,
    rkhel: moneySchema,
    kpoints: moneySchema,
  }),
);
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/**
 * Money writes take an `Idempotency-Key` header (DESIGN §3): a client makes one key per user intent
 * (a UUID) and sends it again on every retry of that intent. The same key and body replays the first
 * answer (with `Idempotent-Replayed: true`); the same key with another body is a 422; a request still
 * in flight is a 409 with the SPEC §8 conflict text.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_REQUIRED_MESSAGE = 'This request needs an Idempotency-Key header.';
export const IDEMPOTENCY_KEY_INVALID_MESSAGE =
  'The Idempotency-Key header must be 1 to 255 visible ASCII characters.';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different request. Use a new key for a new request.';
export const BALANCE_CURRENCY_MISMATCH_MESSAGE = 'The currency does not match the balance';

export const devLedgerGrantBodySchema = lazySchema(() =>
  z
    .object({
      balance: balanceKeySchema,
      amount: positiveMinorUnitsSchema,
      currency: currencyCodeSchema,
    })
    .strict()
    .refine((b) => BALANCE_CURRENCY[b.balance] === b.currency, {
      message: BALANCE_CURRENCY_MISMATCH_MESSAGE,
      path: ['currency'],
    }),
);

export const devLedgerGrantSchema = lazySchema(() =>
  z.object({
    transferId: z.string(),
    balance: balanceKeySchema,
    credited: moneySchema,
    /** The balance after the grant. */
    newBalance: moneySchema,
  }),
);
export type DevLedgerGrant = z.infer<typeof devLedgerGrantSchema>;

export const walletRoutes = {
  walletBalance: defineRoute({
    method: 'GET',
    path: '/wallets/balance',
    summary: 'Every balance of the signed-in user, in minor units with currency and decimals',
    tag: 'Wallets',
    auth: 'bearer',
    response: walletBalanceSchema,
  }),
  devLedgerGrant: defineRoute({
    method: 'POST',
    path: '/dev/ledger/grant',
    summary:
      'Credit the signed-in user from the treasury (Idempotency-Key header required); outside production only',
    tag: 'Development',
    auth: 'bearer',
    body: devLedgerGrantBodySchema,
    response: devLedgerGrantSchema,
    successStatus: 201,
    devOnly: true,
    idempotent: true,
  }),
} as const;

/** A user's balance short of a debit, for the currencies other than K-Cash and rKHEL (MESSAGES.notEnoughBalance). */
export const NOT_ENOUGH_USDT_MESSAGE = 'Not enough USDT';
export const NOT_ENOUGH_KPOINTS_MESSAGE = 'Not enough K-Points';
export const NOT_ENOUGH_TON_MESSAGE = 'Not enough TON';
/**
 * Short of a payment only one of the two can make (a Klash entry fee is K-Cash only, a swap takes rKHEL
 * only): SPEC §8's 'Uh-oh! Not Enough K-Cash or rKHEL' would name a currency that cannot pay it.
 */
export const NOT_ENOUGH_KCASH_MESSAGE = 'Uh-oh! Not Enough K-Cash';
export const NOT_ENOUGH_RKHEL_MESSAGE = 'Uh-oh! Not Enough rKHEL';
/** A ledger transfer key posted before with another body. */
export const LEDGER_KEY_REUSED_MESSAGE = 'This payment was already made with different details.';
/** A balance would leave the range of a PostgreSQL bigint. */
export const AMOUNT_TOO_LARGE_MESSAGE = 'The amount is too large.';

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const walletsMessages = {
  IDEMPOTENCY_KEY_REUSED: IDEMPOTENCY_KEY_REUSED_MESSAGE,
  AMOUNT_FORMAT: AMOUNT_FORMAT_MESSAGE,
  NOT_ENOUGH_USDT: NOT_ENOUGH_USDT_MESSAGE,
  NOT_ENOUGH_KPOINTS: NOT_ENOUGH_KPOINTS_MESSAGE,
  NOT_ENOUGH_TON: NOT_ENOUGH_TON_MESSAGE,
  NOT_ENOUGH_KCASH: NOT_ENOUGH_KCASH_MESSAGE,
  NOT_ENOUGH_RKHEL: NOT_ENOUGH_RKHEL_MESSAGE,
  LEDGER_KEY_REUSED: LEDGER_KEY_REUSED_MESSAGE,
  AMOUNT_TOO_LARGE: AMOUNT_TOO_LARGE_MESSAGE,
} as const;
