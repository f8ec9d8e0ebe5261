import { randomBytes } from 'node:crypto';
import { isWalletNotFound, WALLET_NOT_FOUND_CODE } from '@khel/core/client';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { getAddress, recoverMessageAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DecryptionError, envelopeDecrypt, loadWalletMasterKey } from '../../lib/envelope-crypto.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestContext, DB_KINDS, lastOtp, type TestContext } from '../../test-support.ts';
import { completeSignIn } from '../auth/sign-in.ts';
import { randomIndianPhone, signedInUser } from '../profile/profile.test-support.ts';
import { CustodialWalletService, signWithCustodialWallet } from './custodial-wallet.ts';

describe.each(DB_KINDS)('custodial EVM wallet on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const walletRow = async (userId: string) => {
    const [row] = await ctx.deps.db
      .select()
      .from(schema.custodialWallets)
      .where(eq(schema.custodialWallets.userId, userId));
    return row;
  };

  it('is created at first sign-in (phone OTP) and GET /users/me/wallet-address answers data.evmWalletAddress', async () => {
    const phone = randomIndianPhone();
    await ctx.json('/authentication/register', {
      body: { phone },
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    const signIn = await ctx.json('/authentication/verify', {
      body: { phone, otp: await lastOtp(ctx, phone) },
    });
    expect(signIn.status).toBe(200);
    const auth = { authorization: `Bearer ${signIn.body.data.accessToken}` };

    const res = await ctx.json('/users/me/wallet-address', { headers: auth });
    expect(res.status).toBe(200);
    const address = res.body.data.evmWalletAddress as string;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(getAddress(address)).toBe(address); // EIP-55 checksummed
    expect((await walletRow(signIn.body.data.user.id))?.evmAddress).toBe(address);
  });

  it('signing in again keeps the same wallet; concurrent sign-ins make exactly one', async () => {
    const [user] = await ctx.deps.db
      .insert(schema.users)
      .values({ phoneNumber: randomIndianPhone() })
      .returning();
    await Promise.all(Array.from({ length: 6 }, () => completeSignIn(ctx.deps, user!, true, 'website')));
    const rows = await ctx.deps.db
      .select()
      .from(schema.custodialWallets)
      .where(eq(schema.custodialWallets.userId, user!.id));
    expect(rows).toHaveLength(1);
    const again = await ctx.deps.wallets.ensureWallet(user!.id);
    expect(again).toEqual({ address: rows[0]!.evmAddress, created: false });
  });

  it('the stored key really is the address’s key: a message signed server-side recovers to the address', async () => {
    const { user, auth } = await signedInUser(ctx);
    const address = (await ctx.json('/users/me/wallet-address', { headers: auth })).body.data
      .evmWalletAddress;
    const message = `Khel custodial wallet check ${user.id}`;
    const signature = await signWithCustodialWallet(ctx.deps, user.id, message);
    expect(await recoverMessageAddress({ message, signature })).toBe(address);
  });

  it('at rest the key is encrypted: neither column contains it, and only the master key opens it', async () => {
    const { user } = await signedInUser(ctx);
    const row = (await walletRow(user.id))!;
    const master = loadWalletMasterKey(ctx.deps.env);
    expect(row.masterKeyId).toBe(master.id);
    const key = envelopeDecrypt(
      master,
      {
        encryptedDataKey: row.encryptedDataKey,
        ciphertext: row.encryptedPrivateKey,
        masterKeyId: row.masterKeyId,
      },
      `custodial-wallet:${user.id}:${row.evmAddress.toLowerCase()}`,
    );
    expect(privateKeyToAccount(`0x${key.toString('hex')}`).address).toBe(row.evmAddress);
    for (const column of [row.encryptedPrivateKey, row.encryptedDataKey]) {
      expect(column.includes(key)).toBe(false);
      expect(column.toString('latin1')).not.toContain(key.toString('hex'));
    }
    const everything = JSON.stringify(await ctx.deps.db.select().from(schema.custodialWallets));
    expect(everything).not.toContain(key.toString('hex'));
    expect(everything).not.toContain(key.toString('base64'));
  });

  it('a tampered ciphertext or data key fails decryption instead of signing', async () => {
    for (const column of ['encryptedPrivateKey', 'encryptedDataKey'] as const) {
      const { user } = await signedInUser(ctx);
      const row = (await walletRow(user.id))!;
      const tampered = Buffer.from(row[column]);
      tampered[tampered.length - 1]! ^= 0x01;
      await ctx.deps.db
        .update(schema.custodialWallets)
        .set({ [column]: tampered })
        .where(eq(schema.custodialWallets.userId, user.id));
      await expect(signWithCustodialWallet(ctx.deps, user.id, 'hello')).rejects.toThrow(DecryptionError);
    }
  });

  it('another master key (same id) cannot open a wallet', async () => {
    const { user } = await signedInUser(ctx);
    const impostor = new CustodialWalletService(
      ctx.deps.db,
      { id: loadWalletMasterKey(ctx.deps.env).id, key: randomBytes(32) },
      createLogger('silent'),
    );
    await expect(impostor.signMessage(user.id, 'hello')).rejects.toThrow(DecryptionError);
  });

  it('the key is never logged, neither when made nor when used', async () => {
    const lines: string[] = [];
    const master = loadWalletMasterKey(ctx.deps.env);
    const wallets = new CustodialWalletService(
      ctx.deps.db,
      master,
      createLogger('debug', {}, (l) => lines.push(l)),
    );
    const [user] = await ctx.deps.db
      .insert(schema.users)
      .values({ phoneNumber: randomIndianPhone() })
      .returning();
    await wallets.ensureWallet(user!.id);
    await wallets.signMessage(user!.id, 'hello');
    const row = (await walletRow(user!.id))!;
    const key = envelopeDecrypt(
      master,
      {
        encryptedDataKey: row.encryptedDataKey,
        ciphertext: row.encryptedPrivateKey,
        masterKeyId: row.masterKeyId,
      },
      `custodial-wallet:${user!.id}:${row.evmAddress.toLowerCase()}`,
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(key.toString('hex'));
  });

  it('a user without a wallet: 404 with data.code WALLET_NOT_FOUND, the shape the client recognises', async () => {
    const { user, auth } = await signedInUser(ctx);
    await ctx.deps.db.delete(schema.custodialWallets).where(eq(schema.custodialWallets.userId, user.id));
    const res = await ctx.json('/users/me/wallet-address', { headers: auth });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      status: 404,
      data: { code: WALLET_NOT_FOUND_CODE },
      message: 'Wallet not found',
    });
    expect(isWalletNotFound(res.body)).toBe(true);
    expect((await ctx.json('/users/me/wallet-address')).status).toBe(401);
  });
});
