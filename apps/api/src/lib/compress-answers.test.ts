import { gunzipSync, inflateSync } from 'node:zlib';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../modules/profile/profile.test-support.ts';
import { createRootApp } from '../runtime.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compress-answers.ts';

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
    expect(gz.headers.get('content-length')).toBeNull();
    const gzBody = await bytes(gz);
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
