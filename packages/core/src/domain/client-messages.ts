/**
 * The SPEC §8 texts the API client produces itself, in a module of their own so the client (in the
 * first download of both front ends) carries these three and not the whole MESSAGES catalogue.
 */
export const API_FAILURE = 'API Failure!';
export const FETCH_FAILED = 'An error occurred while fetching data.. Please try again!';
export const CONFLICT_IN_PROGRESS = 'Conflict: Resource already in progress';
