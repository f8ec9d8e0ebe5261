import { authRoutes, identityRoutes, type RouteDef } from '@khel/core/contract';
import { schema } from '@khel/db';
import { isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { anyText, captureLogs, type LogCapture } from '../../hostile-input.test-support.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { bearer, phoneSignIn } from '../auth/auth.test-support.ts';
import { ownOrigins } from '../auth/identity-providers.ts';

/**
 * The sign-in routes of the outside providers (`authRoutes`) and every linking route (`identityRoutes`):
 * the endpoints this file has always covered.
 */
const SIGN_IN_ROUTE_NAMES = [
  'authProviders',
  'whatsappLogin',
  'googleSignIn',
  'siweNonce',
  'siweSignIn',
  'tonPayload',
  'tonSignIn',
  'sandboxWhatsappToken',
] as const;
const identityAndSignInRoutes: Record<string, RouteDef> = {
  ...Object.fromEntries(SIGN_IN_ROUTE_NAMES.map((name) => [name, authRoutes[name]])),
  ...identityRoutes,
};

/**
 * Every sign-in and linking endpoint above, fed arbitrary input built from its own
 * zod schema (right keys, wrong values; wrong shapes; not JSON): the answer is always a 4xx envelope
 * and nothing is written (no user, identity, session, sandbox grant or message, spent challenge).
 */

/** Values for a schema: near-misses for each key of an object, anything at all elsewhere. */
function arbitraryFor(schemaDef: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  if (schemaDef instanceof z.ZodOptional) return arbitraryFor(schemaDef.unwrap() as z.ZodType, depth);
  if (schemaDef instanceof z.ZodObject && depth < 3) {
    const shape = schemaDef.shape as Record<string, z.ZodType>;
    const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, arbitraryFor(v, depth + 1)]));
    return fc.oneof(fc.record(fields, { requiredKeys: [] }), fc.anything());
  }
  if (schemaDef instanceof z.ZodString) {
    return fc.oneof(
      anyText({ maxLength: 80 }),
      fc.stringMatching(/^[0-9a-f]{8,70}$/),
      fc.stringMatching(/^0x[0-9a-f]{2,140}$/),
      fc.stringMatching(/^[1-9]\d{6,14}$/),
      fc.stringMatching(/^[A-Za-z0-9+/]{4,120}={0,2}$/),
      fc.stringMatching(/^[A-Za-z0-9_-]{2,20}\.[A-Za-z0-9_-]{2,40}\.[A-Za-z0-9_-]{0,40}$/),
      fc.anything(),
    );
  }
  if (schemaDef instanceof z.ZodNumber) return fc.oneof(fc.integer(), fc.double(), fc.anything());
  return fc.anything();
}

const isJson = (s: string) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};

describe.each(DB_KINDS)('identity endpoints with bad input on %s (fast-check)', (kind) => {
  let ctx: TestContext;
  let logs: LogCapture;
  let accessToken: string;
  beforeAll(async () => {
    logs = captureLogs();
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {}, { logger: logs.logger });
    accessToken = (await phoneSignIn(ctx)).accessToken;
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    // Bad input is not an error of ours: nothing is logged at error level.
    expect(logs.take().filter((l) => l.level === 'error')).toEqual([]);
  });

  const state = async () => {
    const db = ctx.deps.db;
    return {
      users: (await db.select().from(schema.users)).length,
      identities: (await db.select().from(schema.identities)).length,
      refreshTokens: (await db.select().from(schema.refreshTokens)).length,
      grants: (await db.select().from(schema.sandboxGrants)).length,
      messages: (await db.select().from(schema.sandboxMessages)).length,
      spentChallenges: (
        await db.select().from(schema.authChallenges).where(isNotNull(schema.authChallenges.consumedAt))
      ).length,
    };
  };

  const expect4xxEnvelope = (res: Awaited<ReturnType<TestContext['json']>>, what: string) => {
    expect(res.status, what).toBeGreaterThanOrEqual(400);
    expect(res.status, what).toBeLessThan(500);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'message', 'status', 'success']);
    expect(res.body).toMatchObject({ success: false, status: res.status, message: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/at .+\.ts:\d+/);
  };

  const withBody = (Object.entries(identityAndSignInRoutes) as [string, RouteDef][]).flatMap(
    ([name, route]) => (route.body ? [{ name, route, body: route.body }] : []),
  );

  for (const { name, route, body: bodySchema } of withBody) {
    it(`${route.method} ${route.path} (${name}) with arbitrary bodies`, async () => {
      const before = await state();
      const headers: Record<string, string> = route.auth === 'bearer' ? bearer(accessToken) : {};
      await fc.assert(
        fc.asyncProperty(arbitraryFor(bodySchema), async (body) => {
          const res = await ctx.json(route.path, {
            method: route.method,
            body: JSON.stringify(body) ?? 'null',
            headers: {
              ...headers,
              authorization: headers.authorization ?? 'Bearer made-up-provider-token',
            },
          });
          expect4xxEnvelope(res, JSON.stringify(body));
        }),
        { numRuns: 80 },
      );
      await fc.assert(
        fc.asyncProperty(anyText({ minLength: 1, maxLength: 60 }), async (raw) => {
          fc.pre(!isJson(raw));
          expect4xxEnvelope(await ctx.json(route.path, { method: route.method, body: raw, headers }), raw);
        }),
        { numRuns: 20 },
      );
      expect(await state()).toEqual(before);
    });
  }

  it('bearer routes without a session, or with a made-up one, are 401 envelopes', async () => {
    for (const [, route] of Object.entries(identityAndSignInRoutes).filter(([, r]) => r.auth === 'bearer')) {
      for (const headers of [{}, bearer('x.y.z')]) {
        const res = await ctx.json(route.path, {
          method: route.method,
          ...(route.method === 'GET' ? {} : { body: {} }),
          headers,
        });
        expect(res.status, route.path).toBe(401);
      }
    }
  });

  it('POST /authentication/login with arbitrary queries and Authorization headers', async () => {
    const before = await state();
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(anyText({ maxLength: 10 }), anyText({ maxLength: 20 }), { maxKeys: 3 }),
        fc.string({ maxLength: 60 }),
        async (query, header) => {
          const res = await ctx.json(`/authentication/login?${new URLSearchParams(query)}`, {
            method: 'POST',
            body: { waId: '919876543210', platform: 'web', hostname: 'localhost' },
            headers: { authorization: header.replace(/[\r\n]/g, '') },
          });
          expect4xxEnvelope(res, `${JSON.stringify(query)} ${header}`);
        },
      ),
      { numRuns: 60 },
    );
    expect(await state()).toEqual(before);
  });

  it('POST /authentication/verify with arbitrary bearer headers and codes; refresh and logout with arbitrary cookies', async () => {
    const before = await state();
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), fc.string({ maxLength: 8 }), async (header, otp) => {
        const res = await ctx.json('/authentication/verify', {
          body: { phone: '+919876543210', otp },
          headers: { authorization: header.replace(/[\r\n]/g, '') || 'Bearer x' },
        });
        expect4xxEnvelope(res, header);
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9%_-]{0,60}$/), async (cookie) => {
        const res = await ctx.json('/authentication/token/refresh', {
          headers: { cookie: `khel_refresh=${cookie}` },
        });
        expect4xxEnvelope(res, cookie);
      }),
      { numRuns: 60 },
    );
    expect(await state()).toEqual(before);
  });

  it('sandbox pages with arbitrary form fields never redirect to a foreign origin and never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/sandbox/whatsapp/authorize', '/sandbox/google/authorize'),
        fc.record(
          {
            redirect_uri: fc.oneof(fc.webUrl(), anyText()),
            state: anyText(),
            phone: anyText(),
            email: anyText(),
            name: anyText(),
          },
          { requiredKeys: [] },
        ),
        async (path, fields) => {
          const res = await ctx.app.request(path, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(fields as Record<string, string>),
          });
          expect(res.status).toBeLessThan(500);
          const location = res.headers.get('location');
          if (location) expect(ownOrigins(ctx.deps.env).has(new URL(location).origin)).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });
});
