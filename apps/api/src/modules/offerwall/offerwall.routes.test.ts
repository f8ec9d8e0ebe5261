import { OFFERWALL_BAD_SIGNATURE_MESSAGE } from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { verifyLedger } from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { balancesOf } from '../store/store.test-support.ts';
import { offerwallSecret, offerwallUserToken, postbackSignature } from './offerwall.ts';

describe.each(DB_KINDS)('the offerwall on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const postbackPath = (
    p: { transaction_id: string; user: string; points: number; offer: string },
    sig?: string,
  ) =>
    `/offerwall/postback?${new URLSearchParams({
      ...p,
      points: String(p.points),
      sig: sig ?? postbackSignature(offerwallSecret(ctx.deps), p),
    })}`;

  it('gives a signed-in user a sandbox wall to frame', async () => {
    const u = await signedInUser(ctx);
    const res = await ctx.json('/offerwall/url', { headers: u.auth });
    expect(res.body.data).toMatchObject({
      sandbox: true,
      url: expect.stringMatching(/^\/api\/sandbox\/offerwall\?user=/),
    });
    const page = await ctx.app.request(res.body.data.url.replace('/api', ''));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(await page.text()).toContain('Sandbox offerwall');
    expect((await ctx.json('/offerwall/url')).status).toBe(401);
  });

  it('credits K-Points for a signed postback, and a wrong signature gets 403 and nothing', async () => {
    const u = await signedInUser(ctx);
    const p = {
      transaction_id: `tx-${u.user.id}`,
      user: offerwallUserToken(ctx.deps, u.user.id),
      points: 120,
      offer: 'Survey',
    };
    const forged = await ctx.json(postbackPath(p, 'a'.repeat(64)));
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe(OFFERWALL_BAD_SIGNATURE_MESSAGE);
    const tampered = await ctx.json(
      postbackPath({ ...p, points: 5000 }, postbackSignature(offerwallSecret(ctx.deps), p)),
    );
    expect(tampered.status).toBe(403);
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(0n);
    const ok = await ctx.json(postbackPath(p));
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ transactionId: p.transaction_id, credited: true });
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(120n);
  });

  it('refuses a user token we did not sign', async () => {
    const u = await signedInUser(ctx);
    const p = {
      transaction_id: 'tx-forged-user',
      user: `${u.user.id}.AAAAAAAAAAAAAAAAAAAAAA`,
      points: 10,
      offer: 'X',
    };
    expect((await ctx.json(postbackPath(p))).status).toBe(400);
  });

  it('the same transaction 20 times at once credits once', async () => {
    const u = await signedInUser(ctx);
    const p = {
      transaction_id: `tx-race-${u.user.id}`,
      user: offerwallUserToken(ctx.deps, u.user.id),
      points: 75,
      offer: 'Race',
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => ctx.json(postbackPath(p))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.data.credited)).toHaveLength(1);
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(75n);
    const rows = await ctx.deps.db
      .select()
      .from(schema.offerwallPostbacks)
      .where(eq(schema.offerwallPostbacks.transactionId, p.transaction_id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.transferId).toEqual(expect.any(Number));
    expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
  });

  it('the sandbox wall sends the postback when an offer is completed, once per offer', async () => {
    const u = await signedInUser(ctx);
    const form = () => {
      const f = new FormData();
      f.set('user', offerwallUserToken(ctx.deps, u.user.id));
      f.set('offer', 'quiz-survey');
      return f;
    };
    const done = await ctx.app.request('/sandbox/offerwall/complete', { method: 'POST', body: form() });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('+40 K-Points');
    await ctx.app.request('/sandbox/offerwall/complete', { method: 'POST', body: form() });
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(40n);
  });
});
