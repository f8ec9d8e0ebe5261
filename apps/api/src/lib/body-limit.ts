import { DEFAULT_MAX_BODY_BYTES, REQUEST_TOO_LARGE_MESSAGE, type RouteDef } from '@khel/core/contract';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { baseRoutePath } from 'hono/route';
import { TrieRouter } from 'hono/router/trie-router';
import type { AppEnv } from './context.ts';
import { AppError } from './http.ts';

/** The request's path as the contract writes it: the API is mounted under /api by the server (at / in tests). */
export function contractPathOf(c: Context): string {
  const base = baseRoutePath(c);
  return base === '/' ? c.req.path : c.req.path.slice(base.length) || '/';
}

/** The request came over HTTP/2 (node's request object says so; absent under app.request() in tests). */
function isHttp2(c: Context): boolean {
  const incoming = (c.env as { incoming?: { httpVersionMajor?: number } } | undefined)?.incoming;
  return incoming?.httpVersionMajor === 2;
}

/**
 * One request-body limit for the whole API, in front of every route (contract routes, sandbox pages,
 * the payments webhook, dev routes): DEFAULT_MAX_BODY_BYTES (64 KiB), or the `maxBodyBytes` a contract
 * route declares (the profile-picture upload). A body over the limit is answered 413 in the envelope
 * before it is read: a Content-Length over it at once, a chunked body as soon as the count passes it
 * (hono/body-limit; at most the limit is ever held). The answer closes the connection, so a client
 * still sending is cut off instead of being read to the end.
 */
export function requestBodyLimit(table: Record<string, RouteDef>): MiddlewareHandler<AppEnv> {
  const declared = new TrieRouter<number>();
  for (const route of Object.values(table))
    if (route.maxBodyBytes !== undefined) declared.add(route.method, route.path, route.maxBodyBytes);
  const limiters = new Map<number, MiddlewareHandler>();
  const limiterFor = (maxSize: number) => {
    let limiter = limiters.get(maxSize);
    if (!limiter) {
      limiter = bodyLimit({
        maxSize,
        onError: (c) => {
          // HTTP/2 has no Connection header (the stream is reset instead); HTTP/1.1 closes the connection.
          throw new AppError(413, REQUEST_TOO_LARGE_MESSAGE, null, isHttp2(c) ? {} : { Connection: 'close' });
        },
      });
      limiters.set(maxSize, limiter);
    }
    return limiter;
  };
  return async (c, next) => {
    const [matches] = declared.match(c.req.method, contractPathOf(c));
    const maxSize = matches[0]?.[0] ?? DEFAULT_MAX_BODY_BYTES;
    return limiterFor(maxSize)(c, next);
  };
}
