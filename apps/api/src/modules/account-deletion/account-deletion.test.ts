import { schema } from '@khel/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runDueJobs } from '../../lib/jobs.ts';
import { createTestContext, DB_KINDS, lastOtp, type TestContext } from '../../test-support.ts';
import {
  makeJpeg,
  multipart,
  randomIndianPhone,
  signedInUser,
  userRow,
} from '../profile/profile.test-support.ts';
import { SHREDDED_KEY_ID, signWithCustodialWallet } from '../wallets/custodial-wallet.ts';
import { ACCOUNT_PURGE_JOB, NO_PENDING_DELETION_MESSAGE } from './account-deletion.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const GRACE_DAYS = 14;

describe.each(DB_KINDS)('account deletion (/delete-user-account) on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  let ipCounter = 0;
  /** Signs in through the phone OTP routes, as a person would. */
  async function signInByPhone(phone: string) {
    const ip = `203.0.113.${(ipCounter++ % 250) + 1}`;
    const sent = await ctx.json('/authentication/register', {
      body: { phone },
      headers: { 'x-forwarded-for': ip },
    });
    expect(sent.status).toBe(200);
    const res = await ctx.json('/authentication/verify', { body: { phone, otp: await lastOtp(ctx, phone) } });
    expect(res.status).toBe(200);
    return {
      ...res.body.data,
      auth: { authorization: `Bearer ${res.body.data.accessToken}` },
    } as {
      user: { id: string };
      accessToken: string;
      refreshToken: string;
      isNewUser: boolean;
      auth: { authorization: string };
    };
  }

  /** A new access token (the client would refresh: access tokens live 15 minutes and these tests jump days). */
  const authFor = async (userId: string) => {
    const { accessToken } = await ctx.deps.tokens.issue(
      { userId, phoneNumber: null, email: null },
      'website',
    );
    return { authorization: `Bearer ${accessToken}` };
  };

  const purgeJobs = (userId: string) =>
    ctx.deps.db
      .select()
      .from(schema.jobs)
      .where(
        and(
          eq(schema.jobs.kind, ACCOUNT_PURGE_JOB),
          eq(schema.jobs.dedupeKey, `${ACCOUNT_PURGE_JOB}:${userId}`),
        ),
      );

  it('a request answers the due date 14 days ahead; asking again keeps it; GET shows it', async () => {
    const { user, auth } = await signedInUser(ctx);
    expect((await ctx.json('/users/me/deletion-request', { headers: auth })).body.data).toEqual({
      status: 'none',
      requestedAt: null,
      dueAt: null,
      graceDays: GRACE_DAYS,
    });
    const before = ctx.now().getTime();
    const res = await ctx.json('/users/me/deletion-request', { method: 'POST', headers: auth });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'pending', graceDays: GRACE_DAYS });
    const due = new Date(res.body.data.dueAt).getTime();
    expect(due - new Date(res.body.data.requestedAt).getTime()).toBe(GRACE_DAYS * DAY_MS);
    expect(due).toBeGreaterThanOrEqual(before + GRACE_DAYS * DAY_MS);
    expect(res.body.message).toContain(res.body.data.dueAt);

    ctx.advance(DAY_MS);
    const later = await authFor(user.id);
    const again = await ctx.json('/users/me/deletion-request', { method: 'POST', headers: later });
    expect(again.body.data.dueAt).toBe(res.body.data.dueAt);
    expect((await ctx.json('/users/me/deletion-request', { headers: later })).body.data).toEqual(
      res.body.data,
    );
    expect((await ctx.json('/users/me/profile', { headers: later })).body.data.deletion_due_at).toBe(
      res.body.data.dueAt,
    );
    expect(await purgeJobs(user.id)).toHaveLength(1);
  });

  it('request → cancel within the grace period → nothing is purged, even after the due date', async () => {
    const { user, auth: first } = await signedInUser(ctx, {
      firstName: 'Priya',
      username: `p${Date.now() % 1e8}`,
    });
    await ctx.json('/users/me/deletion-request', { method: 'POST', headers: first });
    ctx.advance((GRACE_DAYS - 1) * DAY_MS);
    let auth = await authFor(user.id);
    const cancel = await ctx.json('/users/me/deletion-request', { method: 'DELETE', headers: auth });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ status: 'none', dueAt: null });

    ctx.advance(2 * DAY_MS);
    await runDueJobs(ctx.deps, { limit: 100 });
    auth = await authFor(user.id);
    const row = await userRow(ctx, user.id);
    expect(row).toMatchObject({ firstName: 'Priya', deletedAt: null, deletionDueAt: null });
    expect(row.phoneNumber).toBe(user.phoneNumber);
    const [job] = await purgeJobs(user.id);
    expect(job?.cancelledAt).not.toBeNull();
    expect(job?.doneAt).toBeNull();
    expect((await ctx.json('/users/me/profile', { headers: auth })).status).toBe(200);

    const nothing = await ctx.json('/users/me/deletion-request', { method: 'DELETE', headers: auth });
    expect(nothing.status).toBe(404);
    expect(nothing.body.message).toBe(NO_PENDING_DELETION_MESSAGE);
    // A new request after a cancel schedules a new purge.
    const renewed = await ctx.json('/users/me/deletion-request', { method: 'POST', headers: auth });
    expect(renewed.body.data.status).toBe('pending');
    expect((await purgeJobs(user.id)).filter((j) => !j.cancelledAt)).toHaveLength(1);
  });

  it('request → 14 days → the purge job erases personal data, revokes sessions, keeps the anonymous id', async () => {
    const phone = randomIndianPhone();
    const session = await signInByPhone(phone);
    const { auth } = session;
    const userId = session.user.id;
    await ctx.json('/users/me/profile', {
      method: 'PATCH',
      body: { first_name: 'Rahul', last_name: 'Sharma', country: 'IN', city: 'Pune', college: 'IIT Bombay' },
      headers: auth,
    });
    await ctx.json('/users/me/username', {
      method: 'PUT',
      body: { username: `r${Date.now() % 1e8}` },
      headers: auth,
    });
    const email = `rahul${Date.now()}@example.com`;
    await ctx.json('/users/me/email', { method: 'PUT', body: { email }, headers: auth });
    const mailed = await ctx.json(`/dev/outbox?to=${encodeURIComponent(email)}&limit=1`);
    const code = (mailed.body.data[0].body as string).match(/\b(\d{6})\b/)![1];
    expect((await ctx.json('/users/me/verify-email', { body: { code }, headers: auth })).status).toBe(200);
    await ctx.json('/users/me/professions', {
      method: 'PUT',
      body: { productRole: 'Quester' },
      headers: auth,
    });
    expect(
      (
        await ctx.app.request('/users/me/profile-picture', {
          method: 'POST',
          body: multipart(await makeJpeg()),
          headers: auth,
        })
      ).status,
    ).toBe(201);
    await ctx.deps.db
      .insert(schema.identities)
      .values({ userId, provider: 'google', subject: `google-sub-${userId}`, details: { email } })
      .onConflictDoNothing();
    const wallet = (await ctx.json('/users/me/wallet-address', { headers: auth })).body.data.evmWalletAddress;
    expect(wallet).toMatch(/^0x/);

    const requested = await ctx.json('/users/me/deletion-request', { method: 'POST', headers: auth });
    const dueAt = new Date(requested.body.data.dueAt).getTime();
    // One minute before the due time nothing happens.
    ctx.advance(dueAt - ctx.now().getTime() - 60_000);
    await runDueJobs(ctx.deps, { limit: 100 });
    expect((await userRow(ctx, userId)).deletedAt).toBeNull();

    // The session's access token has long expired by now; its refresh token is what the client holds.
    ctx.advance(60_000);
    const stillValid = await authFor(userId);
    const result = await runDueJobs(ctx.deps, { limit: 100 });
    expect(result.done).toBeGreaterThanOrEqual(1);

    const row = await userRow(ctx, userId);
    expect(row.deletedAt).not.toBeNull();
    for (const column of [
      'phoneNumber',
      'email',
      'emailVerifiedAt',
      'username',
      'firstName',
      'lastName',
      'telegramId',
      'telegramUsername',
      'photoUrl',
      'languageCode',
      'country',
      'city',
      'college',
      'productRole',
      'preferredPlatform',
    ] as const)
      expect(row[column], column).toBeNull();
    expect(row.isVerified).toBe(false);

    const db = ctx.deps.db;
    expect(await db.select().from(schema.identities).where(eq(schema.identities.userId, userId))).toEqual([]);
    expect(
      await db.select().from(schema.profilePictures).where(eq(schema.profilePictures.userId, userId)),
    ).toEqual([]);
    expect(await db.select().from(schema.emailCodes).where(eq(schema.emailCodes.userId, userId))).toEqual([]);
    expect(await db.select().from(schema.otpCodes).where(eq(schema.otpCodes.phoneNumber, phone))).toEqual([]);
    expect(
      await db.select().from(schema.sandboxMessages).where(eq(schema.sandboxMessages.recipient, phone)),
    ).toEqual([]);
    expect(
      await db.select().from(schema.sandboxMessages).where(eq(schema.sandboxMessages.recipient, email)),
    ).toEqual([]);
    const tokens = await db
      .select()
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.userId, userId));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((t) => t.revokedAt !== null)).toBe(true);
    // The wallet address stays with the anonymous id; its key is destroyed.
    const [walletRow] = await db
      .select()
      .from(schema.custodialWallets)
      .where(eq(schema.custodialWallets.userId, userId));
    expect(walletRow).toMatchObject({ evmAddress: wallet, masterKeyId: SHREDDED_KEY_ID });
    expect(walletRow!.encryptedPrivateKey.length).toBe(0);
    expect(walletRow!.encryptedDataKey.length).toBe(0);
    await expect(signWithCustodialWallet(ctx.deps, userId, 'still mine?')).rejects.toThrow(/destroyed/);

    // The old session is over.
    const refresh = await ctx.json(
      `/authentication/token/refresh?refresh_token=${encodeURIComponent(session.refreshToken)}&source=website`,
    );
    expect(refresh.status).toBe(400);
    // An access token issued before the purge (they live 15 minutes) no longer opens anything.
    expect((await ctx.json('/users/me/profile', { headers: stillValid })).status).toBe(401);
    expect((await ctx.json('/users/me/wallet-address', { headers: stillValid })).status).toBe(401);
    for (const path of ['/wallets/balance', '/transactions', '/kyc/status', '/collect-earning/list'])
      expect((await ctx.json(path, { headers: stillValid })).status, path).toBe(401);
    expect((await ctx.json(`/users/${userId}/profile-picture`)).status).toBe(404);

    // The same phone signs in to a new, empty account.
    const fresh = await signInByPhone(phone);
    expect(fresh.isNewUser).toBe(true);
    expect(fresh.user.id).not.toBe(userId);
    const profile = await ctx.json('/users/me/profile', { headers: fresh.auth });
    expect(profile.body.data).toMatchObject({
      phone_number: phone,
      first_name: null,
      username: null,
      email: null,
    });

    // Running the job again (a retry after a crash) changes nothing.
    const [job] = await purgeJobs(userId);
    expect(job?.doneAt).not.toBeNull();
    await ctx.deps.jobHandlers[ACCOUNT_PURGE_JOB]!(ctx.deps, job!);
    expect((await userRow(ctx, userId)).deletedAt).toEqual(row.deletedAt);
  });

  it('two workers in parallel purge each account once', async () => {
    const users = await Promise.all(
      Array.from({ length: 6 }, () => signedInUser(ctx, { firstName: 'Gamer' })),
    );
    for (const u of users) await ctx.json('/users/me/deletion-request', { method: 'POST', headers: u.auth });
    ctx.advance((GRACE_DAYS + 1) * DAY_MS);
    const [a, b] = await Promise.all([
      runDueJobs(ctx.deps, { limit: 100 }),
      runDueJobs(ctx.deps, { limit: 100 }),
    ]);
    expect(a.failed + b.failed).toBe(0);
    for (const u of users) {
      const jobs = await purgeJobs(u.user.id);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ attempts: 1 });
      expect(jobs[0]!.doneAt).not.toBeNull();
      const row = await userRow(ctx, u.user.id);
      expect(row.deletedAt).not.toBeNull();
      expect(row.firstName).toBeNull();
    }
  });

  it('the grace period comes from ACCOUNT_DELETION_GRACE_DAYS', async () => {
    const other = await createTestContext(kind, inject('postgresAdminUrl'), {
      ACCOUNT_DELETION_GRACE_DAYS: '3',
    });
    try {
      const [user] = await other.deps.db
        .insert(schema.users)
        .values({ phoneNumber: randomIndianPhone() })
        .returning();
      const token = (
        await other.deps.tokens.issue({ userId: user!.id, phoneNumber: null, email: null }, 'website')
      ).accessToken;
      const res = await other.json('/users/me/deletion-request', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.body.data.graceDays).toBe(3);
      expect(new Date(res.body.data.dueAt).getTime() - new Date(res.body.data.requestedAt).getTime()).toBe(
        3 * DAY_MS,
      );
    } finally {
      await other.close();
    }
  });
});
