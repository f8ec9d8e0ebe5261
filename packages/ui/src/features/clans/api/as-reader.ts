import type { RouteDef } from '@khel/core/contract';

/**
 * A public route (auth 'none') that answers more to a signed-in reader (their role in a clan, the invite
 * links, their clan on a board): sent with the bearer token when there is one. The client sends tokens
 * only to 'bearer' routes.
 */
export function asReader<R extends RouteDef>(route: R, signedIn: boolean): R {
  return signedIn ? { ...route, auth: 'bearer' } : route;
}
