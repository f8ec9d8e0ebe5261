/**
 * The SPEC §8 texts the API client produces itself, in a module of their own so the client (in the
 * first download of both front ends) carries these three and not the whole MESSAGES catalogue.
 */
export const API_FAILURE = 'API Failure!';
export const FETCH_FAILED = 'An error occurred while fetching data.. Please try again!';
export const CONFLICT_IN_PROGRESS = 'Conflict: Resource already in progress';

/** The catalogue's codes (contract `sharedMessages`) of the texts above, for failures the client makes itself. */
export const CLIENT_MESSAGE_CODES: ReadonlyMap<string, string> = new Map([
  [API_FAILURE, 'API_FAILURE'],
  [FETCH_FAILED, 'FETCH_FAILED'],
  [CONFLICT_IN_PROGRESS, 'IN_PROGRESS'],
]);

/**
 * `data.code` of failed answers a screen acts on (instead of comparing the English message, which a
 * reworded text would break): the money write is still running (409 CONFLICT_IN_PROGRESS), the
 * user's balance does not cover it (409 'Uh-oh! Not Enough K-Cash or rKHEL' / 'Not enough USDT'),
 * and the user has no custodial wallet (404 'Wallet not found', SPEC §8 "Wallet missing").
 */
export const ERROR_CODES = {
  inProgress: 'IN_PROGRESS',
  insufficientFunds: 'INSUFFICIENT_FUNDS',
  walletNotFound: 'WALLET_NOT_FOUND',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The `data.code` of a failed answer's data, when it carries one. */
export function errorCodeOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('code' in data)) return undefined;
  const { code } = data as { code: unknown };
  return typeof code === 'string' ? code : undefined;
}
