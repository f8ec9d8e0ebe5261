import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { bearer, freshIp, phoneSignIn, snapshot } from './auth.test-support.ts';
import { alreadyLinkedMessage } from './identities.ts';
import { ownOrigins } from './identity-providers.ts';
import { checkSiweMessage, parseRfc3339, SIWE_FAILED_MESSAGE } from './siwe.ts';

/**
 * Verification vectors of the reference SIWE library, spruceid/siwe (test/verification_positive.json
 * and test/verification_negative.json). Data only: the messages are laid out from these fields as
 * EIP-4361 says, and the signatures are theirs. `time` is the verifier's clock for the vector,
 * `domainBinding` the domain the verifier expects, `matchNonce` the nonce it issued.
 */
interface Vector {
  domain: string;
  address: string;
  statement: string;
  uri: string;
  version: string;
  chainId: number;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  signature: string;
  time?: string;
  domainBinding?: string;
  matchNonce?: string;
}

const POSITIVE: Record<string, Vector> = {
  'example message': {
    domain: 'login.xyz',
    address: '0x9D85ca56217D2bb651b00f15e694EB7E713637D4',
    statement: 'Sign-In With Ethereum Example Statement',
    uri: 'https://login.xyz',
    version: '1',
    nonce: 'bTyXgcQxn2htgkjJn',
    issuedAt: '2022-01-27T17:09:38.578Z',
    chainId: 1,
    expirationTime: '2100-01-07T14:31:43.952Z',
    signature:
      '0xdc35c7f8ba2720df052e0092556456127f00f7707eaa8e3bbff7e56774e7f2e05a093cfc9e02964c33d86e8e066e221b7d153d27e5a2e97ccd5ca7d3f2ce06cb1b',
  },
  'not yet valid': {
    domain: 'login.xyz',
    address: '0xE6D3Aa1F561A215E5eb1f02Ba8705385F03fCaFB',
    statement: 'Sign-In With Ethereum Example Statement',
    uri: 'https://login.xyz',
    version: '1',
    nonce: 'lx2nx4so',
    issuedAt: '2022-01-05T14:27:30.883Z',
    chainId: 1,
    notBefore: '2100-01-07T14:31:43.952Z',
    signature:
      '0xc2539ace78f13c7eb8c0852d38d269a6f97bebd9f7872097d2e3137b541f8bf50176062a46eeea83086bd2721423fb5755a932ff6ccc046ed482d14e4576042f1c',
    time: '2101-01-07T14:31:43.952Z',
  },
  'recovery byte starting at 0': {
    domain: 'www.tally.xyz',
    address: '0xc95EB884FE852e241D409234bfC7045CB9E31BD7',
    statement: 'Sign in with Ethereum to Tally',
    uri: 'https://tally.xyz',
    version: '1',
    chainId: 1,
    nonce: '15050747',
    issuedAt: '2022-06-30T14:08:51.382Z',
    signature:
      '0x8c46b6eb8505939892d8e9b075f89f8277321b17b993151f37810cdda38cce6f4a85909d2b53e6a14629c74c0ac38bf4becde78ee5b2529812bf6cceaf7b2a2501',
  },
};

/**
 * The library's positive "expired message" vector is checked at a `time` two years before its
 * `Issued At`; the library does not look at Issued At, we refuse a message issued in the future.
 */
const POSITIVE_REFUSED_BY_OUR_STRICTER_POLICY: Record<string, Vector> = {
  'expired message': {
    domain: 'login.xyz',
    address: '0x2ecA0068307e706741445764A3D6A4402aC2A5a9',
    statement: 'Sign-In With Ethereum Example Statement',
    uri: 'https://login.xyz',
    version: '1',
    nonce: 'lx2nx4so',
    issuedAt: '2022-01-05T14:27:30.883Z',
    chainId: 1,
    expirationTime: '2021-01-05T00:00:00Z',
    signature:
      '0x7337bc2826c7678cd6bc84f5b3b236efc969b0451f9feca2328b1d3401b030c113f19bdba359ba3f52762c66e9147311fa95fe598a1a4ec9bb383a7b4e3874241b',
    time: '2020-01-05T00:00:00Z',
  },
};

const NEGATIVE: Record<string, Vector & { reason: string }> = {
  'expired message': {
    ...POSITIVE_REFUSED_BY_OUR_STRICTER_POLICY['expired message']!,
    time: undefined,
    reason: 'expired',
  },
  'domain binding': { ...POSITIVE['example message']!, domainBinding: 'example.com', reason: 'domain' },
  'custom time': { ...POSITIVE['example message']!, time: '2200-01-05T00:00:00Z', reason: 'expired' },
  'custom nonce': { ...POSITIVE['example message']!, matchNonce: '6548asdgf', reason: 'nonce' },
  'malformed signature': {
    domain: 'login.xyz',
    address: '0x6Da01670d8fc844e736095918bbE11fE8D564163',
    statement: 'Sign-In With Ethereum Example Statement',
    uri: 'https://login.xyz',
    version: '1',
    nonce: 'rmplqh1gf',
    issuedAt: '2022-01-05T14:31:43.954Z',
    chainId: 1,
    expirationTime: '2100-01-07T14:31:43.952Z',
    signature:
      '0xf2e8420fc1b722bf4941f5a0464f98172a758ceda5039f622e425fb69fd19b20e444bba7c9a8a8d7e2b5e453553efe7c9460be5d211abe473fc146d51bb04d0cb1b',
    reason: 'signature',
  },
  'wrong signature': {
    domain: 'login.xyz',
    address: '0x6Da01670d8fc844e736095918bbE11fE8D564163',
    statement: 'Sign-In With Ethereum Example Statement',
    uri: 'https://login.xyz',
    version: '1',
    nonce: 'rmplqh1gf',
    issuedAt: '2022-01-05T14:31:43.954Z',
    chainId: 1,
    expirationTime: '2100-01-07T14:31:43.952Z',
    signature:
      '0x31df81dc02344c9156e6f71da46e2db624b38f8f806290d670d46492b834b2e7575cbce9f48169356cfb577b910d8e30732fcf23c1ac0021d08b945ed7ee118e1b',
    reason: 'signature',
  },
  'not yet valid': { ...POSITIVE['not yet valid']!, time: undefined, reason: 'not-yet-valid' },
  'invalid issuedAt': {
    domain: 'login.xyz',
    address: '0xA0aEF081D1ACE5F830532d7D77Ea4c8EE0EaBCF9',
    statement: 'Sign-In With Ethereum Example Statement',
    uri: 'https://login.xyz',
    version: '1',
    nonce: 'bTyXgcQxn2htgkjJn',
    issuedAt: '2022-02-31T17:09:38.578Z',
    chainId: 1,
    signature:
      '0x9e837df8b56f6e0cac9b4dce52074c352a4143932b442b973963ed2f7b9987146c8e546e5662867198ec0ae9bdb2e87ffaee528375dac7bf003883714ff732701b',
    reason: 'malformed',
  },
  'invalid notBefore': {
    domain: 'login.xyz',
    address: '0xA2ce2B71d77983918C8388c47576ad77E339B2F9',
    statement: 'Sign-In With Ethereum Example Statement',
    uri: 'https://login.xyz',
    version: '1',
    nonce: 'bTyXgcQxn2htgkjJn',
    issuedAt: '2022-01-30T17:09:38.578Z',
    chainId: 1,
    notBefore: '2025-02-31T17:09:38.578Z',
    expirationTime: '2100-01-07T14:31:43.952Z',
    signature:
      '0xa741355d0cfa938f45e9137d3b1f362e06961d2f35e01bad794b1f35d7d3e4fc5fd610d28d1b1236fdc305ec05c62b83cade54b49e221adf62e116b0c3a96f531b',
    reason: 'malformed',
  },
  'invalid expirationTime': {
    domain: 'login.xyz',
    address: '0xeE5A13CfAC109487d56F9186241009Dd9A7b4Ad4',
    statement: 'Sign-In With Ethereum Example Statement',
    uri: 'https://login.xyz',
    version: '1',
    nonce: 'bTyXgcQxn2htgkjJn',
    issuedAt: '2022-01-30T17:09:38.578Z',
    chainId: 1,
    expirationTime: '2100-02-31T14:31:43.952Z',
    signature:
      '0x5cbe6e6735e7b5818da08890363d6154edf73593db692b64adaea9c1186712a72244971284377d2fed8286b69dafc3cf964cb4e05a8e8d07c1a6f4ede8d9470e1c',
    reason: 'malformed',
  },
};

/** EIP-4361 layout of a vector, byte for byte what was signed. */
function messageOf(v: Vector): string {
  const lines = [
    `${v.domain} wants you to sign in with your Ethereum account:`,
    v.address,
    '',
    v.statement,
    '',
    `URI: ${v.uri}`,
    `Version: ${v.version}`,
    `Chain ID: ${v.chainId}`,
    `Nonce: ${v.nonce}`,
    `Issued At: ${v.issuedAt}`,
  ];
  if (v.expirationTime) lines.push(`Expiration Time: ${v.expirationTime}`);
  if (v.notBefore) lines.push(`Not Before: ${v.notBefore}`);
  return lines.join('\n');
}

describe('SIWE message checks (pure)', () => {
  it('RFC 3339 dates are checked on the calendar: 31 February is refused, not rolled into March', () => {
    expect(parseRfc3339('2022-02-31T17:09:38.578Z')).toBeNull();
    expect(parseRfc3339('2024-02-29T00:00:00Z')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseRfc3339('2023-02-29T00:00:00Z')).toBeNull();
    expect(parseRfc3339('2022-01-05T14:27:30.883+05:30')?.toISOString()).toBe('2022-01-05T08:57:30.883Z');
    for (const bad of ['2022-01-05', '2022-01-05T24:00:00Z', '2022-13-01T00:00:00Z', 'yesterday']) {
      expect(parseRfc3339(bad)).toBeNull();
    }
  });

  it('spruceid "domain binding" vector: a message for login.xyz is refused by a verifier bound to example.com', () => {
    const v = NEGATIVE['domain binding']!;
    const checked = checkSiweMessage(messageOf(v), {
      origins: new Set([`https://${v.domainBinding}`]),
      chainIds: [1],
      now: new Date('2030-01-01T00:00:00Z'),
    });
    expect(checked).toEqual({ ok: false, reason: 'domain' });
  });
});

describe('our own origins', () => {
  it('in production the Host a request names is never taken as ours', () => {
    const env = loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://khel.example', PORT: '8080' });
    expect([...ownOrigins(env, 'http://evil.example/api/authentication/siwe')]).toEqual([
      'https://khel.example',
    ]);
  });
});

describe.each(DB_KINDS)('Sign-In with Ethereum on %s', (kind) => {
  let ctx: TestContext;
  let vectors: TestContext;
  const ORIGIN = 'https://play.khel.test';
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), { PUBLIC_URL: ORIGIN });
    // The vectors were signed for login.xyz and (www.)tally.xyz: a server whose own origins those are.
    vectors = await createTestContext(kind, inject('postgresAdminUrl'), {
      PUBLIC_URL: 'https://login.xyz',
      CORS_ORIGINS: 'https://www.tally.xyz,https://tally.xyz',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await vectors?.close();
  });

  const setTime = (t: TestContext, iso: string | undefined) =>
    t.advance((iso ? Date.parse(iso) : Date.now()) - t.now().getTime());
  const issueNonce = async (t: TestContext, nonce: string) =>
    t.deps.db
      .insert(schema.authChallenges)
      .values({ value: nonce, purpose: 'siwe', expiresAt: new Date(t.now().getTime() + 10 * 60_000) })
      .onConflictDoUpdate({
        target: schema.authChallenges.value,
        set: { consumedAt: null, expiresAt: new Date(t.now().getTime() + 10 * 60_000) },
      });

  describe('spruceid/siwe verification vectors through POST /authentication/siwe', () => {
    for (const [name, v] of Object.entries(POSITIVE)) {
      it(`positive: ${name} signs in as ${v.address}`, async () => {
        setTime(vectors, v.time);
        await issueNonce(vectors, v.nonce);
        const res = await vectors.json('/authentication/siwe', {
          body: { message: messageOf(v), signature: v.signature },
        });
        setTime(vectors, undefined);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const [identity] = await vectors.deps.db
          .select()
          .from(schema.identities)
          .where(eq(schema.identities.userId, res.body.data.user.id));
        expect(identity).toMatchObject({ provider: 'evm', subject: v.address });
      });
    }

    for (const [name, v] of Object.entries(POSITIVE_REFUSED_BY_OUR_STRICTER_POLICY)) {
      it(`positive in the library, refused here: ${name} (Issued At after the verifier's time)`, async () => {
        setTime(vectors, v.time);
        await issueNonce(vectors, v.nonce);
        const res = await vectors.json('/authentication/siwe', {
          body: { message: messageOf(v), signature: v.signature },
        });
        setTime(vectors, undefined);
        expect(res.status).toBe(401);
        expect(res.body.data).toEqual({ reason: 'issued-in-future', code: 'SIWE_FAILED' });
      });
    }

    for (const [name, v] of Object.entries(NEGATIVE)) {
      if (v.domainBinding) continue; // needs a server bound to another domain: checked purely above
      it(`negative: ${name} → 401 (${v.reason}) and no user`, async () => {
        setTime(vectors, v.time);
        await issueNonce(vectors, v.matchNonce ?? v.nonce);
        if (v.matchNonce) {
          await vectors.deps.db.delete(schema.authChallenges).where(eq(schema.authChallenges.value, v.nonce));
        }
        const before = await snapshot(vectors);
        const res = await vectors.json('/authentication/siwe', {
          body: { message: messageOf(v), signature: v.signature },
        });
        setTime(vectors, undefined);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({
          success: false,
          message: SIWE_FAILED_MESSAGE,
          data: { reason: v.reason },
        });
        expect(await snapshot(vectors)).toEqual(before);
      });
    }
  });

  describe('with a real viem local account', () => {
    const account = privateKeyToAccount(generatePrivateKey());

    const nonce = async () => {
      const res = await ctx.json('/authentication/siwe/nonce', { headers: { 'x-forwarded-for': freshIp() } });
      expect(res.status).toBe(200);
      return res.body.data.nonce as string;
    };
    const message = async (overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
      createSiweMessage({
        domain: 'play.khel.test',
        address: account.address,
        statement: 'Sign in to Khel',
        uri: `${ORIGIN}/login`,
        version: '1',
        chainId: 1,
        nonce: await nonce(),
        issuedAt: ctx.now(),
        ...overrides,
      });
    const signIn = async (text: string, signature?: Hex, headers: Record<string, string> = {}) =>
      ctx.json('/authentication/siwe', {
        body: { message: text, signature: signature ?? (await account.signMessage({ message: text })) },
        headers,
      });

    it('GET /authentication/siwe/nonce: 24 alphanumeric characters, 10 minutes, the accepted chains', async () => {
      const res = await ctx.json('/authentication/siwe/nonce');
      expect(res.body.data).toEqual({
        nonce: expect.stringMatching(/^[A-Za-z0-9]{24}$/),
        expiresIn: 600,
        chainIds: [1, 137],
      });
    });

    it('a signed message signs in; the identity is the checksummed address; a second sign-in finds the account', async () => {
      const first = await signIn(await message());
      expect(first.status).toBe(200);
      expect(first.body.data.isNewUser).toBe(true);
      const second = await signIn(await message({ chainId: 137 }));
      expect(second.body.data).toMatchObject({ isNewUser: false, user: { id: first.body.data.user.id } });
      const rows = await ctx.deps.db
        .select()
        .from(schema.identities)
        .where(eq(schema.identities.userId, first.body.data.user.id));
      expect(rows).toEqual([expect.objectContaining({ provider: 'evm', subject: account.address })]);
    });

    it('a replay of a used message and signature is 401 (nonce consumed atomically)', async () => {
      const text = await message();
      const signature = await account.signMessage({ message: text });
      expect((await signIn(text, signature)).status).toBe(200);
      const before = await snapshot(ctx);
      const replay = await signIn(text, signature);
      expect(replay.status).toBe(401);
      expect(replay.body.data).toEqual({ reason: 'nonce', code: 'SIWE_FAILED' });
      expect(await snapshot(ctx)).toEqual(before);
    });

    it('the same message sent 4 times at once signs in exactly once', async () => {
      const text = await message();
      const signature = await account.signMessage({ message: text });
      const results = await Promise.all(Array.from({ length: 4 }, () => signIn(text, signature)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401]);
    });

    const refusals: [string, () => Promise<Parameters<typeof createSiweMessage>[0] | string>, string][] = [
      ['a domain that is not ours', async () => ({ ...(await base()), domain: 'evil.example' }), 'domain'],
      [
        'a URI on another origin',
        async () => ({ ...(await base()), uri: 'https://evil.example/login' }),
        'uri',
      ],
      ['a chain not on the allow-list (56)', async () => ({ ...(await base()), chainId: 56 }), 'chain'],
      [
        'an expiration time that has passed',
        async () => ({ ...(await base()), expirationTime: new Date(ctx.now().getTime() - 1_000) }),
        'expired',
      ],
      [
        'a not-before in the future',
        async () => ({ ...(await base()), notBefore: new Date(ctx.now().getTime() + 60 * 60_000) }),
        'not-yet-valid',
      ],
      [
        'an issued-at in the future',
        async () => ({ ...(await base()), issuedAt: new Date(ctx.now().getTime() + 10 * 60_000) }),
        'issued-in-future',
      ],
      ['a nonce we never issued', async () => ({ ...(await base()), nonce: 'NeverIssued12345' }), 'nonce'],
      ['text after the fields', async () => `${createSiweMessage(await base())}\nExtra: yes`, 'malformed'],
    ];
    async function base() {
      return {
        domain: 'play.khel.test',
        address: account.address,
        uri: `${ORIGIN}/login`,
        version: '1' as const,
        chainId: 1,
        nonce: await nonce(),
        issuedAt: ctx.now(),
      };
    }
    for (const [name, make, reason] of refusals) {
      it(`${name} → 401 (${reason}), nothing written`, async () => {
        const made = await make();
        const text = typeof made === 'string' ? made : createSiweMessage(made);
        const before = await snapshot(ctx);
        const res = await signIn(text);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ message: SIWE_FAILED_MESSAGE, data: { reason } });
        expect(await snapshot(ctx)).toEqual(before);
      });
    }

    it('a refused message does not spend the nonce: the right message with it still works', async () => {
      const fields = await base();
      expect((await signIn(createSiweMessage({ ...fields, domain: 'evil.example' }))).status).toBe(401);
      expect((await signIn(createSiweMessage(fields))).status).toBe(200);
    });

    it('a nonce expires after 10 minutes', async () => {
      const text = await message();
      ctx.advance(10 * 60_000 + 1_000);
      const res = await signIn(text);
      expect(res.status).toBe(401);
      expect(res.body.data).toEqual({ reason: 'nonce', code: 'SIWE_FAILED' });
    });

    it('a signature by another key is 401', async () => {
      const other = privateKeyToAccount(generatePrivateKey());
      const text = await message();
      const res = await signIn(text, await other.signMessage({ message: text }));
      expect(res.status).toBe(401);
      expect(res.body.data).toEqual({ reason: 'signature', code: 'SIWE_FAILED' });
    });

    it('link a wallet to a phone account; a wallet of another account is 409 and nothing changes', async () => {
      const web = await phoneSignIn(ctx);
      const wallet = privateKeyToAccount(generatePrivateKey());
      const linkText = createSiweMessage({ ...(await base()), address: wallet.address });
      const linked = await ctx.json('/social-auth/siwe', {
        body: { message: linkText, signature: await wallet.signMessage({ message: linkText }) },
        headers: bearer(web.accessToken),
      });
      expect(linked.status).toBe(200);
      expect(linked.body.data.socialStatuses.wallet).toEqual({ isActive: true });
      const signInText = createSiweMessage({ ...(await base()), address: wallet.address });
      const viaWallet = await signIn(signInText, await wallet.signMessage({ message: signInText }));
      expect(viaWallet.body.data.user.id).toBe(web.user.id);

      const other = await phoneSignIn(ctx);
      const stealText = createSiweMessage({ ...(await base()), address: wallet.address });
      const before = await snapshot(ctx);
      const stolen = await ctx.json('/social-auth/siwe', {
        body: { message: stealText, signature: await wallet.signMessage({ message: stealText }) },
        headers: bearer(other.accessToken),
      });
      expect(stolen.status).toBe(409);
      expect(stolen.body.message).toBe(alreadyLinkedMessage('evm'));
      expect(stolen.body.message).toBe('This wallet is already linked to another Khel account.');
      expect(await snapshot(ctx)).toEqual(before);
    });

    it('outside production the origin the request came to is ours too (a server on a random port, as in e2e)', async () => {
      const origin = 'http://127.0.0.1:43211';
      const fields = { ...(await base()), domain: '127.0.0.1:43211', uri: `${origin}/login` };
      const text = createSiweMessage(fields);
      const signature = await account.signMessage({ message: text });
      const res = await ctx.app.request(`${origin}/authentication/siwe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: text, signature }),
      });
      expect(res.status).toBe(200);
    });

    it('nonces are rate-limited per address: the 31st in 10 minutes is 429 with Retry-After', async () => {
      const ip = freshIp();
      for (let i = 0; i < 30; i++) {
        expect(
          (await ctx.json('/authentication/siwe/nonce', { headers: { 'x-forwarded-for': ip } })).status,
        ).toBe(200);
      }
      const limited = await ctx.json('/authentication/siwe/nonce', { headers: { 'x-forwarded-for': ip } });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});
