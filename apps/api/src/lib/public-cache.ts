import { createHash } from 'node:crypto';
import type { RouteDef } from '@khel/core/contract';
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './context.ts';

/** At most this many answers are kept per route (least recently used go first). */
export const PUBLIC_CACHE_MAX_ENTRIES = 500;
/** At most this many bytes of answers are kept per route (least recently used go first). */
export const PUBLIC_CACHE_MAX_BYTES = 8 * 1024 * 1024;

interface Entry {
  body: Uint8Array;
  contentType: string;
  etag: string;
  /** Clock time (ms) after which the entry is recomputed. */
  expiresAt: number;
}

/** Whether the cache answers in this process: PUBLIC_CACHE, else on everywhere but NODE_ENV=test. */
export const publicCacheEnabled = (env: { PUBLIC_CACHE?: boolean; NODE_ENV: string }) =>
  env.PUBLIC_CACHE ?? env.NODE_ENV !== 'test';

/** Does an `If-None-Match` value name this tag (weak comparison, RFC 9110 §13.1.2; `*` matches any)? */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/**
 * The short-lived cache of one route's anonymous answers (RouteDef.publicCache), mounted by `mount`
 * in front of the route's handler, so it runs after the access check and before the input check.
 *
 * - A request with an `Authorization` header passes through untouched: public routes may personalise
 *   their answer for a signed-in reader (the clans board adds the reader's clan), so such an answer is
 *   never stored nor served from here, and keeps the app's `Cache-Control: no-store`.
 * - Anonymous requests are keyed on the path and the raw query string (the language of articles is a query
 *   parameter; no cached route reads a header). A 200 answer is kept for `seconds` by `deps.clock()`,
 *   with a strong ETag (SHA-1 of the body); other answers (4xx, errors) are never kept.
 * - Misses of one key arriving together compute once (single flight): the others wait for the first
 *   and are answered from what it stored, or compute their own when it stored nothing.
 * - Every anonymous answer carries `ETag`, `Cache-Control: public, max-age=<seconds>` and `Vary: Authorization`
 *   (a shared cache on the way must not give it to a signed-in reader); a request whose `If-None-Match`
 *   names the tag gets 304 with no body.
 * - Bounded per route: PUBLIC_CACHE_MAX_ENTRIES answers and PUBLIC_CACHE_MAX_BYTES bytes, least recently
 *   used dropped first. Each API process has its own cache; the TTL bounds how far they disagree.
 *
 * Made once per mounted route, so every app (and every test's app) has caches of its own.
 */
export function publicCache(seconds: number): MiddlewareHandler<AppEnv> {
  const ttlMs = seconds * 1000;
  const cacheControl = `public, max-age=${seconds}`;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry | null>>();
  let bytes = 0;

  const drop = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= old.body.byteLength;
  };
  const store = (key: string, entry: Entry) => {
    drop(key);
    if (entry.body.byteLength > PUBLIC_CACHE_MAX_BYTES) return;
    entries.set(key, entry);
    bytes += entry.body.byteLength;
    // A Map iterates in insertion order, and a hit re-inserts its key: the first key is the least recently used.
    for (const oldest of entries.keys()) {
      if (entries.size <= PUBLIC_CACHE_MAX_ENTRIES && bytes <= PUBLIC_CACHE_MAX_BYTES) break;
      drop(oldest);
    }
  };

  return async (c, next) => {
    const deps = c.get('deps');
    if (!publicCacheEnabled(deps.env) || c.req.header('authorization') !== undefined) return next();

    const answer = (entry: Entry) => {
      c.header('ETag', entry.etag);
      c.header('Cache-Control', cacheControl);
      c.header('Vary', 'Authorization');
      if (ifNoneMatchHits(c.req.header('if-none-match'), entry.etag)) return c.body(null, 304);
      c.header('Content-Type', entry.contentType);
      return c.body(entry.body as Uint8Array<ArrayBuffer>, 200 as ContentfulStatusCode);
    };

    const url = new URL(c.req.url);
    const key = `${url.pathname}${url.search}`;
    const now = deps.clock().getTime();
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now) {
      entries.delete(key);
      entries.set(key, hit);
      return answer(hit);
    }

    const pending = inFlight.get(key);
    if (pending) {
      const filled = await pending;
      if (filled) return answer(filled);
      return next();
    }

    let settle!: (entry: Entry | null) => void;
    inFlight.set(
      key,
      new Promise<Entry | null>((resolve) => {
        settle = resolve;
      }),
    );
    let filled: Entry | null = null;
    try {
      await next();
      const res = c.res;
      const contentType = res.headers.get('Content-Type');
      if (
        res.status === 200 &&
        contentType?.startsWith('application/json') &&
        !res.headers.has('Set-Cookie')
      ) {
        const body = new Uint8Array(await res.clone().arrayBuffer());
        filled = {
          body,
          contentType,
          etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
          expiresAt: deps.clock().getTime() + ttlMs,
        };
        store(key, filled);
      }
    } finally {
      inFlight.delete(key);
      settle(filled);
    }
    if (!filled) return;
    // The first reader gets the answer it computed, with the headers the cached copies carry.
    c.header('ETag', filled.etag);
    c.header('Cache-Control', cacheControl);
    c.header('Vary', 'Authorization');
    if (ifNoneMatchHits(c.req.header('if-none-match'), filled.etag)) {
      const headers = new Headers(c.res.headers);
      headers.delete('Content-Type');
      headers.delete('Content-Length');
      c.res = undefined;
      c.res = new Response(null, { status: 304, headers });
    }
  };
}

/** The route's cache middleware, or none when the contract declares no `publicCache`. */
export function publicCacheOf(route: RouteDef): MiddlewareHandler<AppEnv> | undefined {
  if (!route.publicCache) return undefined;
  if (route.method !== 'GET' || route.auth !== 'none')
    throw new Error(`${route.method} ${route.path}: publicCache is only for auth 'none' GET routes`);
  return publicCache(route.publicCache.seconds);
}
