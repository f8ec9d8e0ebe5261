import { API_FAILURE, CONFLICT_IN_PROGRESS, ERROR_CODES, FETCH_FAILED } from '../domain/client-messages.ts';

/** SPEC §8 texts the client itself produces (MESSAGES.apiFailure, .fetchFailed, .conflictInProgress). */
export const API_FAILURE_MESSAGE = API_FAILURE;
export const DATA_ERROR_MESSAGE = FETCH_FAILED;
export const CONFLICT_MESSAGE = CONFLICT_IN_PROGRESS;

/** `data.code` of the API's 404 when the user has no wallet (SPEC §8 "Wallet missing"). */
export const WALLET_NOT_FOUND_CODE = ERROR_CODES.walletNotFound;

/** The header a money write carries (DESIGN §3; the contract's IDEMPOTENCY_KEY_HEADER). */
export const IDEMPOTENCY_KEY_HEADER_NAME = 'Idempotency-Key';

/**
 * 422 answers to a money write that describe the request, not a missing wallet: an Idempotency-Key
 * reused with another body (the contract's IDEMPOTENCY_KEY_REUSED_MESSAGE, and the ledger's own
 * check), or an amount past the ledger's range. Screens show them as form errors; they never open
 * the SPEC §8 wallet-error modal. Kept as literals so the client entry does not pull in the money
 * contract; a test checks they match it.
 */
export const MONEY_WRITE_FORM_ERRORS: readonly string[] = [
  'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  'This payment was already made with different details.',
  'The amount is too large.',
];

/** A new Idempotency-Key: a random UUID (v4), also where `crypto.randomUUID` is missing (plain http). */
export function createIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
