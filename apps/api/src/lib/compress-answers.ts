import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers of at least `threshold` bytes with gzip or deflate, as the client's
 * Accept-Encoding allows (hono/compress: q-values respected, `Vary: Accept-Encoding`,
 * `Cache-Control: no-transform` honoured). Server-sent events (`text/event-stream`) are never
 * compressed or held back: hono/compress leaves that type alone, and so does the sizing below.
 * A compressed answer's strong `ETag` becomes weak (`W/"…"`), as it names the uncompressed bytes.
 */
export function compressAnswers(threshold = COMPRESS_THRESHOLD_BYTES): MiddlewareHandler {
  const compressLarge = compress({ threshold });
  return async (c, next) => {
    await compressLarge(c, async () => {
      await next();
      // hono/compress skips small answers by their Content-Length, which c.json() and c.text()
      // leave unset; their bodies are already in memory, so measure them. Streams of other types
      // (event streams, files) are not read here.
      const res = c.res;
      const type = res.headers.get('Content-Type');
      if (
        !res.body ||
        c.req.method === 'HEAD' ||
        res.headers.has('Content-Length') ||
        res.headers.has('Content-Encoding') ||
        !type ||
        !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)
      )
        return;
      const body = await res.arrayBuffer();
      const sized = new Response(body, res);
      sized.headers.set('Content-Length', String(body.byteLength));
      c.res = sized;
    });
    // A strong ETag names the bytes as the route sent them (lib/public-cache.ts); compressed, they are
    // another representation of the same answer, so the tag goes weak (If-None-Match compares weakly).
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/') && c.res.headers.has('Content-Encoding'))
      c.res.headers.set('ETag', `W/${etag}`);
  };
}
