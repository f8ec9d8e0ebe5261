import {
  AMOUNT_TOO_LARGE_MESSAGE,
  LEDGER_KEY_REUSED_MESSAGE,
  NOT_ENOUGH_KCASH_MESSAGE,
  NOT_ENOUGH_KPOINTS_MESSAGE,
  NOT_ENOUGH_RKHEL_MESSAGE,
  NOT_ENOUGH_TON_MESSAGE,
  NOT_ENOUGH_USDT_MESSAGE,
} from '@khel/core/contract';
import { ERROR_CODES, MESSAGES } from '@khel/core/domain';
import { CURRENCIES, type CurrencyCode } from '@khel/core/format';
import type { LedgerAccountKind } from '@khel/db/schema';
import { AppError } from '../../lib/http.ts';

export { AMOUNT_TOO_LARGE_MESSAGE, LEDGER_KEY_REUSED_MESSAGE };

/**
 * A debit that would take an account below zero. 409 rather than 422: SPEC §8 makes a 422 open the
 * wallet-not-found modal, while a 409 shows its own message. For a user's K-Cash or rKHEL that
 * message is the SPEC §8 text.
 */
export class InsufficientFundsError extends AppError {
  constructor(
    readonly account: {
      id: string;
      kind: LedgerAccountKind;
      currency: CurrencyCode;
      ownerUserId: string | null;
    },
    readonly available: bigint,
    readonly required: bigint,
    /** What the user reads instead of the currency's usual text (see payableOnlyIn). */
    message?: string,
  ) {
    const isUser = account.ownerUserId !== null;
    super(
      409,
      (isUser ? message : undefined) ?? insufficientFundsMessage(account.currency, isUser),
      // A user may see their own shortfall; a system account's balance is not theirs to see.
      isUser
        ? {
            code: ERROR_CODES.insufficientFunds,
            currency: account.currency,
            decimals: CURRENCIES[account.currency].decimals,
            available: available.toString(),
            required: required.toString(),
          }
        : null,
    );
    this.name = 'InsufficientFundsError';
  }
}

/** What a user reads when their balance is short, by currency. */
const SHORT_OF: Record<CurrencyCode, string> = {
  KCASH: MESSAGES.notEnoughBalance,
  RKHEL: MESSAGES.notEnoughBalance,
  USDT: NOT_ENOUGH_USDT_MESSAGE,
  KPOINTS: NOT_ENOUGH_KPOINTS_MESSAGE,
  // Users never hold TON (only Khel's ton_custody does); named like USDT in case one ever is short.
  TON: NOT_ENOUGH_TON_MESSAGE,
  // No user holds Stars: only system accounts are in XTR.
  XTR: MESSAGES.notEnoughBalance,
};

export function insufficientFundsMessage(currency: CurrencyCode, isUser = true): string {
  if (!isUser)
    return `The ${CURRENCIES[currency].label} pool cannot cover this right now. Please try again later.`;
  return SHORT_OF[currency];
}

/** A shortfall's text when only that currency could have paid: SHORT_OF's K-Cash and rKHEL name both. */
const ONLY_SHORT_OF: Record<CurrencyCode, string> = {
  ...SHORT_OF,
  KCASH: NOT_ENOUGH_KCASH_MESSAGE,
  RKHEL: NOT_ENOUGH_RKHEL_MESSAGE,
};

/**
 * Runs a payment that only `currency` can make (a Klash fee in K-Cash, a swap from rKHEL): a user's
 * shortfall then names that currency alone, not SPEC §8's 'Uh-oh! Not Enough K-Cash or rKHEL', which
 * stays for what either can pay (K-Store items, POG slots). Anything else is thrown as it came.
 */
export async function payableOnlyIn<T>(currency: CurrencyCode, pay: () => Promise<T>): Promise<T> {
  try {
    return await pay();
  } catch (err) {
    if (!(err instanceof InsufficientFundsError) || err.account.ownerUserId === null) throw err;
    throw new InsufficientFundsError(err.account, err.available, err.required, ONLY_SHORT_OF[currency]);
  }
}

/** A transfer idempotency key already posted with another body (accounts, amount, currency or kind). */
export class TransferKeyReusedError extends AppError {
  constructor(readonly idempotencyKey: string) {
    super(422, LEDGER_KEY_REUSED_MESSAGE);
    this.name = 'TransferKeyReusedError';
  }
}

/** A balance would leave the range of a PostgreSQL bigint. */
export class AmountTooLargeError extends AppError {
  constructor() {
    super(422, AMOUNT_TOO_LARGE_MESSAGE);
    this.name = 'AmountTooLargeError';
  }
}

/** A bug in the caller (unknown account, currency mismatch, bad amount): never shown to a user. */
export class LedgerUsageError extends Error {
  constructor(message: string) {
    super(`ledger: ${message}`);
    this.name = 'LedgerUsageError';
  }
}

/** SQLSTATE and constraint of a database error, through Drizzle's wrapper (PGlite and postgres.js name them differently). */
export function databaseErrorOf(
  err: unknown,
): { code?: string; constraint?: string; message: string } | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const candidate = e as {
      code?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
      message?: unknown;
    };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      const constraint = candidate.constraint_name ?? candidate.constraint;
      return {
        code: candidate.code,
        ...(typeof constraint === 'string' ? { constraint } : {}),
        message: String(candidate.message ?? ''),
      };
    }
  }
  return null;
}
