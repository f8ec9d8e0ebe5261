import { verhoeffCheckDigit } from '@khel/core/validation';
import { schema } from '@khel/db';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { anyText, captureLogs, type LogCapture } from '../../hostile-input.test-support.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { type SignedInUser, signedInUser } from '../profile/profile.test-support.ts';
import { decide, post, randomPan } from './kyc.test-support.ts';

/**
 * Bad input to the KYC routes is a 4xx envelope that stores nothing: no document row, no check job,
 * never a 500 or a stack trace, and never the submitted number echoed back.
 */
describe.each(DB_KINDS)('KYC bad input on %s is a 4xx that changes nothing (fast-check)', (kind) => {
  let ctx: TestContext;
  let logs: LogCapture;
  let user: SignedInUser;
  beforeAll(async () => {
    logs = captureLogs();
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {}, { logger: logs.logger });
    user = await signedInUser(ctx, { country: 'IN' });
    // A verified PAN, so bank bodies get past the "PAN first" rule.
    expect(
      (await post(ctx, user.auth, '/kyc/verify-pan', { pan: randomPan(), name: 'Ravi Kumar' })).status,
    ).toBe(202);
    await decide(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    // Bad input is not an error of ours: nothing is logged at error level.
    expect(logs.take().filter((l) => l.level === 'error')).toEqual([]);
  });

  const counts = async () => ({
    documents: (await ctx.deps.db.select().from(schema.kycDocuments)).length,
    jobs: (await ctx.deps.db.select().from(schema.jobs)).length,
    pan: (await ctx.deps.db.select().from(schema.kycDocuments))
      .map((r) => `${r.status}:${r.attempts}`)
      .join(','),
  });

  const expectEnvelope4xx = (res: Awaited<ReturnType<TestContext['json']>>) => {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'message', 'status', 'success']);
    expect(res.body).toMatchObject({ success: false, status: res.status, message: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/at .+\.ts:\d+/);
  };

  const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
  const aadhaarBody = fc
    .tuple(fc.integer({ min: 2, max: 9 }), digits(10))
    .map(([first, rest]) => `${first}${rest}`)
    .map((body) => `${body}${verhoeffCheckDigit(body)}`);
  /** A valid Aadhaar with one digit changed: Verhoeff always catches it. */
  const badAadhaar = fc
    .tuple(aadhaarBody, fc.nat(11), fc.integer({ min: 1, max: 9 }))
    .map(([n, i, d]) => `${n.slice(0, i)}${(Number(n[i]) + d) % 10}${n.slice(i + 1)}`);
  const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  const digit = fc.constantFrom(...'0123456789');
  /** A PAN with a character of the wrong kind somewhere, or a non-individual holder letter. */
  const badPan = fc.oneof(
    fc.tuple(fc.nat(9), upper, digit).map(([i, l, d]) => {
      const pan = 'ABCPE1234F';
      return `${pan.slice(0, i)}${i >= 5 && i <= 8 ? l : d}${pan.slice(i + 1)}`;
    }),
    fc.constantFrom(...'CHFATBLJG').map((l) => `ABC${l}E1234F`),
    anyText({ maxLength: 14 }),
  );
  const badName = fc.oneof(
    anyText({ maxLength: 1 }),
    anyText({ minLength: 101, maxLength: 140 }),
    fc.constantFrom('Ravi\u0000Kumar', 'Ravi \ud800', 'Ra\udc00vi'),
    fc.stringMatching(/^[A-Za-z]{2,8}[0-9@#<>{}$]{1,3}$/),
  );
  const okName = fc.constant('Ravi Kumar');

  it('POST /kyc/verify-pan, /verify-aadhaar, /verify-bank and /update-bank with arbitrary bodies', async () => {
    const before = await counts();
    const sent: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.tuple(
            fc.anything(),
            fc.constantFrom('/kyc/verify-pan', '/kyc/verify-aadhaar', '/kyc/verify-bank', '/kyc/update-bank'),
          ),
          fc.tuple(
            fc.oneof(
              fc.record({ pan: badPan, name: fc.oneof(okName, badName) }),
              fc.record({ pan: fc.constant(randomPan()), name: badName }),
              fc.record({ pan: fc.constant(randomPan()) }),
            ),
            fc.constant('/kyc/verify-pan'),
          ),
          fc.tuple(
            fc.oneof(
              fc.record({ aadhaar: badAadhaar, consent: fc.constant(true) }),
              fc.record({
                aadhaar: aadhaarBody,
                consent: fc.oneof(fc.constant(false), anyText(), fc.constant(1)),
              }),
              fc.record({
                aadhaar: fc.oneof(digits(11), digits(13), anyText()),
                consent: fc.constant(true),
              }),
              fc.record({ aadhaar: aadhaarBody, consent: fc.constant(true), extra: fc.jsonValue() }),
            ),
            fc.constant('/kyc/verify-aadhaar'),
          ),
          fc.tuple(
            fc.oneof(
              fc.record({
                accountNumber: fc.oneof(digits(8), digits(19), anyText({ maxLength: 20 })),
                ifsc: fc.constant('SBIN0000691'),
                holderName: okName,
              }),
              fc.record({
                accountNumber: digits(12),
                ifsc: fc.oneof(fc.stringMatching(/^[A-Z]{4}0[A-Z0-9]{6}$/), anyText({ maxLength: 12 })),
                holderName: okName,
              }),
              fc.record({ accountNumber: digits(12), ifsc: fc.constant('SBIN0000691'), holderName: badName }),
            ),
            fc.constantFrom('/kyc/verify-bank', '/kyc/update-bank'),
          ),
        ),
        async ([body, path]) => {
          const raw = JSON.stringify(body) ?? 'null';
          const res = await ctx.json(path, { method: 'POST', body: raw, headers: user.auth });
          expectEnvelope4xx(res);
          // Whatever number was sent is not echoed back.
          for (const value of Object.values((body ?? {}) as Record<string, unknown>)) {
            if (typeof value === 'string' && /^\d{9,}$/.test(value))
              expect(JSON.stringify(res.body)).not.toContain(value);
          }
          sent.push(path);
        },
      ),
      { numRuns: 300 },
    );
    expect(sent.length).toBe(300);
    expect(await counts()).toEqual(before);
  });

  it('raw bodies that are not JSON', async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1 }).filter((s) => {
          try {
            JSON.parse(s);
            return false;
          } catch {
            return true;
          }
        }),
        fc.constantFrom('/kyc/verify-pan', '/kyc/verify-aadhaar', '/kyc/verify-bank'),
        async (raw, path) => {
          expectEnvelope4xx(await ctx.json(path, { method: 'POST', body: raw, headers: user.auth }));
        },
      ),
      { numRuns: 60 },
    );
    expect(await counts()).toEqual(before);
  });

  it('GET /kyc/status and /kyc/verification-check with arbitrary Authorization headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `Bearer ${s}`),
        ),
        fc.constantFrom('/kyc/status', '/kyc/verification-check'),
        async (header, path) => {
          const res = await ctx.json(path, { headers: { authorization: header.replace(/[\r\n]/g, '') } });
          expect(res.status).toBe(401);
          expectEnvelope4xx(res);
        },
      ),
      { numRuns: 60 },
    );
  });
});
