import { SOCIAL_LINK_PROVIDERS } from '@khel/core/contract';
import { schema } from '@khel/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeComponent, hostileText } from '../../../hostile-input.test-support.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';

/**
 * The callback and the sandbox pages are outside the contract (a browser's navigation, HTML forms):
 * whatever a browser or an attacker sends them, the callback redirects to a path of this site (or 404
 * for an unknown provider), a page answers below 500 without a stack trace, and nothing is linked.
 */

const STACK = /\bat .+\.(?:ts|js|mjs):\d+|node_modules|\n\s+at /;
const KEYS = [
  'code',
  'state',
  'error',
  'openid.mode',
  'openid.ns',
  'openid.return_to',
  'openid.claimed_id',
  'openid.identity',
  'openid.op_endpoint',
  'openid.sig',
  'openid.signed',
  'redirect_uri',
  'client_id',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'id',
  'handle',
  'username',
  'decision',
];

const params = fc.dictionary(fc.constantFrom(...KEYS), fc.oneof(hostileText, fc.string({ maxLength: 600 })), {
  maxKeys: 6,
});
const provider = fc.oneof(
  fc.constantFrom(...SOCIAL_LINK_PROVIDERS),
  hostileText.filter((s) => !s.includes('/')),
);
const query = (p: Record<string, string>) =>
  Object.entries(p)
    .map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`)
    .join('&');

describe('linking X, Discord and Steam with hostile input (fast-check)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('the callback always redirects to a path of this site (or 404s) and links nothing', async () => {
    await fc.assert(
      fc.asyncProperty(provider, params, async (p, q) => {
        const res = await ctx.app.request(`/social-auth/${encodeComponent(p)}/callback?${query(q)}`);
        const text = await res.text();
        expect(STACK.test(text)).toBe(false);
        expect(res.status).toBeLessThan(500);
        // Text no person types (NUL, lone surrogates) is refused before any route, as everywhere: a 400.
        if (res.status === 400) expect(JSON.parse(text)).toMatchObject({ success: false, status: 400 });
        else if ((SOCIAL_LINK_PROVIDERS as readonly string[]).includes(p)) {
          expect(res.status).toBe(303);
          expect(res.headers.get('location')).toMatch(/^\/(?![/\\])/);
        }
      }),
      { numRuns: 150 },
    );
    expect(await ctx.deps.db.select().from(schema.identities)).toEqual([]);
  });

  it('the sandbox pages answer below 500 without a stack trace, to any query or form', async () => {
    await fc.assert(
      fc.asyncProperty(provider, params, fc.boolean(), async (p, q, post) => {
        const path = `/sandbox/social/${encodeComponent(p)}/authorize`;
        const res = post
          ? await ctx.app.request(path, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: query(q),
            })
          : await ctx.app.request(`${path}?${query(q)}`);
        expect(res.status).toBeLessThan(500);
        expect(STACK.test(await res.text())).toBe(false);
        const location = res.headers.get('location');
        if (location) expect(location).toMatch(/^\/api\/social-auth\/(twitter|discord|steam)\/callback\?/);
      }),
      { numRuns: 150 },
    );
  });
});
