import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { schema } from '@khel/db';
import { type Address, beginCell, Cell, contractAddress, type StateInit, storeStateInit } from '@ton/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { bearer, freshIp, phoneSignIn, snapshot } from './auth.test-support.ts';
import { readWalletPublicKey, TON_FAILED_MESSAGE } from './ton-proof.ts';

/**
 * Code cells of the standard wallet contracts, as published by ton-org/ton (src/wallets/v3/r2.ts,
 * v4/WalletContractV4.ts, v5r1/WalletContractV5R1.ts). Data, not code: the contracts' bytecode.
 */
const WALLET_CODE = {
  v3R2: Cell.fromBase64(
    'te6cckEBAQEAcQAA3v8AIN0gggFMl7ohggEznLqxn3Gw7UTQ0x/THzHXC//jBOCk8mCDCNcYINMf0x/TH/gjE7vyY+1E0NMf0x/T/9FRMrryoVFEuvKiBPkBVBBV+RDyo/gAkyDXSpbTB9QC+wDo0QGkyMsfyx/L/8ntVBC9ba0=',
  ),
  v4R2: Cell.fromBase64(
    'te6ccgECFAEAAtQAART/APSkE/S88sgLAQIBIAIDAgFIBAUE+PKDCNcYINMf0x/THwL4I7vyZO1E0NMf0x/T//QE0VFDuvKhUVG68qIF+QFUEGT5EPKj+AAkpMjLH1JAyx9SMMv/UhD0AMntVPgPAdMHIcAAn2xRkyDXSpbTB9QC+wDoMOAhwAHjACHAAuMAAcADkTDjDQOkyMsfEssfy/8QERITAubQAdDTAyFxsJJfBOAi10nBIJJfBOAC0x8hghBwbHVnvSKCEGRzdHK9sJJfBeAD+kAwIPpEAcjKB8v/ydDtRNCBAUDXIfQEMFyBAQj0Cm+hMbOSXwfgBdM/yCWCEHBsdWe6kjgw4w0DghBkc3RyupJfBuMNBgcCASAICQB4AfoA9AQw+CdvIjBQCqEhvvLgUIIQcGx1Z4MesXCAGFAEywUmzxZY+gIZ9ADLaRfLH1Jgyz8gyYBA+wAGAIpQBIEBCPRZMO1E0IEBQNcgyAHPFvQAye1UAXKwjiOCEGRzdHKDHrFwgBhQBcsFUAPPFiP6AhPLassfyz/JgED7AJJfA+ICASAKCwBZvSQrb2omhAgKBrkPoCGEcNQICEekk30pkQzmkD6f+YN4EoAbeBAUiYcVnzGEAgFYDA0AEbjJftRNDXCx+AA9sp37UTQgQFA1yH0BDACyMoHy//J0AGBAQj0Cm+hMYAIBIA4PABmtznaiaEAga5Drhf/AABmvHfaiaEAQa5DrhY/AAG7SB/oA1NQi+QAFyMoHFcv/ydB3dIAYyMsFywIizxZQBfoCFMtrEszMyXP7AMhAFIEBCPRR8qcCAHCBAQjXGPoA0z/IVCBHgQEI9FHyp4IQbm90ZXB0gBjIywXLAlAGzxZQBPoCFMtqEssfyz/Jc/sAAgBsgQEI1xj6ANM/MFIkgQEI9Fnyp4IQZHN0cnB0gBjIywXLAlAFzxZQA/oCE8tqyx8Syz/Jc/sAAAr0AMntVA==',
  ),
  v5R1: Cell.fromBoc(
    Buffer.from(
      'b5ee9c7241021401000281000114ff00f4a413f4bcf2c80b01020120020d020148030402dcd020d749c120915b8f6320d70b1f2082106578746ebd21821073696e74bdb0925f03e082106578746eba8eb48020d72101d074d721fa4030fa44f828fa443058bd915be0ed44d0810141d721f4058307f40e6fa1319130e18040d721707fdb3ce03120d749810280b99130e070e2100f020120050c020120060902016e07080019adce76a2684020eb90eb85ffc00019af1df6a2684010eb90eb858fc00201480a0b0017b325fb51341c75c875c2c7e00011b262fb513435c280200019be5f0f6a2684080a0eb90fa02c0102f20e011e20d70b1f82107369676ebaf2e08a7f0f01e68ef0eda2edfb218308d722028308d723208020d721d31fd31fd31fed44d0d200d31f20d31fd3ffd70a000af90140ccf9109a28945f0adb31e1f2c087df02b35007b0f2d0845125baf2e0855036baf2e086f823bbf2d0882292f800de01a47fc8ca00cb1f01cf16c9ed542092f80fde70db3cd81003f6eda2edfb02f404216e926c218e4c0221d73930709421c700b38e2d01d72820761e436c20d749c008f2e09320d74ac002f2e09320d71d06c712c2005230b0f2d089d74cd7393001a4e86c128407bbf2e093d74ac000f2e093ed55e2d20001c000915be0ebd72c08142091709601d72c081c12e25210b1e30f20d74a111213009601fa4001fa44f828fa443058baf2e091ed44d0810141d718f405049d7fc8ca0040048307f453f2e08b8e14038307f45bf2e08c22d70a00216e01b3b0f2d090e2c85003cf1612f400c9ed54007230d72c08248e2d21f2e092d200ed44d0d2005113baf2d08f54503091319c01810140d721d70a00f2e08ee2c8ca0058cf16c9ed5493f2c08de20010935bdb31e1d74cd0b4d6c35e',
      'hex',
    ),
  )[0]!,
};

interface TestWallet {
  privateKey: KeyObject;
  publicKey: Buffer;
  init: StateInit;
  address: Address;
  stateInitBoc: string;
}

/** A wallet as TON Connect would report it: a fresh Ed25519 key in a standard wallet's initial data. */
function makeWallet(version: keyof typeof WALLET_CODE = 'v4R2', workchain = 0): TestWallet {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const walletId = 698_983_191 + workchain;
  const data =
    version === 'v5R1'
      ? beginCell()
          .storeBit(1) // signature auth allowed
          .storeUint(0, 32) // seqno
          .storeUint(2_147_483_409, 32) // wallet id for mainnet, workchain 0, subwallet 0
          .storeBuffer(raw)
          .storeBit(0) // no extensions
          .endCell()
      : version === 'v4R2'
        ? beginCell().storeUint(0, 32).storeUint(walletId, 32).storeBuffer(raw).storeBit(0).endCell()
        : beginCell().storeUint(0, 32).storeUint(walletId, 32).storeBuffer(raw).endCell();
  const init: StateInit = { code: WALLET_CODE[version], data };
  return {
    privateKey,
    publicKey: raw,
    init,
    address: contractAddress(workchain, init),
    stateInitBoc: beginCell().store(storeStateInit(init)).endCell().toBoc().toString('base64'),
  };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();

/** ton_proof exactly as the TON Connect spec lays it out, written here apart from the server's code. */
function signProof(signer: KeyObject, address: Address, domain: string, ts: number, payload: string) {
  const wc = Buffer.alloc(4);
  wc.writeInt32BE(address.workChain);
  const len = Buffer.alloc(4);
  len.writeUInt32LE(Buffer.byteLength(domain));
  const time = Buffer.alloc(8);
  time.writeBigUInt64LE(BigInt(ts));
  const message = Buffer.concat([
    Buffer.from('ton-proof-item-v2/'),
    wc,
    address.hash,
    len,
    Buffer.from(domain),
    time,
    Buffer.from(payload),
  ]);
  const full = Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect'), sha256(message)]);
  return sign(null, sha256(full), signer).toString('base64');
}

describe('reading the public key from a wallet state init', () => {
  for (const version of ['v3R2', 'v4R2', 'v5R1'] as const) {
    it(`${version}: the key stored in the data cell`, () => {
      const wallet = makeWallet(version);
      expect(readWalletPublicKey(wallet.init)).toEqual({ version, publicKey: wallet.publicKey });
    });
  }
  it('unknown code: no key', () => {
    const wallet = makeWallet();
    expect(
      readWalletPublicKey({ code: beginCell().storeUint(7, 8).endCell(), data: wallet.init.data }),
    ).toBeNull();
  });
});

describe.each(DB_KINDS)('TON Connect ton_proof sign-in on %s', (kind) => {
  let ctx: TestContext;
  const DOMAIN = 'play.khel.test';
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {
      PUBLIC_URL: `https://${DOMAIN}`,
      TELEGRAM_MINIAPP_URL: `https://${DOMAIN}/tma/`,
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const payload = async () => {
    const res = await ctx.json('/authentication/ton/payload', { headers: { 'x-forwarded-for': freshIp() } });
    expect(res.status).toBe(200);
    return res.body.data.payload as string;
  };

  interface ProofOptions {
    wallet?: TestWallet;
    signer?: KeyObject;
    address?: Address;
    domain?: string;
    lengthBytes?: number;
    timestamp?: number;
    payload?: string;
    stateInit?: string;
    publicKey?: string;
    network?: '-239' | '-3';
  }
  async function proofBody(o: ProofOptions = {}) {
    const wallet = o.wallet ?? makeWallet();
    const address = o.address ?? wallet.address;
    const domain = o.domain ?? DOMAIN;
    const timestamp = o.timestamp ?? Math.floor(ctx.now().getTime() / 1000);
    const p = o.payload ?? (await payload());
    return {
      address: address.toRawString(),
      network: o.network ?? '-239',
      ...(o.publicKey === undefined
        ? { public_key: wallet.publicKey.toString('hex') }
        : { public_key: o.publicKey }),
      proof: {
        timestamp,
        domain: { lengthBytes: o.lengthBytes ?? Buffer.byteLength(domain), value: domain },
        payload: p,
        signature: signProof(o.signer ?? wallet.privateKey, address, domain, timestamp, p),
        state_init: o.stateInit ?? wallet.stateInitBoc,
      },
    };
  }
  const signIn = (body: unknown, headers: Record<string, string> = {}) =>
    ctx.json('/authentication/ton', { body, headers });

  it('GET /authentication/ton/payload: 32 random bytes in hex, valid 15 minutes', async () => {
    const res = await ctx.json('/authentication/ton/payload');
    expect(res.body.data).toEqual({ payload: expect.stringMatching(/^[0-9a-f]{64}$/), expiresIn: 900 });
  });

  it('a proof built with a generated key and a real wallet v4R2 state init signs in; the identity is the raw address', async () => {
    const wallet = makeWallet('v4R2');
    const res = await signIn(await proofBody({ wallet }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.isNewUser).toBe(true);
    const [identity] = await ctx.deps.db
      .select()
      .from(schema.identities)
      .where(eq(schema.identities.userId, res.body.data.user.id));
    expect(identity).toMatchObject({
      provider: 'ton',
      subject: wallet.address.toRawString(),
      details: { network: '-239', wallet: 'v4R2', address: wallet.address.toString({ bounceable: false }) },
    });
    // The user-friendly address form and a timestamp sent as a string (the wire format) work too.
    const again = await proofBody({ wallet });
    const second = await signIn({
      ...again,
      address: wallet.address.toString(),
      proof: { ...again.proof, timestamp: String(again.proof.timestamp) },
    });
    expect(second.body.data).toMatchObject({ isNewUser: false, user: { id: res.body.data.user.id } });
  });

  it('wallet v5R1 and v3R2 data layouts sign in as well', async () => {
    for (const version of ['v5R1', 'v3R2'] as const) {
      const res = await signIn(await proofBody({ wallet: makeWallet(version) }));
      expect(res.status, version).toBe(200);
    }
  });

  const refusals: [string, () => Promise<unknown>, string][] = [
    ['a domain that is not on the allow-list', () => proofBody({ domain: 'evil.example' }), 'domain'],
    ['a domain length that does not match the domain', () => proofBody({ lengthBytes: 3 }), 'domain'],
    [
      'a stale timestamp (16 minutes old)',
      () => proofBody({ timestamp: Math.floor(ctx.now().getTime() / 1000) - 16 * 60 }),
      'expired',
    ],
    [
      'a timestamp in the future',
      () => proofBody({ timestamp: Math.floor(ctx.now().getTime() / 1000) + 10 * 60 }),
      'future',
    ],
    [
      'a state init that does not match the address',
      async () => {
        const mine = makeWallet();
        const other = makeWallet();
        return proofBody({ wallet: mine, address: other.address });
      },
      'state-init',
    ],
    [
      'a signature by another key',
      () => proofBody({ signer: generateKeyPairSync('ed25519').privateKey }),
      'signature',
    ],
    [
      'a public_key that is not the state init’s',
      () => proofBody({ publicKey: 'ab'.repeat(32) }),
      'public-key',
    ],
    [
      'a state init of a contract that is not a standard wallet',
      async () => {
        const wallet = makeWallet();
        const init = { code: beginCell().storeUint(42, 8).endCell(), data: wallet.init.data };
        const address = contractAddress(0, init);
        return proofBody({
          wallet: { ...wallet, init, address },
          stateInit: beginCell().store(storeStateInit(init)).endCell().toBoc().toString('base64'),
        });
      },
      'unsupported-wallet',
    ],
    ['a state init that is not a BOC', () => proofBody({ stateInit: 'bm90IGEgYm9j' }), 'state-init'],
    ['a payload we never issued', () => proofBody({ payload: 'f'.repeat(64) }), 'payload'],
  ];
  for (const [name, make, reason] of refusals) {
    it(`${name} → 401 (${reason}), no user created`, async () => {
      const body = await make();
      const before = await snapshot(ctx);
      const res = await signIn(body);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, message: TON_FAILED_MESSAGE, data: { reason } });
      expect(await snapshot(ctx)).toEqual(before);
    });
  }

  it('a reused payload → 401, even with a fresh, correctly signed proof', async () => {
    const wallet = makeWallet();
    const p = await payload();
    expect((await signIn(await proofBody({ wallet, payload: p }))).status).toBe(200);
    const before = await snapshot(ctx);
    const reuse = await signIn(await proofBody({ wallet: makeWallet(), payload: p }));
    expect(reuse.status).toBe(401);
    expect(reuse.body.data).toEqual({ reason: 'payload' });
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('a payload dies after 15 minutes', async () => {
    const p = await payload();
    ctx.advance(15 * 60_000 + 1_000);
    const res = await signIn(await proofBody({ payload: p }));
    expect(res.status).toBe(401);
    expect(res.body.data).toEqual({ reason: 'payload' });
  });

  it('payloads are rate-limited per address: the 31st in 10 minutes is 429 with Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      expect(
        (await ctx.json('/authentication/ton/payload', { headers: { 'x-forwarded-for': ip } })).status,
      ).toBe(200);
    }
    const limited = await ctx.json('/authentication/ton/payload', { headers: { 'x-forwarded-for': ip } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    ctx.advance(10 * 60_000);
    expect(
      (await ctx.json('/authentication/ton/payload', { headers: { 'x-forwarded-for': ip } })).status,
    ).toBe(200);
  });

  it('link a TON wallet to a phone account; a wallet of another account is 409 and nothing changes', async () => {
    const web = await phoneSignIn(ctx);
    const wallet = makeWallet();
    const linked = await ctx.json('/social-auth/ton', {
      body: await proofBody({ wallet }),
      headers: bearer(web.accessToken),
    });
    expect(linked.status).toBe(200);
    expect(linked.body.data.socialStatuses.wallet).toEqual({ isActive: true });
    expect((await signIn(await proofBody({ wallet }))).body.data.user.id).toBe(web.user.id);

    const other = await phoneSignIn(ctx);
    const body = await proofBody({ wallet });
    const before = await snapshot(ctx);
    const res = await ctx.json('/social-auth/ton', { body, headers: bearer(other.accessToken) });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This TON wallet is already linked to another Khel account.');
    expect(await snapshot(ctx)).toEqual(before);
  });
});
