import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import {
  DEFAULT_MAX_BODY_BYTES,
  MULTIPART_OVERHEAD_BYTES,
  PROFILE_PICTURE_UPLOAD_MAX_BYTES,
  REQUEST_TOO_LARGE_MESSAGE,
} from '@khel/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, type LogCapture } from '../hostile-input.test-support.ts';
import { signedInUser } from '../modules/profile/profile.test-support.ts';
import { PICTURE_MESSAGES } from '../modules/profile/profile-picture.ts';
import { createRootApp } from '../runtime.ts';
import { createTestContext, type TestContext } from '../test-support.ts';

/**
 * One request-body limit in front of every route (lib/body-limit.ts), tested over real HTTP as the
 * server runs it (`createRootApp`: the API under /api; @hono/node-server): a body over the limit is a 413 envelope
 * before it is read, by its Content-Length or counted as it streams in, and the server's memory does
 * not grow with what the client sends.
 */
describe('request body limit over HTTP', () => {
  let ctx: TestContext;
  let logs: LogCapture;
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    logs = captureLogs();
    ctx = await createTestContext('pglite', undefined, {}, { logger: logs.logger });
    // The API as the server mounts it (under /api, behind the root app's middleware).
    const root = createRootApp(ctx.deps);
    server = await new Promise((ready) => {
      const s = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, () => ready(s));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((done) => server?.close(() => done()));
    await ctx?.close();
  });

  interface Sent {
    status: number;
    body: { success: boolean; status: number; data: unknown; message: string } | null;
    bytesSent: number;
  }

  /**
   * Sends `total` bytes in `chunk`-sized writes (chunked unless `contentLength` is given), honouring
   * back-pressure, and stops writing as soon as the answer arrives or the server closes the connection.
   */
  function send(
    path: string,
    options: {
      total: number;
      contentLength?: number;
      prefix?: string;
      headers?: Record<string, string>;
      method?: string;
    },
  ): Promise<Sent> {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    return new Promise((resolve, reject) => {
      let bytesSent = 0;
      let answered = false;
      const req = request({
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.contentLength !== undefined ? { 'content-length': String(options.contentLength) } : {}),
          ...options.headers,
        },
      });
      req.on('response', (res) => {
        answered = true;
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          let body: Sent['body'] = null;
          try {
            body = JSON.parse(text) as Sent['body'];
          } catch {}
          resolve({ status: res.statusCode ?? 0, body, bytesSent });
          req.destroy();
        });
      });
      req.on('error', (err) => {
        // The server may cut the upload off once it has answered; only an error before that counts.
        if (!answered) reject(err);
      });
      const pump = () => {
        while (!answered && !req.destroyed && bytesSent < options.total) {
          const part =
            bytesSent === 0 && options.prefix
              ? Buffer.from(options.prefix)
              : chunk.subarray(0, options.total - bytesSent);
          bytesSent += part.length;
          if (!req.write(part)) {
            req.once('drain', pump);
            return;
          }
        }
        if (!answered && bytesSent >= options.total && options.contentLength === undefined) req.end();
      };
      pump();
    });
  }

  const expectTooLarge = (res: Sent) => {
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, status: 413, data: null, message: REQUEST_TOO_LARGE_MESSAGE });
  };

  it('a declared Content-Length over the limit is a 413 before any of the body is read (600 MB to register)', async () => {
    const declared = 600 * 1024 * 1024;
    const res = await send('/api/authentication/register', {
      total: 1024,
      contentLength: declared,
      prefix: '{"phone":"',
    });
    expectTooLarge(res);
    expect(res.bytesSent).toBe(1024);
  });

  it('a 50 MB chunked body is a 413 counted as it streams, and the server does not hold it', async () => {
    const total = 50 * 1024 * 1024;
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    const res = await send('/api/authentication/register', { total, prefix: '{"phone":"' });
    const grown = process.memoryUsage().rss - before;
    expectTooLarge(res);
    // The server read at most the limit; what the client pushed before the answer is socket buffers.
    expect(res.bytesSent).toBeLessThan(total);
    expect(grown).toBeLessThan(32 * 1024 * 1024);
    expect(logs.errors()).toEqual([]);
  });

  it('just under the limit is read and validated as usual; just over is a 413', async () => {
    const body = (size: number) => {
      const head = '{"phone":"';
      return `${head}${'1'.repeat(size - head.length - 2)}"}`;
    };
    const under = await fetch(`http://127.0.0.1:${port}/api/authentication/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body(DEFAULT_MAX_BODY_BYTES),
    });
    expect(under.status).toBe(400);
    const over = await fetch(`http://127.0.0.1:${port}/api/authentication/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body(DEFAULT_MAX_BODY_BYTES + 1),
    });
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({
      success: false,
      status: 413,
      data: null,
      message: REQUEST_TOO_LARGE_MESSAGE,
    });
  });

  it('routes outside the contract are held to the default too (webhook, sandbox pages, dev routes)', async () => {
    for (const path of [
      '/api/onramp/webhook/sandbox',
      '/api/sandbox/google/authorize',
      '/api/sandbox/payments/some-payment',
      '/api/dev/outbox',
      '/api/no-such-route',
    ]) {
      const declared = await send(path, { total: 16, contentLength: DEFAULT_MAX_BODY_BYTES + 1 });
      expect(declared.status, path).toBe(413);
      const streamed = await send(path, { total: 2 * DEFAULT_MAX_BODY_BYTES });
      expect(streamed.status, path).toBe(413);
    }
  });

  it('the profile-picture upload declares its own, larger limit in the contract', async () => {
    const me = await signedInUser(ctx);
    const multipart = { 'content-type': 'multipart/form-data; boundary=x', ...me.auth };
    // 1 MB is far over the default but within the route's limit: it reaches the route (which refuses the
    // garbage as a missing picture).
    const oneMb = await send('/api/users/me/profile-picture', {
      total: 1024 * 1024,
      contentLength: 1024 * 1024,
      headers: multipart,
    });
    expect(oneMb.status).toBe(400);
    // Over the configured picture size (5 MB): the route's own message.
    const six = await send('/api/users/me/profile-picture', {
      total: 16,
      contentLength: 6 * 1024 * 1024,
      headers: multipart,
    });
    expect(six.status).toBe(413);
    expect(six.body?.message).toBe(PICTURE_MESSAGES.tooLarge(5_242_880));
    // Over the contract's limit for the route: refused in front of it.
    const huge = await send('/api/users/me/profile-picture', {
      total: 16,
      contentLength: PROFILE_PICTURE_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES + 1,
      headers: multipart,
    });
    expectTooLarge(huge);
  });
});
