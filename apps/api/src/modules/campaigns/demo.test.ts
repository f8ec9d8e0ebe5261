import { randomUUID } from 'node:crypto';
import { CAMPAIGN_VARIANTS } from '@khel/core/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { seedDemoQuests } from '../quests/catalogue.ts';
import { DEMO_CAMPAIGNS, seedDemoCampaigns } from './demo.ts';
import { advanceCampaigns } from './lifecycle.ts';
import { drawRaffle, raffleSeedHash } from './raffle.ts';

describe.each(DB_KINDS)('demo campaigns on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    await seedDemoQuests(ctx.deps.db, ctx.now());
    expect((await seedDemoCampaigns(ctx.deps.db, ctx.now())).applied).toBe(true);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('seeds one campaign per variant once, in three languages, listed by state', async () => {
    expect((await seedDemoCampaigns(ctx.deps.db, ctx.now())).applied).toBe(false);
    const live = await ctx.json('/campaigns/by-state?upcoming=true');
    const ended = await ctx.json('/campaigns/by-state?status=ENDED');
    const listed = [...live.body.data.campaigns, ...ended.body.data.campaigns];
    expect(listed.map((c: any) => c.slug).sort()).toEqual(DEMO_CAMPAIGNS.map((c) => c.slug).sort());
    expect(new Set(listed.map((c: any) => c.reward.variant))).toEqual(new Set(CAMPAIGN_VARIANTS));
    expect(live.body.data.campaigns.at(-1)).toMatchObject({
      slug: 'kdrop-futebol-raffle',
      status: 'PUBLISHED',
    });
    for (const c of listed) {
      expect(Object.keys(c.translations.hi).sort(), c.slug).toEqual(['description', 'title']);
      expect(Object.keys(c.translations['pt-BR']).sort(), c.slug).toEqual(['description', 'title']);
      const details = (await ctx.json(`/campaigns/by-slug/${c.slug}`)).body.data;
      for (const t of details.tasks)
        expect(t.translations['pt-BR']?.title, t.title).toEqual(expect.any(String));
    }
  });

  it('the fixed drop can be finished in the sandbox and claimed once the job funded it', async () => {
    await advanceCampaigns(ctx.deps);
    const drop = (await ctx.json('/campaigns/by-slug/kdrop-first-drop')).body.data;
    const u = await signedInUser(ctx);
    const started = await ctx.json(`/campaigns/${drop.id}/start`, {
      body: { deviceId: 'demo-device-1' },
      headers: u.auth,
    });
    expect(started.body.data.entryStatus).toBe('STARTED');
    const [code, link, referral] = drop.tasks;
    const validate = (taskId: string, value?: string) =>
      ctx.json(`/campaigns/${drop.id}/task/validate`, {
        body: { taskId, ...(value ? { value } : {}) },
        headers: u.auth,
      });
    expect((await validate(code.id, 'KDROP')).body.data.verified).toBe(true);
    const redirect: string = started.body.data.tasks[1].redirectUrl;
    expect((await ctx.app.request(redirect.replace('/api', ''))).status).toBe(302);
    expect((await validate(link.id)).body.data.verified).toBe(true);
    await ctx.json('/referral/code', { method: 'POST', headers: u.auth });
    const done = await validate(referral.id);
    expect(done.body.data.progress).toMatchObject({ entryStatus: 'FINISHED', button: 'CLAIM_REWARDS' });
    const claim = await ctx.json(`/campaigns/${drop.id}/claim-reward`, {
      method: 'POST',
      headers: { ...u.auth, 'idempotency-key': randomUUID() },
    });
    expect(claim.status).toBe(200);
    expect(claim.body.data.claims[0]).toMatchObject({
      earningType: 'FIXED_REWARD',
      amount: { amount: '25000' },
      status: 'REWARD_DISBURSEMENT_SUCCESSFUL',
    });
  });

  it('the ended raffle is drawn by the job and its draw recomputes from what it publishes', async () => {
    await advanceCampaigns(ctx.deps);
    const raffle = (await ctx.json('/campaigns/by-slug/kdrop-launch-raffle')).body.data;
    const view = (await ctx.json(`/campaigns/${raffle.id}/raffle`)).body.data;
    expect(view.entrants).toHaveLength(9);
    expect(view.drawn).toHaveLength(3);
    expect(raffleSeedHash(view.seed)).toBe(view.seedHash);
    expect(drawRaffle(view.seed, view.entrants, view.winners)).toEqual(view.drawn);
  });
});
