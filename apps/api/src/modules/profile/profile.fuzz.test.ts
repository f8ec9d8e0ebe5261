import {
  emailBody,
  locationQuery,
  placeListQuery,
  professionsBody,
  profilePatchBody,
  usernameBody,
  verifyEmailBody,
  verifyUsernameQuery,
} from '@khel/core/contract';
import { getCountry } from '@khel/core/countries';
import { schema } from '@khel/db';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import { anyText, captureLogs, encodeComponent, type LogCapture } from '../../hostile-input.test-support.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { type SignedInUser, signedInUser } from './profile.test-support.ts';

/**
 * Every profile and account endpoint, fed what its contract schema refuses (and what the schema
 * allows but the server must still refuse): the answer is always a 4xx envelope and nothing is written.
 */
describe.each(DB_KINDS)('profile and account endpoints, bad input, %s (fast-check)', (kind) => {
  let ctx: TestContext;
  let logs: LogCapture;
  let me: SignedInUser;
  beforeAll(async () => {
    logs = captureLogs();
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {}, { logger: logs.logger });
    me = await signedInUser(ctx, { firstName: 'Kiran', username: 'kiran01', country: 'IN', city: 'Pune' });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    // Bad input is not an error of ours: nothing is logged at error level.
    expect(logs.take().filter((l) => l.level === 'error')).toEqual([]);
  });

  const snapshot = async () => {
    const db = ctx.deps.db;
    return JSON.stringify({
      users: await db.select().from(schema.users).orderBy(schema.users.id),
      emailCodes: await db.select().from(schema.emailCodes),
      messages: await db.select().from(schema.sandboxMessages),
      pictures: await db.select({ id: schema.profilePictures.userId }).from(schema.profilePictures),
      jobs: await db.select().from(schema.jobs),
      wallets: await db.select({ a: schema.custodialWallets.evmAddress }).from(schema.custodialWallets),
      rateLimits: await db.select().from(schema.rateLimits),
    });
  };

  const expectEnvelope4xx = (res: { status: number; body: any }) => {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'message', 'status', 'success']);
    expect(res.body).toMatchObject({ success: false, status: res.status, message: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/at .+\.ts:\d+/);
  };

  // Judged as the server receives it: JSON drops a key whose value is undefined ({ text: '!', extra:
  // undefined } is refused by a strict schema here, but arrives as a valid { text: '!' }).
  const onTheWire = (value: unknown): unknown => {
    const json = JSON.stringify(value);
    return json === undefined ? null : JSON.parse(json);
  };
  const refusedBy = (schemaOf: z.ZodType) => (value: unknown) =>
    !schemaOf.safeParse(onTheWire(value)).success;
  /** Anything at all, plus objects with the endpoint's own keys holding arbitrary values. */
  const bodiesFor = (keys: string[]) =>
    fc.oneof(
      fc.anything(),
      fc.dictionary(fc.constantFrom(...keys, 'extra'), fc.anything(), { maxKeys: 4 }),
      fc.dictionary(fc.constantFrom(...keys), anyText({ maxLength: 40 }), { maxKeys: 4 }),
    );

  const send = (method: string, path: string, body: unknown, headers: Record<string, string> = me.auth) =>
    ctx.json(path, { method, body: JSON.stringify(body) ?? 'null', headers });

  const jsonEndpoints: { method: string; path: string; schema: z.ZodType; keys: string[] }[] = [
    {
      method: 'PATCH',
      path: '/users/me/profile',
      schema: profilePatchBody,
      keys: ['first_name', 'last_name', 'country', 'city', 'college'],
    },
    { method: 'PUT', path: '/users/me/username', schema: usernameBody, keys: ['username'] },
    { method: 'PUT', path: '/users/me/email', schema: emailBody, keys: ['email'] },
    { method: 'POST', path: '/users/me/verify-email', schema: verifyEmailBody, keys: ['code'] },
    {
      method: 'PUT',
      path: '/users/me/professions',
      schema: professionsBody,
      keys: ['productRole', 'preferredPlatform'],
    },
  ];

  for (const endpoint of jsonEndpoints) {
    it(`${endpoint.method} ${endpoint.path} with bodies its contract schema refuses`, async () => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(bodiesFor(endpoint.keys).filter(refusedBy(endpoint.schema)), async (body) => {
          expectEnvelope4xx(await send(endpoint.method, endpoint.path, body));
        }),
        { numRuns: 120 },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.string({ minLength: 1 }).filter((raw) => !isJson(raw)),
          async (raw) => {
            expectEnvelope4xx(
              await ctx.json(endpoint.path, { method: endpoint.method, body: raw, headers: me.auth }),
            );
          },
        ),
        { numRuns: 30 },
      );
      expect(await snapshot()).toBe(before);
    });
  }

  it('PATCH /users/me/profile with well-formed codes that are not countries', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[A-Za-z]{2}$/).filter((code) => !getCountry(code)),
        async (country) => {
          expectEnvelope4xx(await send('PATCH', '/users/me/profile', { first_name: 'Ravi', country }));
        },
      ),
      { numRuns: 60 },
    );
    expect(await snapshot()).toBe(before);
  });

  it('GET endpoints with queries their contract schemas refuse', async () => {
    const before = await snapshot();
    const queries = fc.dictionary(
      fc.oneof(fc.constantFrom('ip', 'username', 'country'), anyText({ minLength: 1, maxLength: 10 })),
      anyText({ maxLength: 40 }),
      { maxKeys: 3 },
    );
    for (const [path, querySchema] of [
      ['/users/me/locations', locationQuery],
      ['/users/me/verify-username', verifyUsernameQuery],
      ['/users/me/cities', placeListQuery],
      ['/users/me/colleges', placeListQuery],
    ] as const) {
      await fc.assert(
        fc.asyncProperty(queries.filter(refusedBy(querySchema)), async (query) => {
          expectEnvelope4xx(await ctx.json(`${path}?${new URLSearchParams(query)}`, { headers: me.auth }));
        }),
        { numRuns: 80 },
      );
    }
    expect(await snapshot()).toBe(before);
  });

  it('POST /users/me/profile-picture with arbitrary bytes and types', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 3, maxLength: 2048 }),
        fc.constantFrom('image/jpeg', 'image/png', 'application/octet-stream', 'text/plain', ''),
        fc.boolean(),
        async (bytes, type, jpegMagic) => {
          if (jpegMagic) bytes.set([0xff, 0xd8, 0xff], 0);
          const form = new FormData();
          form.append('file', new File([bytes], 'x.jpg', { type }));
          const res = await ctx.app.request('/users/me/profile-picture', {
            method: 'POST',
            body: form,
            headers: me.auth,
          });
          expectEnvelope4xx({ status: res.status, body: await res.json() });
        },
      ),
      { numRuns: 80 },
    );
    expect(await snapshot()).toBe(before);
  });

  it('GET /users/:id/profile-picture with arbitrary ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyText({ minLength: 1 }), fc.uuid()), async (id) => {
        fc.pre(id !== me.user.id);
        expectEnvelope4xx(await ctx.json(`/users/${encodeComponent(id)}/profile-picture`));
      }),
      { numRuns: 80 },
    );
  });

  it('every signed-in endpoint with arbitrary Authorization headers is a 401 and changes nothing', async () => {
    const before = await snapshot();
    const endpoints = [
      ['GET', '/users/me/profile'],
      ['PATCH', '/users/me/profile'],
      ['GET', '/users/me/verify-username?username=abcdef'],
      ['PUT', '/users/me/username'],
      ['PUT', '/users/me/email'],
      ['POST', '/users/me/verify-email'],
      ['GET', '/users/me/professions'],
      ['PUT', '/users/me/professions'],
      ['GET', '/users/me/is_verified'],
      ['GET', '/users/me/wallet-address'],
      ['GET', '/users/me/profile-picture'],
      ['POST', '/users/me/profile-picture'],
      ['GET', '/users/me/deletion-request'],
      ['POST', '/users/me/deletion-request'],
      ['DELETE', '/users/me/deletion-request'],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `Bearer ${s}`),
          // A well-formed token signed by someone else.
          fc.constant(`Bearer ${me.accessToken.split('.').slice(0, 2).join('.')}.${'A'.repeat(86)}`),
        ),
        async ([method, path], header) => {
          const res = await ctx.json(path, {
            method,
            headers: { authorization: header.replace(/[\r\n]/g, '') },
            ...(method === 'GET' || method === 'DELETE' ? {} : { body: { first_name: 'Valid Name' } }),
          });
          expectEnvelope4xx(res);
          expect(res.status).toBe(401);
        },
      ),
      { numRuns: 150 },
    );
    expect(await snapshot()).toBe(before);
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
