import { gunzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../modules/profile/profile.test-support.ts';
import { createRootApp } from '../runtime.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import {
  COMPRESS_INLINE_MAX_BYTES,
  COMPRESS_THRESHOLD_BYTES,
  chosenEncoding,
  compressAnswers,
} from './compress-answers.ts';

/** API answers through the root app as the server mounts it (runtime.ts `createRootApp`). */
describe('compressed API answers', () => {
  let ctx: TestContext;
  let root: Hono;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    root = createRootApp(ctx.deps);
    auth = (await signedInUser(ctx, { country: 'IN' })).auth;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    root.request(`/api${path}`, { headers: { ...auth, ...headers } });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('gzips a large JSON answer for a client that takes gzip; it decodes to the same envelope', async () => {
    const plain = await get('/users/me/countries');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const plainBody = await bytes(plain);
    expect(plainBody.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(plain.headers.get('content-length')).toBe(String(plainBody.length));
    const envelope = JSON.parse(plainBody.toString());
    expect(envelope).toMatchObject({ success: true, status: 200 });

    const gz = await get('/users/me/countries', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(gz.status).toBe(200);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('content-type')).toMatch(/^application\/json/);
    expect(gz.headers.get('vary')).toMatch(/accept-encoding/i);
    const gzBody = await bytes(gz);
    expect(gz.headers.get('content-length')).toBe(String(gzBody.length));
    expect(gzBody.length).toBeLessThan(plainBody.length / 2);
    expect(JSON.parse(gunzipSync(gzBody).toString())).toEqual(envelope);

    const deflate = await get('/users/me/countries', { 'accept-encoding': 'deflate' });
    expect(deflate.headers.get('content-encoding')).toBe('deflate');
    expect(JSON.parse(inflateSync(await bytes(deflate)).toString())).toEqual(envelope);
  });

  it('sends the answer as it is when the client takes no compression it can have', async () => {
    for (const acceptEncoding of ['identity', 'br', 'gzip;q=0, deflate;q=0']) {
      const res = await get('/users/me/countries', { 'accept-encoding': acceptEncoding });
      expect(res.headers.get('content-encoding'), acceptEncoding).toBeNull();
      expect(((await res.json()) as { success: boolean }).success, acceptEncoding).toBe(true);
    }
  });

  it('leaves small answers and errors as they are', async () => {
    const health = await get('/health', { 'accept-encoding': 'gzip' });
    expect(health.headers.get('content-encoding')).toBeNull();
    const body = await bytes(health);
    expect(body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(health.headers.get('content-length')).toBe(String(body.length));
    expect(JSON.parse(body.toString()).success).toBe(true);

    const unknown = await get('/no-such-route', { 'accept-encoding': 'gzip' });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-encoding')).toBeNull();
    expect(((await unknown.json()) as { message: string }).message).toBe('Not found');
  });

  it('never compresses or holds back the server-sent events of /kyc/verification-check', async () => {
    const res = await get('/kyc/verification-check', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    try {
      // The first event arrives while the stream stays open (nothing waits for its end).
      let text = '';
      const deadline = Date.now() + 8_000;
      while (!text.includes('\n\n')) {
        if (Date.now() > deadline) throw new Error('no event in time');
        const chunk = await reader.read();
        if (chunk.done) throw new Error('the stream ended');
        text += new TextDecoder().decode(chunk.value);
      }
      expect(text).toMatch(/^(?:retry|id|data|event): /m);
      expect(text).toContain('data: {');
    } finally {
      await reader.cancel();
    }
  });
});

describe('compressAnswers on answers built in memory', () => {
  const app = new Hono();
  app.use('*', compressAnswers());
  const big = (n: number) => ({ items: Array.from({ length: n }, (_, i) => ({ i, name: `item ${i}` })) });
  app.get('/list', (c) => {
    c.header('Vary', 'Origin');
    c.header('ETag', '"v1"');
    return c.json(big(Number(c.req.query('n') ?? 100)));
  });
  app.get('/no-transform', (c) => {
    c.header('Cache-Control', 'public, no-transform');
    return c.json(big(100));
  });

  it('chooses gzip or deflate by the q-values, gzip on a tie, none when both are refused', () => {
    expect(chosenEncoding(undefined)).toBeUndefined();
    expect(chosenEncoding('gzip, deflate, br')).toBe('gzip');
    expect(chosenEncoding('deflate, gzip;q=0.5')).toBe('deflate');
    expect(chosenEncoding('br, *;q=0.1')).toBe('gzip');
    expect(chosenEncoding('*, gzip;q=0')).toBe('deflate');
    expect(chosenEncoding('identity, br')).toBeUndefined();
  });

  it('keeps the Vary it had, adds Accept-Encoding, weakens the ETag and sends the compressed length', async () => {
    const res = await app.request('/list', { headers: { 'accept-encoding': 'gzip' } });
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(res.headers.get('vary')).toBe('Origin, Accept-Encoding');
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect(JSON.parse(gunzipSync(body).toString())).toEqual(big(100));
    const plain = await app.request('/list');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Origin, Accept-Encoding');
    expect(plain.headers.get('etag')).toBe('"v1"');
  });

  it('compresses an answer larger than the inline limit off the request thread, to the same bytes', async () => {
    const n = 6_000;
    expect(JSON.stringify(big(n)).length).toBeGreaterThan(COMPRESS_INLINE_MAX_BYTES);
    const res = await app.request(`/list?n=${n}`, { headers: { 'accept-encoding': 'deflate' } });
    expect(res.headers.get('content-encoding')).toBe('deflate');
    expect(JSON.parse(inflateSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(big(n));
  });

  it('leaves an answer marked no-transform as it is', async () => {
    const res = await app.request('/no-transform', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual(big(100));
  });
});
