import { randomUUID } from 'node:crypto';
import { schema } from '@khel/db';
import type { PayoutStatus, UserRow } from '@khel/db/schema';
import { and, eq } from 'drizzle-orm';
import { runDueJobs } from '../../lib/jobs.ts';
import type { TestContext } from '../../test-support.ts';
import { completeSignIn } from '../auth/sign-in.ts';
import { systemAccountBalance } from '../ledger/ledger.ts';
import { type SignedInUser, signedInUser } from '../profile/profile.test-support.ts';
import { payoutRecheckDelayMs } from './payouts.ts';

export type Auth = Record<string, string>;

/** A signed-in user outside India (profile country BR). */
export const foreignUser = (ctx: TestContext) => signedInUser(ctx, { country: 'BR' });

/**
 * A signed-in user in India (country IN). With `bankLast4`, their KYC is complete: verified PAN,
 * Aadhaar and bank rows written straight into kyc_documents (the KYC routes are tested on their own).
 */
export async function indianUser(ctx: TestContext, bankLast4: string | null = '4321'): Promise<SignedInUser> {
  const signed = await signedInUser(ctx, { country: 'IN' });
  if (bankLast4) await completeKyc(ctx, signed.user.id, bankLast4);
  return signed;
}

export async function completeKyc(ctx: TestContext, userId: string, bankLast4: string) {
  const doc = (docType: 'pan' | 'aadhaar' | 'bank', display: Record<string, string>) => ({
    userId,
    docType,
    status: 'verified' as const,
    ciphertext: 'x',
    lookupHash: `test-${randomUUID()}`,
    display,
    provider: 'sandbox',
  });
  await ctx.deps.db
    .insert(schema.kycDocuments)
    .values([
      doc('pan', { masked: 'XXXXX1234X', last4: '234F' }),
      doc('aadhaar', { last4: '9012' }),
      doc('bank', { ifsc: 'HDFC0001234', last4: bankLast4, bankName: 'HDFC Bank', holderName: 'Test Gamer' }),
    ])
    .onConflictDoNothing();
}

/** Points the user's verified bank account at other last 4 digits (the sandbox payout outcome). */
export async function setBankLast4(ctx: TestContext, userId: string, last4: string) {
  const t = schema.kycDocuments;
  await ctx.deps.db
    .update(t)
    .set({ display: { ifsc: 'HDFC0001234', last4, bankName: 'HDFC Bank' } })
    .where(and(eq(t.userId, userId), eq(t.docType, 'bank')));
}

/** A new access token for the user (after the test clock moved past the old one's 15 minutes). */
export async function freshAuth(ctx: TestContext, user: UserRow): Promise<Auth> {
  const { accessToken } = await completeSignIn(ctx.deps, user, false, 'website');
  return { authorization: `Bearer ${accessToken}` };
}

export async function grantTestEarning(
  ctx: TestContext,
  auth: Auth,
  amount: bigint | string,
  extra: { title?: string; source?: string; expiresInHours?: number } = {},
) {
  const res = await ctx.json('/dev/earnings', {
    method: 'POST',
    headers: auth,
    body: { amount: amount.toString(), ...extra },
  });
  if (res.status !== 201) throw new Error(`grant failed: ${res.status} ${res.body.message}`);
  return res.body.data as { id: string; amount: { amount: string } };
}

async function post(ctx: TestContext, path: string, auth: Auth, key: string | null) {
  const res = await ctx.app.request(path, {
    method: 'POST',
    headers: { ...auth, ...(key === null ? {} : { 'idempotency-key': key }) },
  });
  const text = await res.text();
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed'),
    text,
    body: JSON.parse(text) as Awaited<ReturnType<TestContext['json']>>['body'],
  };
}

export const collectOne = (ctx: TestContext, auth: Auth, id: string, key: string | null = randomUUID()) =>
  post(ctx, `/collect-earning/${id}/collect`, auth, key);

export const collectAll = (ctx: TestContext, auth: Auth, key: string | null = randomUUID()) =>
  post(ctx, '/collect-earning/collect-all', auth, key);

export async function earningRow(ctx: TestContext, id: string) {
  const [row] = await ctx.deps.db.select().from(schema.earnings).where(eq(schema.earnings.id, id));
  return row!;
}

export async function payoutRow(ctx: TestContext, id: string) {
  const [row] = await ctx.deps.db.select().from(schema.payouts).where(eq(schema.payouts.id, id));
  return row!;
}

export const systemKcash = (ctx: TestContext, kind: schema.SystemAccountKind) =>
  systemAccountBalance(ctx.deps.db, kind, 'KCASH');

/**
 * Runs the job worker's steps for a payout until it succeeds or fails, moving the clock past each
 * re-check (at most `rounds` looks). Returns the payout's status at the end.
 */
export async function drivePayout(ctx: TestContext, payoutId: string, rounds = 6): Promise<PayoutStatus> {
  for (let i = 0; i < rounds; i++) {
    await runDueJobs(ctx.deps, { limit: 100 });
    const { status } = await payoutRow(ctx, payoutId);
    if (status === 'succeeded' || status === 'failed') return status;
    ctx.advance(payoutRecheckDelayMs(i) + 1);
  }
  return (await payoutRow(ctx, payoutId)).status;
}
