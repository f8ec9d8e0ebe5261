import type { RouteDef } from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import type { MiddlewareHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { contractPathOf } from './body-limit.ts';
import type { AppEnv } from './context.ts';
import { AppError } from './http.ts';

/**
 * Admission: at most `maxInFlight` requests are handled at once; the others wait in arrival order, and
 * past `maxQueued` waiting a request is answered 503 at once (Retry-After: 1) instead of joining.
 *
 * Why: every request makes a dozen or more database round trips through one connection pool that
 * serves them first come, first served, query by query. A thousand requests arriving together then
 * all advance at the same slow pace and all finish near the end of the burst (the first answer of a
 * 300-finisher burst came after 65 s, with the last). Admitted in order, each is handled at the speed
 * of a quiet server and answered as soon as it is done: answers come out at the server's throughput
 * from the first one on, and a client that gives up has not made the others wait for its work.
 *
 * Event streams (they stay open) and the health routes (a load balancer must see a busy server as alive)
 * are not counted.
 */
export interface AdmissionOptions {
  maxInFlight: number;
  maxQueued: number;
}

export interface Admission {
  middleware: MiddlewareHandler<AppEnv>;
  /** Requests being handled and waiting, for the readiness details and the tests. */
  stats(): { inFlight: number; queued: number; refused: number };
}

export function createAdmission(table: Record<string, RouteDef>, options: AdmissionOptions): Admission {
  const exempt = new TrieRouter<true>();
  for (const route of Object.values(table))
    if (route.eventStream || route.path.startsWith('/health')) exempt.add(route.method, route.path, true);
  let inFlight = 0;
  let refused = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  };

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (exempt.match(c.req.method, contractPathOf(c))[0].length > 0) return next();
    if (inFlight < options.maxInFlight) inFlight++;
    else if (waiting.length >= options.maxQueued) {
      refused++;
      throw new AppError(503, MESSAGES.apiFailureTryAgain, null, { 'Retry-After': '1' });
    } else await new Promise<void>((resolve) => waiting.push(resolve));
    // The place is handed over by release(): inFlight already counts this request.
    try {
      await next();
    } finally {
      release();
    }
  };

  return {
    middleware,
    stats: () => ({ inFlight, queued: waiting.length, refused }),
  };
}
