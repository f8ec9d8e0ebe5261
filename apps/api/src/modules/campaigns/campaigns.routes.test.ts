import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_ALREADY_ENTERED_MESSAGE,
  CAMPAIGN_ALREADY_LIVE_MESSAGE,
  CAMPAIGN_ENTRY_HELD_MESSAGE,
  CAMPAIGN_HELD_DEVICE_REASON,
  CAMPAIGN_HELD_IP_REASON,
  CAMPAIGN_NO_SLOT_LEFT_MESSAGE,
  CAMPAIGN_NOT_ELIGIBLE_MESSAGE,
  CAMPAIGN_NOT_FOUND_MESSAGE,
  CAMPAIGN_NOT_LIVE_MESSAGE,
  CAMPAIGN_NOT_STARTED_MESSAGE,
  CAMPAIGN_NOTHING_TO_CLAIM_MESSAGE,
  CAMPAIGN_TASK_NOT_FOUND_MESSAGE,
  REFERRAL_CYCLE_MESSAGE,
  REFERRAL_SELF_MESSAGE,
} from '@khel/core/contract';
import { schema } from '@khel/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { completeSignIn } from '../auth/sign-in.ts';
import { participantsOf } from '../leaderboards/leaderboards.ts';
import { verifyLedger } from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import {
  CODES,
  claimCampaign,
  entriesOf,
  FIXED,
  finishCampaign,
  HOUR,
  liveCampaign,
  rewardsOf,
  startCampaignAt,
  validateCampaign,
} from './campaigns.test-support.ts';
import { loadCampaign } from './campaigns.ts';
import { campaignHooks } from './entries.ts';
import { advanceCampaigns } from './lifecycle.ts';

describe.each(DB_KINDS)('campaigns (user side) on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {
      TELEGRAM_BOT_USERNAME: 'khel_bot',
      TELEGRAM_MINIAPP_SHORT_NAME: 'play',
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const slugsOf = (res: { body: { data: { campaigns: { slug: string }[] } } }) =>
    res.body.data.campaigns.map((c) => c.slug);
  const outboxOf = (userId: string) =>
    ctx.deps.db.select().from(schema.outbox).where(eq(schema.outbox.userId, userId));

  describe('lists and details', () => {
    it('lists by state with featured, targeting, variant and paging; private and drafts never', async () => {
      const featured = await liveCampaign(ctx, FIXED, { featured: true });
      const brazil = await liveCampaign(
        ctx,
        { variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '90000' },
        { eligibility: { countries: ['BR'] } },
      );
      const southAmerica = await liveCampaign(
        ctx,
        { variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '90000' },
        { eligibility: { continents: ['SA'] } },
      );
      const upcoming = await liveCampaign(
        ctx,
        { variant: 'OPEN_SLOT_RAFFLE_REWARD', pool: '30000', winners: 3 },
        { startsAt: new Date(ctx.now().getTime() + HOUR).toISOString() },
      );
      const hidden = await liveCampaign(ctx, FIXED, { private: true });
      const draft = await liveCampaign(ctx, FIXED, {}, { publish: false });
      const lagging = await liveCampaign(ctx, FIXED);
      // The job has not moved it yet, but its end has passed: it shows as ENDED.
      await ctx.deps.db
        .update(schema.campaigns)
        .set({ endsAt: new Date(ctx.now().getTime() - 1000) })
        .where(eq(schema.campaigns.id, lagging.id));

      const live = await ctx.json('/campaigns/by-state');
      expect(live.status).toBe(200);
      expect(live.body.data).toMatchObject({ page: 1, limit: 100, offset: 0, isLastCard: true });
      expect(slugsOf(live)).toEqual(expect.arrayContaining([featured.slug, brazil.slug, southAmerica.slug]));
      for (const s of [upcoming.slug, hidden.slug, draft.slug, lagging.slug])
        expect(slugsOf(live)).not.toContain(s);
      expect(slugsOf(live)[0]).toBe(featured.slug);
      expect(live.body.data.campaigns.every((c: any) => c.status === 'LIVE')).toBe(true);

      const withUpcoming = await ctx.json('/campaigns/by-state?status=LIVE&upcoming=true');
      expect(slugsOf(withUpcoming)).toEqual(expect.arrayContaining([featured.slug, upcoming.slug]));
      expect(slugsOf(withUpcoming).at(-1)).toBe(upcoming.slug);
      const upcomingOnly = await ctx.json('/campaigns/by-state?status=UPCOMING');
      expect(slugsOf(upcomingOnly)).toEqual([upcoming.slug]);
      expect(upcomingOnly.body.data.campaigns[0]).toMatchObject({ status: 'PUBLISHED', seedHash: null });
      const ended = await ctx.json('/campaigns/by-state?status=ENDED');
      expect(slugsOf(ended)).toEqual([lagging.slug]);
      expect(ended.body.data.campaigns[0].status).toBe('ENDED');

      const onlyFeatured = await ctx.json('/campaigns/by-state?featured=true');
      expect(slugsOf(onlyFeatured)).toEqual([featured.slug]);
      const dynamic = await ctx.json('/campaigns/by-state?variant=OPEN_SLOT_DYNAMIC_REWARD');
      expect(slugsOf(dynamic).sort()).toEqual([brazil.slug, southAmerica.slug].sort());
      const india = await ctx.json('/campaigns/by-state?country=in');
      expect(slugsOf(india)).toContain(featured.slug);
      expect(slugsOf(india)).not.toContain(brazil.slug);
      const br = await ctx.json('/campaigns/by-state?country=BR&continent=SA');
      expect(slugsOf(br)).toEqual(expect.arrayContaining([featured.slug, brazil.slug, southAmerica.slug]));
      const asia = await ctx.json('/campaigns/by-state?continent=AS');
      expect(slugsOf(asia)).not.toContain(southAmerica.slug);

      const first = await ctx.json('/campaigns/by-state?limit=1');
      expect(first.body.data).toMatchObject({ limit: 1, total: live.body.data.total, isLastCard: false });
      const last = await ctx.json(`/campaigns/by-state?limit=1&page=${live.body.data.total}`);
      expect(last.body.data).toMatchObject({ offset: live.body.data.total - 1, isLastCard: true });
      expect(last.body.data.campaigns).toHaveLength(1);

      for (const bad of ['status=DONE', 'limit=101', 'country=IND', 'variant=X', 'page=0']) {
        const res = await ctx.json(`/campaigns/by-state?${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.body).toMatchObject({ success: false, status: 400 });
      }
    });

    it('shows a campaign by slug (a private one too) with tasks, reward, roadmap; drafts are 404', async () => {
      const c = await liveCampaign(ctx, FIXED, {
        private: true,
        stages: [
          {
            title: 'Tasks',
            startsAt: new Date().toISOString(),
            gamerEarnings: '5000',
            earningType: 'FIXED_REWARD',
          },
        ],
      });
      const res = await ctx.json(`/campaigns/by-slug/${c.slug}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: c.id,
        status: 'LIVE',
        taskCount: 2,
        questId: c.row.questId,
        leaderboardId: c.row.leaderboardId,
        reward: {
          variant: 'FIXED_SLOT_FIXED_REWARD',
          amount: { amount: '5000', currency: 'KCASH' },
          pool: { amount: '15000' },
          totalSlots: 3,
          remainingSlots: 3,
        },
      });
      expect(res.body.data.tasks.map((t: any) => t.points)).toEqual([10, 5]);
      expect(res.body.data.stages[0]).toMatchObject({
        gamer_earnings: { amount: '5000' },
        earningType: 'FIXED_REWARD',
      });
      const roadmap = await ctx.json(`/campaigns/${c.id}/roadmap`);
      expect(roadmap.body.data.stages).toHaveLength(1);
      // Deep links name a campaign whose slug is too long for Telegram by its id: the same route takes it.
      expect((await ctx.json(`/campaigns/by-slug/${c.id}`)).body.data).toEqual(res.body.data);

      const draft = await liveCampaign(ctx, FIXED, {}, { publish: false });
      for (const path of [
        `/campaigns/by-slug/${draft.slug}`,
        `/campaigns/by-slug/${draft.id}`,
        `/campaigns/${draft.id}/roadmap`,
        `/campaigns/${randomUUID()}/roadmap`,
        '/campaigns/by-slug/no-such-campaign',
        '/campaigns/not-a-uuid/roadmap',
      ]) {
        const missing = await ctx.json(path);
        expect(missing.status, path).toBe(404);
        expect(missing.body).toMatchObject({ success: false, message: CAMPAIGN_NOT_FOUND_MESSAGE });
      }
    });

    it('shows a raffle before the draw as its commitment only', async () => {
      const raffle = await liveCampaign(ctx, {
        variant: 'OPEN_SLOT_RAFFLE_REWARD',
        pool: '30000',
        winners: 2,
      });
      const res = await ctx.json(`/campaigns/${raffle.id}/raffle`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        seed: null,
        drawnAt: null,
        winners: 2,
        entrants: [],
        drawn: [],
        algorithm: 'khel-raffle-v1',
      });
      expect(res.body.data.seedHash).toMatch(/^[0-9a-f]{64}$/);
      const info = await ctx.json(`/campaigns/by-slug/${raffle.slug}`);
      expect(info.body.data).toMatchObject({ seedHash: res.body.data.seedHash, seed: null });
      const notRaffle = await liveCampaign(ctx);
      expect((await ctx.json(`/campaigns/${notRaffle.id}/raffle`)).status).toBe(404);
    });
  });

  describe('Notify me', () => {
    it('an upcoming campaign tells those who asked, once, when it goes live; a running one refuses', async () => {
      const soon = await liveCampaign(ctx, FIXED, {
        startsAt: new Date(ctx.now().getTime() + HOUR).toISOString(),
        endsAt: new Date(ctx.now().getTime() + 48 * HOUR).toISOString(),
      });
      const asked = await signedInUser(ctx);
      const changedMind = await signedInUser(ctx);
      const remind = (auth: Record<string, string>, id: string, method = 'PUT') =>
        ctx.json(`/campaigns/${id}/remind`, { method, headers: auth });
      expect((await remind({}, soon.id)).status).toBe(401);
      for (let i = 0; i < 2; i++)
        expect((await remind(asked.auth, soon.id)).body.data).toEqual({ reminded: true });
      expect((await remind(changedMind.auth, soon.id)).status).toBe(200);
      expect((await remind(changedMind.auth, soon.id, 'DELETE')).body.data).toEqual({ reminded: false });
      const progress = await ctx.json(`/campaigns/${soon.id}/progress`, { headers: asked.auth });
      expect(progress.body.data).toMatchObject({ reminded: true, button: 'COMING_SOON' });

      const running = await liveCampaign(ctx);
      const refused = await remind(asked.auth, running.id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(CAMPAIGN_ALREADY_LIVE_MESSAGE);
      expect((await remind(asked.auth, '00000000-0000-4000-8000-000000000000')).status).toBe(404);

      ctx.advance(HOUR + 1000);
      await advanceCampaigns(ctx.deps);
      await advanceCampaigns(ctx.deps);
      const live = (await outboxOf(asked.user.id)).filter((n) => n.kind === 'campaign_live');
      expect(live).toHaveLength(1);
      expect(live[0]!.payload).toMatchObject({ campaignSlug: soon.slug });
      expect((await outboxOf(changedMind.user.id)).filter((n) => n.kind === 'campaign_live')).toHaveLength(0);
    });
  });

  describe('entering', () => {
    it('starts once, with the quest started in the same step; signed out is 401', async () => {
      const c = await liveCampaign(ctx);
      const u = await signedInUser(ctx);
      expect((await startCampaignAt(ctx, {}, c.id)).status).toBe(401);
      const first = await startCampaignAt(ctx, u.auth, c.id, { deviceId: 'device-aaaa' });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        entryStatus: 'STARTED',
        heldReason: null,
        completedTasks: 0,
        totalTasks: 2,
        button: 'CONTINUE_TASKS',
        ineligible: [],
        claims: [],
      });
      const again = await startCampaignAt(ctx, u.auth, c.id);
      expect(again.body.data.entryId).toBe(first.body.data.entryId);
      expect(await entriesOf(ctx, c.id)).toHaveLength(1);
      const [uq] = await ctx.deps.db
        .select()
        .from(schema.userQuests)
        .where(and(eq(schema.userQuests.userId, u.user.id), eq(schema.userQuests.questId, c.row.questId)));
      expect(uq).toBeDefined();
      const progress = await ctx.json(`/campaigns/${c.id}/progress`, { headers: u.auth });
      expect(progress.body.data.entryId).toBe(first.body.data.entryId);
      const stranger = await signedInUser(ctx);
      const fresh = await ctx.json(`/campaigns/${c.id}/progress`, { headers: stranger.auth });
      expect(fresh.body.data).toMatchObject({ entryStatus: null, button: 'GET_STARTED', points: 0 });
    });

    it('refuses a campaign that is not live and a user who is not eligible, changing nothing', async () => {
      const later = await liveCampaign(ctx, FIXED, {
        startsAt: new Date(ctx.now().getTime() + HOUR).toISOString(),
      });
      const u = await signedInUser(ctx); // +91: India
      const notLive = await startCampaignAt(ctx, u.auth, later.id);
      expect(notLive.status).toBe(409);
      expect(notLive.body).toMatchObject({ success: false, message: CAMPAIGN_NOT_LIVE_MESSAGE });
      const progress = await ctx.json(`/campaigns/${later.id}/progress`, { headers: u.auth });
      expect(progress.body.data.button).toBe('COMING_SOON');

      const brazilKyc = await liveCampaign(ctx, FIXED, {
        eligibility: { countries: ['BR'], continents: ['SA'], kycRequired: true },
      });
      const refused = await startCampaignAt(ctx, u.auth, brazilKyc.id);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        success: false,
        message: CAMPAIGN_NOT_ELIGIBLE_MESSAGE,
        data: { code: 'NOT_ELIGIBLE', reasons: ['COUNTRY', 'CONTINENT', 'KYC'] },
      });
      expect(await entriesOf(ctx, brazilKyc.id)).toHaveLength(0);
      const shown = await ctx.json(`/campaigns/${brazilKyc.id}/progress`, { headers: u.auth });
      expect(shown.body.data.ineligible).toEqual(['COUNTRY', 'CONTINENT', 'KYC']);
      const brazilian = await signedInUser(ctx, { country: 'BR' });
      const stillKyc = await startCampaignAt(ctx, brazilian.auth, brazilKyc.id);
      expect(stillKyc.body.data.reasons).toEqual(['KYC']);

      const asia = await liveCampaign(ctx, FIXED, { eligibility: { continents: ['AS'] } });
      expect((await startCampaignAt(ctx, u.auth, asia.id)).status).toBe(200);
    });

    it('holds entries over the device or network caps, visibly, and their rewards', async () => {
      const c = await liveCampaign(ctx, FIXED, { entryCaps: { perDevice: 1, perIp: 2 } });
      const device = { deviceId: 'shared-device-1' };
      const net = { 'x-forwarded-for': '203.0.113.7' };
      const a = await signedInUser(ctx);
      const b = await signedInUser(ctx);
      const d = await signedInUser(ctx);
      const e = await signedInUser(ctx);
      expect((await startCampaignAt(ctx, a.auth, c.id, device, net)).body.data.entryStatus).toBe('STARTED');
      const held = await startCampaignAt(ctx, b.auth, c.id, device);
      expect(held.body.data).toMatchObject({
        entryStatus: 'HELD',
        heldReason: CAMPAIGN_HELD_DEVICE_REASON,
        notice: CAMPAIGN_ENTRY_HELD_MESSAGE,
      });
      expect((await startCampaignAt(ctx, d.auth, c.id, {}, net)).body.data.entryStatus).toBe('STARTED');
      const overIp = await startCampaignAt(ctx, e.auth, c.id, {}, net);
      expect(overIp.body.data).toMatchObject({ entryStatus: 'HELD', heldReason: CAMPAIGN_HELD_IP_REASON });
      // The address itself is never stored.
      const stored = await entriesOf(ctx, c.id);
      expect(stored.every((r) => !r.ipHash?.includes('203.0.113.7'))).toBe(true);

      // A held entry finishes, takes its slot, and its reward is held: nothing to claim.
      await validateCampaign(ctx, b.auth, c.id, c.taskIds[0]!, CODES[0]);
      const done = await validateCampaign(ctx, b.auth, c.id, c.taskIds[1]!, CODES[1]);
      expect(done.body.data.progress).toMatchObject({
        entryStatus: 'HELD',
        claims: [{ earningType: 'FIXED_REWARD', status: 'HELD' }],
        button: 'CONTINUE_TASKS',
      });
      const claim = await claimCampaign(ctx, b.auth, c.id);
      expect(claim.status).toBe(409);
      expect(claim.body.message).toBe(CAMPAIGN_NOTHING_TO_CLAIM_MESSAGE);
    });

    it('one entry per person: a sign-in method that entered under another account is refused', async () => {
      const c = await liveCampaign(ctx);
      const first = await signedInUser(ctx);
      const second = await signedInUser(ctx);
      const subject = `tg-${randomUUID()}`;
      await ctx.deps.db
        .insert(schema.identities)
        .values({ userId: first.user.id, provider: 'telegram', subject });
      expect((await startCampaignAt(ctx, first.auth, c.id)).status).toBe(200);
      // The Telegram account is unlinked from the first account and linked to the second.
      await ctx.deps.db.delete(schema.identities).where(eq(schema.identities.subject, subject));
      await ctx.deps.db
        .insert(schema.identities)
        .values({ userId: second.user.id, provider: 'telegram', subject });
      const refused = await startCampaignAt(ctx, second.auth, c.id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(CAMPAIGN_ALREADY_ENTERED_MESSAGE);
      expect((await entriesOf(ctx, c.id)).map((e) => e.userId)).toEqual([first.user.id]);
      const stored = await ctx.deps.db.select().from(schema.campaignEntryIdentities);
      expect(stored.every((r) => !r.identityHash.includes(subject))).toBe(true);
    });
  });

  describe('tasks, finishing and claiming', () => {
    it('validates tasks with points on the board, finishes, takes a slot and claims once', async () => {
      const c = await liveCampaign(ctx);
      const u = await signedInUser(ctx);
      const notStarted = await validateCampaign(ctx, u.auth, c.id, c.taskIds[0]!, CODES[0]);
      expect(notStarted.status).toBe(409);
      expect(notStarted.body.message).toBe(CAMPAIGN_NOT_STARTED_MESSAGE);
      await startCampaignAt(ctx, u.auth, c.id);
      const other = await liveCampaign(ctx);
      const foreign = await validateCampaign(ctx, u.auth, c.id, other.taskIds[0]!, CODES[0]);
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe(CAMPAIGN_TASK_NOT_FOUND_MESSAGE);
      const wrong = await validateCampaign(ctx, u.auth, c.id, c.taskIds[0]!, 'NOPE');
      expect(wrong.status).toBe(200);
      expect(wrong.body.data).toMatchObject({ verified: false, progress: { points: 0 } });
      const one = await validateCampaign(ctx, u.auth, c.id, c.taskIds[0]!, CODES[0]);
      expect(one.body.data).toMatchObject({
        verified: true,
        progress: { points: 10, rank: 1, completedTasks: 1, button: 'CONTINUE_TASKS' },
      });
      const done = await validateCampaign(ctx, u.auth, c.id, c.taskIds[1]!, CODES[1]);
      expect(done.body.data).toMatchObject({
        verified: true,
        message: null,
        progress: {
          entryStatus: 'FINISHED',
          points: 15,
          slotNumber: 1,
          notice: null,
          button: 'CLAIM_REWARDS',
          claims: [{ earningType: 'FIXED_REWARD', status: 'CLAIMABLE', amount: { amount: '5000' } }],
        },
      });
      const info = await ctx.json(`/campaigns/by-slug/${c.slug}`);
      expect(info.body.data).toMatchObject({ participants: 1, finishers: 1, reward: { remainingSlots: 2 } });
      const kinds = (await outboxOf(u.user.id)).map((n) => n.kind);
      expect(kinds).toEqual(expect.arrayContaining(['campaign_finished', 'campaign_claim_available']));

      const key = randomUUID();
      const claimed = await claimCampaign(ctx, u.auth, c.id, key);
      expect(claimed.status).toBe(200);
      const [claim] = claimed.body.data.claims;
      expect(claim).toMatchObject({
        status: 'REWARD_DISBURSEMENT_SUCCESSFUL',
        earningId: expect.any(String),
      });
      const [earning] = await ctx.deps.db
        .select()
        .from(schema.earnings)
        .where(eq(schema.earnings.id, claim.earningId));
      expect(earning).toMatchObject({ source: 'kdrop', amount: 5000n, status: 'pending', sourceRef: c.id });
      const replay = await claimCampaign(ctx, u.auth, c.id, key);
      expect(replay.status).toBe(200);
      expect(replay.body.data.claims[0].earningId).toBe(claim.earningId);
      const again = await claimCampaign(ctx, u.auth, c.id);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ success: false, message: CAMPAIGN_NOTHING_TO_CLAIM_MESSAGE });
      const after = await ctx.json(`/campaigns/${c.id}/progress`, { headers: u.auth });
      expect(after.body.data.button).toBe('CONTINUE_TASKS');
      expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
    });

    it('a finisher after the last slot gets no reward and is told so', async () => {
      const c = await liveCampaign(ctx, { variant: 'FIXED_SLOT_FIXED_REWARD', slots: 1, amount: '7000' });
      const first = await signedInUser(ctx);
      const late = await signedInUser(ctx);
      await startCampaignAt(ctx, late.auth, c.id);
      expect((await finishCampaign(ctx, first.auth, c)).body.data.progress.slotNumber).toBe(1);
      await validateCampaign(ctx, late.auth, c.id, c.taskIds[0]!, CODES[0]);
      const done = await validateCampaign(ctx, late.auth, c.id, c.taskIds[1]!, CODES[1]);
      expect(done.body.data).toMatchObject({
        verified: true,
        message: CAMPAIGN_NO_SLOT_LEFT_MESSAGE,
        progress: {
          entryStatus: 'FINISHED',
          slotNumber: null,
          claims: [],
          notice: CAMPAIGN_NO_SLOT_LEFT_MESSAGE,
        },
      });
      expect(await rewardsOf(ctx, c.id)).toHaveLength(1);
    });

    it('claims exactly once when claims come at the same time', async () => {
      const c = await liveCampaign(ctx);
      const u = await signedInUser(ctx);
      await finishCampaign(ctx, u.auth, c);
      const answers = await Promise.all(Array.from({ length: 6 }, () => claimCampaign(ctx, u.auth, c.id)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
      const earnings = await ctx.deps.db
        .select()
        .from(schema.earnings)
        .where(and(eq(schema.earnings.userId, u.user.id), eq(schema.earnings.source, 'kdrop')));
      expect(earnings).toHaveLength(1);
      expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
    });

    it('a verification that lands once processing began counts nothing (the campaign row is held while it runs)', async () => {
      const c = await liveCampaign(ctx, { variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '9000' });
      const u = await signedInUser(ctx);
      await startCampaignAt(ctx, u.auth, c.id);
      const loaded = await loadCampaign(ctx.deps.db, { id: c.id });
      await ctx.deps.db
        .update(schema.campaigns)
        .set({ status: 'PROCESSING_REWARDS' })
        .where(eq(schema.campaigns.id, c.id));
      const hooks = campaignHooks(loaded.campaign);
      await expect(
        ctx.deps.db.transaction((tx) =>
          hooks.onTaskVerified!(tx, u.user.id, loaded.quest, loaded.tasks[0]!, ctx.now()),
        ),
      ).rejects.toMatchObject({ status: 409 });
      const [entry] = await entriesOf(ctx, c.id);
      expect(entry).toMatchObject({ points: 0, finishedAt: null });
      const board = await ctx.deps.db
        .select()
        .from(schema.leaderboardEntries)
        .where(eq(schema.leaderboardEntries.leaderboardId, c.row.leaderboardId));
      expect(board).toHaveLength(0);
    });

    it('the last slots running low tell everyone still on the campaign', async () => {
      const c = await liveCampaign(ctx, { variant: 'FIXED_SLOT_FIXED_REWARD', slots: 10, amount: '1000' });
      const waiting = await signedInUser(ctx);
      await startCampaignAt(ctx, waiting.auth, c.id);
      for (let i = 0; i < 9; i++) await finishCampaign(ctx, (await signedInUser(ctx)).auth, c);
      const low = (await outboxOf(waiting.user.id)).filter((n) => n.kind === 'campaign_slots_low');
      expect(low).toHaveLength(1);
      expect(low[0]!.payload).toMatchObject({ campaignSlug: c.slug, slotsLeft: 1 });
    });
  });

  describe('referrals', () => {
    it('refuses self and cycles, counts invitees and pays the referrer when an invitee finishes', async () => {
      const c = await liveCampaign(ctx, FIXED, {
        referral: { rewardPerFinisher: '2000', maxRewardedReferrals: 1 },
      });
      const referrer = await signedInUser(ctx);
      const code = (await ctx.json('/referral/code', { method: 'POST', headers: referrer.auth })).body.data
        .code as string;
      const self = await ctx.json('/referral/apply', { body: { code }, headers: referrer.auth });
      expect(self.status).toBe(400);
      expect(self.body.message).toBe(REFERRAL_SELF_MESSAGE);
      const invitee = await signedInUser(ctx);
      const second = await signedInUser(ctx);
      for (const u of [invitee, second])
        expect((await ctx.json('/referral/apply', { body: { code }, headers: u.auth })).status).toBe(200);
      const inviteeCode = (await ctx.json('/referral/code', { method: 'POST', headers: invitee.auth })).body
        .data.code as string;
      const cycle = await ctx.json('/referral/apply', {
        body: { code: inviteeCode },
        headers: referrer.auth,
      });
      expect(cycle.status).toBe(400);
      expect(cycle.body.message).toBe(REFERRAL_CYCLE_MESSAGE);

      const before = await ctx.json(`/campaigns/${c.id}/referral-code`, { headers: referrer.auth });
      expect(before.body.data).toMatchObject({
        code,
        joined: 0,
        finished: 0,
        earned: { amount: '0' },
        rewardPerFinisher: { amount: '2000' },
        maxRewardedReferrals: 1,
      });
      expect(before.body.data.links.website).toMatch(
        new RegExp(`/k-drop/campaigns/${c.slug}\\?ref=${code}$`),
      );
      // In Telegram the invite opens the campaign too (not home), with the code for after sign-in.
      expect(before.body.data.links.miniApp).toBe(
        `https://t.me/khel_bot/play?startapp=cref_${code}_${c.slug.length <= 50 ? c.slug : c.id}`,
      );
      await startCampaignAt(ctx, invitee.auth, c.id);
      expect(
        (await ctx.json(`/campaigns/${c.id}/referral-code`, { headers: referrer.auth })).body.data,
      ).toMatchObject({
        joined: 1,
        finished: 0,
      });
      await finishCampaign(ctx, invitee.auth, c);
      await finishCampaign(ctx, second.auth, c);
      const after = await ctx.json(`/campaigns/${c.id}/referral-code`, { headers: referrer.auth });
      // Both finished; the bonus stops at maxRewardedReferrals (1).
      expect(after.body.data).toMatchObject({ joined: 2, finished: 2, earned: { amount: '2000' } });
      const progress = await ctx.json(`/campaigns/${c.id}/progress`, { headers: referrer.auth });
      expect(progress.body.data).toMatchObject({
        entryStatus: null,
        button: 'CLAIM_REWARDS',
        claims: [{ earningType: 'REFERRAL_BONUS', status: 'CLAIMABLE' }],
      });
      const claimed = await claimCampaign(ctx, referrer.auth, c.id);
      expect(claimed.status).toBe(200);
      expect(claimed.body.data.claims[0]).toMatchObject({ status: 'REWARD_DISBURSEMENT_SUCCESSFUL' });
      const none = await ctx.json(`/campaigns/${c.id}/referral-code`, {
        headers: (await signedInUser(ctx)).auth,
      });
      expect(none.body.data).toMatchObject({ code: null, links: null, joined: 0 });
      expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
    });
  });

  it.runIf(kind === 'postgres')(
    '1 000 concurrent finishers on a 100-slot fixed campaign: exactly 100 rewarded, answered as processed, side by side',
    async () => {
      const FINISHERS = 1000;
      const SLOTS = 100;
      const ALONE = 3;
      const c = await liveCampaign(ctx, { variant: 'FIXED_SLOT_FIXED_REWARD', slots: SLOTS, amount: '1000' });
      const now = ctx.now();
      const db = ctx.deps.db;
      const users = await db
        .insert(schema.users)
        .values(Array.from({ length: FINISHERS + 2 * ALONE }, () => ({ isVerified: true })))
        .returning();
      const ids = users.map((u) => u.id);
      const idArray = sql.raw(`array['${ids.join("','")}']::uuid[]`);
      // Everyone entered and did every task but the last, written directly.
      await db.execute(sql`
        insert into campaign_entries (campaign_id, user_id, status, points, started_at)
        select ${c.id}, u, 'STARTED', 10, ${now.toISOString()}::timestamptz from unnest(${idArray}) as u`);
      await db.execute(sql`
        insert into user_quests (user_id, quest_id, started_at)
        select u, ${c.row.questId}, ${now.toISOString()}::timestamptz from unnest(${idArray}) as u`);
      await db.execute(sql`
        insert into user_tasks (user_id, task_id, quest_id, status, attempts, verified_at)
        select u, ${c.taskIds[0]}, ${c.row.questId}, 'VERIFIED', 1, ${now.toISOString()}::timestamptz from unnest(${idArray}) as u`);
      const auths = await Promise.all(
        users.map(async (u, i) => ({
          authorization: `Bearer ${(await completeSignIn(ctx.deps, u, false, 'website')).accessToken}`,
          'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${i % 250}`,
        })),
      );
      const finish = async (auth: Record<string, string>) => {
        const res = await validateCampaign(ctx, auth, c.id, c.taskIds[1]!, CODES[1]);
        return { status: res.status, at: performance.now() };
      };

      /** Validations one after another: the median time of one when nothing else of ours runs. */
      const oneByOne = async (who: typeof auths) => {
        const lone: number[] = [];
        for (const auth of who) {
          const before = performance.now();
          expect((await finish(auth)).status).toBe(200);
          lone.push(performance.now() - before);
        }
        return lone.sort((a, b) => a - b)[Math.floor(who.length / 2)]!;
      };
      // Lone validations before the burst (they take slots) and after it (the slots are gone), so a load that
      // other processes put on the machine meanwhile weighs on the baseline as on the burst.
      const aloneBefore = await oneByOne(auths.slice(0, ALONE));
      // The burst, through the API as gamers send it: when did each answer come, from the start.
      const started = performance.now();
      const answers = await Promise.all(auths.slice(2 * ALONE).map(finish));
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      const times = answers.map((a) => a.at - started).sort((a, b) => a - b);
      const last = times.at(-1)!;
      const aloneAfter = await oneByOne(auths.slice(ALONE, 2 * ALONE));
      const alone = Math.max(aloneBefore, aloneAfter);
      // Answered as processed, not all at the end of the burst: the first answer comes early and half of
      // them by three quarters of the burst's length (when every request waited on the rows all of them
      // touch and on one another's queries, the first came at 0.99 of it and the median at 1.00).
      expect(times[0]! / last).toBeLessThan(0.25);
      expect(times[FINISHERS / 2]! / last).toBeLessThan(0.75);
      // And side by side, not one after another: the burst takes less than as many lone validations in a
      // row (0.35–0.55 here; 0.98 when the API handled one request at a time). Ratios within one run; a
      // burst that another process's sudden CPU load slows more than the lone validations around it can
      // come near 1 (1.04 once with lint and typecheck started beside it, 0.9003 once beside the fuzzers
      // when the lone ones were timed only after it), hence the margin and the baseline taken on both sides.
      expect(last / (FINISHERS * alone)).toBeLessThan(0.9);

      const entries = await entriesOf(ctx, c.id);
      expect(entries.filter((e) => e.status === 'FINISHED')).toHaveLength(FINISHERS + 2 * ALONE);
      const slots = entries.flatMap((e) => (e.slotNumber === null ? [] : [e.slotNumber]));
      expect(slots.sort((a, b) => a - b)).toEqual(Array.from({ length: SLOTS }, (_, i) => i + 1));
      const rewards = await rewardsOf(ctx, c.id);
      expect(rewards).toHaveLength(SLOTS);
      expect(rewards.every((r) => r.status === 'CLAIMABLE' && r.amount === 1000n)).toBe(true);
      const [row] = await db.select().from(schema.campaigns).where(eq(schema.campaigns.id, c.id));
      expect(row!.remainingSlots).toBe(0);
      const taken = await db
        .select()
        .from(schema.campaignSlots)
        .where(eq(schema.campaignSlots.campaignId, c.id));
      expect(taken.every((s) => s.takenAt !== null && ids.includes(s.userId!))).toBe(true);
      expect(await participantsOf(db, c.row.leaderboardId)).toBe(FINISHERS + 2 * ALONE);
    },
    240_000,
  );
});
