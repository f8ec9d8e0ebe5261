import { UNSAFE_TEXT_MESSAGE } from '@khel/core/contract';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { AppError } from './http.ts';

/**
 * The URL half of the safe-text rule (@khel/core/contract text.ts) for every route, contract or not
 * (sandbox pages and checkout, webhook, dev routes): a NUL in the path or the query is a 400 before
 * any route runs. `%00` is the only way a NUL reaches us in a URL (a raw one is percent-encoded by
 * every URL parser), and a lone surrogate cannot come out of percent-decoding at all (its bytes are
 * not UTF-8), so looking for `%00` in the raw URL is the whole check. Contract routes check their
 * decoded params, query and body again in `parseRouteInput`, where the body's JSON escapes are seen.
 */
export const refuseUnsafeUrlText: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (/%00/i.test(c.req.url)) throw new AppError(400, UNSAFE_TEXT_MESSAGE);
  await next();
};
