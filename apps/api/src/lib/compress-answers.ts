import { promisify } from 'node:util';
import { deflate, deflateSync, gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed on the request thread, in one call (a 2.5 KB answer: ≈ 50 µs);
 * larger ones in zlib's thread pool, so that one big list never holds every other request back.
 */
export const COMPRESS_INLINE_MAX_BYTES = 128 * 1024;

type Encoding = 'gzip' | 'deflate';
const ENCODINGS: readonly Encoding[] = ['gzip', 'deflate'];
const compressNow = { gzip: gzipSync, deflate: deflateSync } as const;
const compressLater = { gzip: promisify(gzip), deflate: promisify(deflate) } as const;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * The encoding the client prefers among gzip and deflate, by its Accept-Encoding q-values (an explicit
 * q beats `*`, q=0 refuses; gzip first on a tie); none when it takes neither.
 */
export function chosenEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    const q = accepts.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/**
 * Compresses API answers of at least `threshold` bytes with gzip or deflate, as the client's
 * Accept-Encoding allows (q-values respected, `Vary: Accept-Encoding`, `Cache-Control: no-transform`
 * honoured). Server-sent events (`text/event-stream`) are never compressed or held back.
 *
 * Answers built in memory (c.json(), c.text(): every envelope) are compressed in one zlib call and sent
 * with their Content-Length. hono/compress pipes them through a CompressionStream instead, whose web
 * streams cost ≈ 0.7 ms of CPU for a 2.5 KB answer against ≈ 0.05 ms here: in a burst of campaign
 * finishers (issue 23), ≈ 5 % of the API's CPU per validation. Answers that already know their length
 * (files) still go through hono/compress as streams.
 * A compressed answer's strong `ETag` becomes weak (`W/"…"`), as it names the uncompressed bytes.
 */
export function compressAnswers(threshold = COMPRESS_THRESHOLD_BYTES): MiddlewareHandler {
  const compressStreams = compress({ threshold });
  return async (c, next) => {
    await compressStreams(c, async () => {
      await next();
      const res = c.res;
      const type = res.headers.get('Content-Type');
      if (
        !res.body ||
        c.req.method === 'HEAD' ||
        res.status === 206 ||
        res.headers.has('Content-Length') ||
        res.headers.has('Content-Encoding') ||
        res.headers.has('Transfer-Encoding') ||
        !type ||
        !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)
      )
        return;
      // Already in memory: read it, and send it as it is (small, or the client takes neither encoding)
      // or compressed here; either way with a Content-Length, which hono/compress then leaves alone.
      // Headers go on the answer before it is replaced: setting c.res copies the old answer's headers
      // over the new one's.
      const body = new Uint8Array(await res.arrayBuffer());
      let payload: Uint8Array<ArrayBuffer> = body;
      let encoding: Encoding | undefined;
      if (body.byteLength >= threshold) {
        const vary = res.headers.get('Vary');
        if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary)))
          res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
        const cacheControl = res.headers.get('Cache-Control');
        if (!cacheControl || !NO_TRANSFORM.test(cacheControl))
          encoding = chosenEncoding(c.req.header('Accept-Encoding'));
        if (encoding)
          payload = new Uint8Array(
            body.byteLength <= COMPRESS_INLINE_MAX_BYTES
              ? compressNow[encoding](body)
              : await compressLater[encoding](body),
          );
      }
      const sized = new Response(payload, res);
      sized.headers.set('Content-Length', String(payload.byteLength));
      if (encoding) sized.headers.set('Content-Encoding', encoding);
      c.res = sized;
    });
    // A strong ETag names the bytes as the route sent them (lib/public-cache.ts); compressed, they are
    // another representation of the same answer, so the tag goes weak (If-None-Match compares weakly).
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/') && c.res.headers.has('Content-Encoding'))
      c.res.headers.set('ETag', `W/${etag}`);
  };
}
