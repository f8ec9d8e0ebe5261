import { randomUUID } from 'node:crypto';
import { REQUEST_TOO_LARGE_MESSAGE, UNSAFE_TEXT_MESSAGE } from '@khel/core/contract';
import { schema } from '@khel/db';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { captureLogs, hostileText, hugeText, type LogCapture } from './hostile-input.test-support.ts';
import { freshIp } from './modules/auth/auth.test-support.ts';
import { signedInUser } from './modules/profile/profile.test-support.ts';
import { createTestContext, DB_KINDS, signInitData, type TestContext } from './test-support.ts';

/**
 * Bad input never gets a 500 or a stack trace, and never logs an error: whatever arrives, the answer
 * is a 4xx envelope and nothing is written (no user, no code sent, no event, no idempotency key).
 * Includes the inputs that found defects from outside (issue 8): NUL bytes and lone surrogates, which
 * PostgreSQL refuses, in every place a request carries text; and bodies far over the size limit.
 */
describe.each(DB_KINDS)('bad input is a 4xx envelope that changes nothing on %s (fast-check)', (kind) => {
  let ctx: TestContext;
  let logs: LogCapture;
  beforeAll(async () => {
    logs = captureLogs();
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {}, { logger: logs.logger });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    // Bad input is not an error of ours.
    expect(logs.take().filter((l) => l.level === 'error')).toEqual([]);
  });

  const counts = async () => ({
    users: (await ctx.deps.db.query.users.findMany()).length,
    messages: (await ctx.deps.db.query.sandboxMessages.findMany()).length,
    events: (await ctx.deps.db.query.analyticsEvents.findMany()).length,
    earnings: (await ctx.deps.db.select().from(schema.earnings)).length,
    idempotencyKeys: (await ctx.deps.db.select().from(schema.idempotencyKeys)).length,
  });

  const expectEnvelope4xx = (res: Awaited<ReturnType<TestContext['json']>>) => {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'message', 'status', 'success']);
    expect(res.body).toMatchObject({ success: false, status: res.status, message: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/at .+\.ts:\d+/);
  };

  const expectUnsafeText = (res: Awaited<ReturnType<TestContext['json']>>, what: string) => {
    expectEnvelope4xx(res);
    expect(res.status, what).toBe(400);
    expect(res.body.message, what).toBe(UNSAFE_TEXT_MESSAGE);
  };

  const notAPhone = fc.oneof(
    fc.anything(),
    fc.string(),
    fc.string({ unit: 'binary' }),
    hostileText,
    fc.stringMatching(/^\+?\d{0,6}$/),
    fc.stringMatching(/^\+[1-9]\d{15,20}$/),
  );

  it('POST /authentication/register and /verify with arbitrary bodies', async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.tuple(
            fc.oneof(
              fc.anything(),
              fc.record({ phone: notAPhone }),
              fc.record({ phone: notAPhone, otp: fc.anything() }),
            ),
            fc.constantFrom('/authentication/register', '/authentication/verify', '/authentication/resend'),
          ),
          fc.tuple(
            fc.record({
              phone: fc.constant('+919876543210'),
              otp: fc.string().filter((s) => !/^\d{6}$/.test(s)),
            }),
            fc.constant('/authentication/verify'),
          ),
        ),
        async ([body, path]) => {
          const res = await ctx.json(path, { method: 'POST', body: JSON.stringify(body) ?? 'null' });
          expectEnvelope4xx(res);
        },
      ),
      { numRuns: 150 },
    );
    expect(await counts()).toEqual(before);
  });

  it('raw bodies that are not JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), async (raw) => {
        fc.pre(!isJson(raw));
        const res = await ctx.json('/authentication/register', { method: 'POST', body: raw });
        expectEnvelope4xx(res);
      }),
      { numRuns: 100 },
    );
  });

  it('POST /authentication/telegram with arbitrary Authorization headers', async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `tma ${s}`),
        ),
        async (header) => {
          const res = await ctx.json('/authentication/telegram', {
            method: 'POST',
            headers: { authorization: header.replace(/[\r\n]/g, '') },
          });
          expectEnvelope4xx(res);
        },
      ),
      { numRuns: 100 },
    );
    expect(await counts()).toEqual(before);
  });

  it('GET /authentication/token/refresh and /analytics/event with arbitrary queries', async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.oneof(fc.string({ maxLength: 12 }), hostileText),
          fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), hostileText),
          { maxKeys: 5 },
        ),
        fc.constantFrom('/authentication/token/refresh', '/analytics/event'),
        async (query, path) => {
          fc.pre(path !== '/analytics/event' || !('details' in query && 'eventName' in query));
          const res = await ctx.json(`${path}?${new URLSearchParams(query)}`, {
            headers: { 'x-forwarded-for': freshIp() },
          });
          expectEnvelope4xx(res);
        },
      ),
      { numRuns: 150 },
    );
    expect(await counts()).toEqual(before);
  });

  const analytics = {
    eventName: 'page_view',
    eventId: 'e-1',
    gameId: 'g-1',
    accountId: 'a-1',
    details: '{"userId":"u-1","device":"mobile"}',
  };

  it('GET /analytics/event: %00 in any field, \\u0000 or \\ud800 inside details: 400, nothing stored', async () => {
    const before = await counts();
    const ok = await ctx.json(`/analytics/event?${new URLSearchParams(analytics)}`, {
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(ok.status).toBe(202);
    const stored = await counts();
    expect(stored.events).toBe(before.events + 1);
    for (const field of Object.keys(analytics) as (keyof typeof analytics)[]) {
      for (const bad of ['\u0000', 'a\u0000b']) {
        const query = new URLSearchParams({ ...analytics, [field]: `${analytics[field]}${bad}` });
        expectUnsafeText(await ctx.json(`/analytics/event?${query}`), field);
      }
    }
    for (const details of [
      '{"userId":"\\u0000"}',
      '{"userId":"a\\ud800"}',
      '{"device":"\\udc00x"}',
      '{"\\u0000":"key"}',
      '{"userId":"u-1","page":"\\u0000/home"}',
    ]) {
      const query = new URLSearchParams({ ...analytics, details });
      expectUnsafeText(await ctx.json(`/analytics/event?${query}`), details);
    }
    expect(await counts()).toEqual(stored);
  });

  it('NUL and lone surrogates in path params, queries and JSON bodies (keys too) of other routes: 400', async () => {
    const me = await signedInUser(ctx, { country: 'IN' });
    const before = await counts();
    const key = () => ({ ...me.auth, 'idempotency-key': randomUUID() });
    // The collect route once claimed its Idempotency-Key (a row with the NUL in its path) before reading the id.
    for (const id of ['%00', 'a%00b', `${randomUUID()}%00`])
      expectUnsafeText(
        await ctx.json(`/collect-earning/${id}/collect`, { method: 'POST', headers: key() }),
        id,
      );
    for (const path of [
      '/collect-earning/payouts/%00',
      '/k-store/orders/%00',
      '/onramp/deposit/%00',
      '/transactions/1-in%00',
    ])
      expectUnsafeText(await ctx.json(path, { headers: me.auth }), path);
    expectUnsafeText(await ctx.json('/dev/outbox?to=%2B919876543210%00'), 'dev outbox');
    expectUnsafeText(await ctx.json('/dev/telegram-init-data?firstName=Dev%00'), 'dev init data');
    for (const title of ['Test\u0000', 'Test\ud800', '\udc00'])
      expectUnsafeText(
        await ctx.json('/dev/earnings', {
          method: 'POST',
          headers: me.auth,
          body: { amount: '1000', title },
        }),
        JSON.stringify(title),
      );
    expectUnsafeText(
      await ctx.json('/k-store/purchase', {
        method: 'POST',
        headers: key(),
        body: { itemId: randomUUID(), quantity: 1, currency: 'KCASH', '\u0000': 1 },
      }),
      'key',
    );
    expectUnsafeText(
      await ctx.json('/onramp/swap', {
        method: 'POST',
        headers: key(),
        body: { from: 'USDT\u0000', to: 'KCASH', amount: '1' },
      }),
      'swap',
    );
    expectUnsafeText(
      await ctx.json('/authentication/register', {
        body: { phone: '+919876543210', nested: [{ '\ud800': 'x' }] },
        headers: { 'x-forwarded-for': freshIp() },
      }),
      'register',
    );
    // A malformed id is a 404 from the contract's params, still before any key is claimed.
    const notFound = await ctx.json('/collect-earning/not-a-uuid/collect', {
      method: 'POST',
      headers: key(),
    });
    expect(notFound.status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('text that arrives signed (Telegram init data, a Google id token) is held to the same rule', async () => {
    const before = await counts();
    for (const first_name of ['Ravi\u0000', 'Ravi\ud800']) {
      const raw = signInitData({ id: 900_000_001, first_name }, ctx.now());
      const res = await ctx.json('/authentication/telegram', {
        method: 'POST',
        headers: { authorization: `tma ${raw}` },
      });
      expectUnsafeText(res, first_name);
    }
    const google = ctx.deps.identityProviders.sandboxGoogle!;
    const idToken = await google.issueIdToken('gamer@example.com', 'Ravi\u0000Kumar');
    expectUnsafeText(await ctx.json('/authentication/google', { body: { idToken } }), 'google');
    // The sandbox page that plays Google refuses such a name in its form.
    const form = new FormData();
    form.append('redirect_uri', 'http://localhost/login');
    form.append('email', 'gamer@example.com');
    form.append('name', 'Ravi\u0000');
    const page = await ctx.app.request('/sandbox/google/authorize', { method: 'POST', body: form });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(UNSAFE_TEXT_MESSAGE);
    expect(await counts()).toEqual(before);
  });

  it('1 MB strings and bodies over the limit: 413 before they are read, nothing written', async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        hugeText,
        fc.constantFrom(
          '/authentication/register',
          '/authentication/verify',
          '/authentication/logout',
          '/onramp/webhook/sandbox',
        ),
        async (text, path) => {
          const res = await ctx.json(path, { body: { phone: text, otp: text, refreshToken: text } });
          expectEnvelope4xx(res);
          expect(res.status).toBe(413);
          expect(res.body.message).toBe(REQUEST_TOO_LARGE_MESSAGE);
        },
      ),
      { numRuns: 6 },
    );
    expect(await counts()).toEqual(before);
  });
});

function isJson(s: string) {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}
