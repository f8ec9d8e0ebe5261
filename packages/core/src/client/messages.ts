import { MESSAGES } from '../domain/messages.ts';

/** SPEC §8 texts the client itself produces. */
export const API_FAILURE_MESSAGE = MESSAGES.apiFailure;
export const DATA_ERROR_MESSAGE = MESSAGES.fetchFailed;
export const CONFLICT_MESSAGE = MESSAGES.conflictInProgress;

/** `data.code` of the API's 404 when the user has no wallet (SPEC §8 "Wallet missing"). */
export const WALLET_NOT_FOUND_CODE = 'WALLET_NOT_FOUND';
