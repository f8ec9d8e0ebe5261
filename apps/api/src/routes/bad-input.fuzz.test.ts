import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support.ts';

/**
 * Bad input never gets a 500 or a stack trace: whatever arrives, the answer is a 4xx envelope and
 * nothing is written (no user, no code sent).
 */
describe('bad input is a 4xx envelope that changes nothing (fast-check)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const counts = async () => ({
    users: (await ctx.deps.db.query.users.findMany()).length,
    messages: (await ctx.deps.db.query.sandboxMessages.findMany()).length,
    events: (await ctx.deps.db.query.analyticsEvents.findMany()).length,
  });

  const expectEnvelope4xx = (res: Awaited<ReturnType<TestContext['json']>>) => {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'message', 'status', 'success']);
    expect(res.body).toMatchObject({ success: false, status: res.status, message: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/at .+\.ts:\d+/);
  };

  const notAPhone = fc.oneof(
    fc.anything(),
    fc.string(),
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
        fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40 }), { maxKeys: 5 }),
        fc.constantFrom('/authentication/token/refresh', '/analytics/event'),
        async (query, path) => {
          fc.pre(path !== '/analytics/event' || !('details' in query && 'eventName' in query));
          const res = await ctx.json(`${path}?${new URLSearchParams(query)}`);
          expectEnvelope4xx(res);
        },
      ),
      { numRuns: 150 },
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
