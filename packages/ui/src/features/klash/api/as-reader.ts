import type { RouteDef } from '@khel/core/contract';

/**
 * The tournament, its bracket and its board are public (auth 'none') but tell a signed-in reader more
 * (their registration, their side of a match, their row): sent with the bearer token when there is one.
 * The client sends tokens only to 'bearer' routes.
 */
export function readerRoute<R extends RouteDef>(route: R, signedIn: boolean): R {
  return signedIn ? { ...route, auth: 'bearer' } : route;
}
