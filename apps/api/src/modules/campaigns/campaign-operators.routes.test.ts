import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@khel/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { runCli } from '../operators/cli.ts';
import { cliThroughApp } from '../operators/operators.test-support.ts';
import { createOperator } from '../operators/operators.ts';
import { checkCampaignFile } from './campaign-cli.ts';
import { CAMPAIGN_RULES_FROZEN_MESSAGE, campaignQuestSlug } from './catalogue.ts';
import { addEntries, campaignJson, campaignMoney, HOUR, takeFixedSlot } from './lifecycle.test-support.ts';
import { advanceCampaigns, CAMPAIGN_LIFECYCLE_JOB } from './lifecycle.ts';

const EXAMPLES = new URL('../../../../../docs/examples/campaigns.json', import.meta.url);

describe.each(DB_KINDS)('the campaign operator API on %s', (kind) => {
  let ctx: TestContext;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    const op = await createOperator(ctx.deps.db, 'kiran.ops');
    auth = { authorization: `Operator ${op.token}` };
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const put = (campaign: Record<string, unknown>, publish = false, headers = auth) =>
    ctx.json('/operator/campaigns', { method: 'PUT', body: { campaign, publish }, headers });
  const post = (path: string, body: unknown = {}) => ctx.json(path, { body, headers: auth });
  const row = async (slug: string) => {
    const [c] = await ctx.deps.db.select().from(schema.campaigns).where(eq(schema.campaigns.slug, slug));
    return c!;
  };
  const actions = async (target: string) =>
    (
      await ctx.deps.db.select().from(schema.operatorActions).where(eq(schema.operatorActions.target, target))
    ).map((a) => `${a.action} by ${a.actor}`);

  it('is one module with its lifecycle job', () => {
    expect(ctx.deps.jobHandlers[CAMPAIGN_LIFECYCLE_JOB]).toBeTypeOf('function');
    expect(ctx.deps.recurringJobs?.some((j) => j.kind === CAMPAIGN_LIFECYCLE_JOB)).toBe(true);
  });

  it('refuses without operator credentials', async () => {
    const body = campaignJson('ops-none', ctx.now(), { variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '1000' });
    expect((await put(body, false, {})).status).toBe(401);
    expect((await put(body, false, { authorization: 'Bearer x.y.z' })).status).toBe(401);
    expect((await ctx.json('/operator/campaigns/ops-none/publish', { body: {} })).status).toBe(401);
  });

  it('creates a draft with its quest and board, publishes it, and logs each step', async () => {
    const input = campaignJson('ops-draft', ctx.now(), {
      variant: 'OPEN_SLOT_RAFFLE_REWARD',
      pool: '1000',
      winners: 4,
    });
    const created = await put(input);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ slug: 'ops-draft', status: 'DRAFT' });
    const c = await row('ops-draft');
    const [quest] = await ctx.deps.db.select().from(schema.quests).where(eq(schema.quests.id, c.questId));
    expect(quest).toMatchObject({
      kind: 'campaign',
      slug: campaignQuestSlug('ops-draft'),
      publishedAt: null,
    });
    expect(quest!.startsAt).toEqual(c.startsAt);
    const tasks = await ctx.deps.db
      .select()
      .from(schema.questTasks)
      .where(eq(schema.questTasks.questId, c.questId));
    expect(tasks.map((t) => t.points).sort()).toEqual([10, 5].sort());
    // The special code is kept only as its hash.
    expect(JSON.stringify(tasks)).not.toContain('KDROP1');
    const [board] = await ctx.deps.db
      .select()
      .from(schema.leaderboards)
      .where(eq(schema.leaderboards.id, c.leaderboardId));
    expect(board).toMatchObject({ kind: 'campaign', campaignId: c.id, publishedAt: null });

    // Edited while a draft: everything may change, the tasks are replaced.
    const edited = await put({ ...input, reward: { variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '5000' } });
    expect(edited.status).toBe(200);
    expect((await row('ops-draft')).variant).toBe('OPEN_SLOT_DYNAMIC_REWARD');

    const published = await post('/operator/campaigns/ops-draft/publish');
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ slug: 'ops-draft', status: 'PUBLISHED' });
    const after = await row('ops-draft');
    expect(after.publishedAt).not.toBeNull();
    const [q2] = await ctx.deps.db.select().from(schema.quests).where(eq(schema.quests.id, c.questId));
    expect(q2!.publishedAt).not.toBeNull();
    const [b2] = await ctx.deps.db
      .select()
      .from(schema.leaderboards)
      .where(eq(schema.leaderboards.id, c.leaderboardId));
    expect(b2!.publishedAt).not.toBeNull();
    expect(await actions('ops-draft')).toEqual([
      'campaign.create by kiran.ops',
      'campaign.replace by kiran.ops',
      'campaign.publish by kiran.ops',
    ]);
  });

  it('refuses bad input with a 4xx naming the field and changes nothing', async () => {
    const before = await ctx.deps.db.select().from(schema.campaigns);
    const bad = campaignJson('ops-bad', ctx.now(), { variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '1000' });
    const noTasks = await put({ ...bad, tasks: [] });
    expect(noTasks.status).toBe(400);
    expect(noTasks.body.message).toMatch(/^tasks: /);
    const backwards = await put({ ...bad, endsAt: bad.startsAt });
    expect(backwards.body.message).toBe('endsAt: A campaign must end after it starts');
    const overlapping = await put(
      {
        ...bad,
        reward: {
          variant: 'OPEN_SLOT_LEADERBOARD_REWARD',
          pool: '1000',
          bands: [
            { fromRank: 1, toRank: 2, shareBasisPoints: 4_000 },
            { fromRank: 2, toRank: 3, shareBasisPoints: 2_000 },
          ],
        },
      },
      true,
    );
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.message).toBe('reward: Band 2–3 overlaps the ranks before it');
    const tooFewUnits = await put(
      { ...bad, reward: { variant: 'OPEN_SLOT_RAFFLE_REWARD', pool: '3', winners: 4 } },
      true,
    );
    expect(tooFewUnits.body.message).toBe('reward: The pool is too small to give every winner a prize');
    const unknownHub = await put({ ...bad, hubSlug: 'no-such-hub' });
    expect(unknownHub.status).toBe(400);
    expect(await ctx.deps.db.select().from(schema.campaigns)).toHaveLength(before.length);
    // A draft with a rule that cannot be paid is kept, but not published.
    expect(
      (await put({ ...bad, reward: { variant: 'OPEN_SLOT_RAFFLE_REWARD', pool: '3', winners: 4 } })).status,
    ).toBe(201);
    const refused = await post('/operator/campaigns/ops-bad/publish');
    expect(refused.status).toBe(400);
    expect((await row('ops-bad')).status).toBe('DRAFT');
    expect((await post('/operator/campaigns/no-such/publish')).status).toBe(404);
  });

  it('freezes the rules once started, still lets the presentation change, and ends a live campaign', async () => {
    const input = campaignJson('ops-live', ctx.now(), {
      variant: 'FIXED_SLOT_FIXED_REWARD',
      slots: 3,
      amount: '100',
    });
    expect((await put(input, true)).status).toBe(201);
    expect((await post('/operator/campaigns/ops-live/end')).status).toBe(409);
    ctx.advance(HOUR + 1000);
    // Started by the clock even before the job moves it: the rules are already frozen.
    const early = await put({
      ...input,
      reward: { variant: 'FIXED_SLOT_FIXED_REWARD', slots: 30, amount: '100' },
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(CAMPAIGN_RULES_FROZEN_MESSAGE);
    await advanceCampaigns(ctx.deps);
    expect((await row('ops-live')).status).toBe('LIVE');
    for (const change of [
      { eligibility: { countries: ['BR'] } },
      { entryCaps: { perIp: 1, perDevice: null } },
      { endsAt: new Date(ctx.now().getTime() + 99 * HOUR).toISOString() },
      { tasks: [{ title: 'Another task', config: { type: 'special_code', code: 'NEW-CODE' } }] },
    ]) {
      const res = await put({ ...input, ...change });
      expect([res.status, res.body.message, change]).toEqual([409, CAMPAIGN_RULES_FROZEN_MESSAGE, change]);
      expect(res.body.message).toBe(CAMPAIGN_RULES_FROZEN_MESSAGE);
    }
    const renamed = await put({ ...input, title: 'Renamed while live', featured: true });
    expect(renamed.status).toBe(200);
    expect(await row('ops-live')).toMatchObject({
      title: 'Renamed while live',
      featured: true,
      remainingSlots: 3,
    });

    const c = await row('ops-live');
    const [entry] = await addEntries(ctx.deps.db, c, [{}], ctx.now());
    await takeFixedSlot(ctx.deps.db, c, entry!.userId);
    const ended = await post('/operator/campaigns/ops-live/end');
    expect(ended.status).toBe(200);
    expect(ended.body.data.status).toBe('ENDED');
    const after = await row('ops-live');
    expect(after.endsAt.getTime()).toBeLessThanOrEqual(ctx.now().getTime());
    const [quest] = await ctx.deps.db.select().from(schema.quests).where(eq(schema.quests.id, c.questId));
    expect(quest!.endsAt).toEqual(after.endsAt);
    // Ending again changes nothing; the job then processes it: the two unfilled slots go back.
    expect((await post('/operator/campaigns/ops-live/end')).body.data.status).toBe('ENDED');
    ctx.advance(60_000);
    await advanceCampaigns(ctx.deps);
    await advanceCampaigns(ctx.deps);
    expect((await row('ops-live')).status).toBe('REWARDS_CREDITED');
    const m = await campaignMoney(ctx.deps.db, c.id);
    expect([m.funding, m.paid, m.refund]).toEqual([300n, 100n, 200n]);
    expect(await actions('ops-live')).toContain('campaign.end by kiran.ops');
  });

  it('lists held entries oldest first and reviews them: release and disqualify', async () => {
    const input = {
      ...campaignJson('ops-held', ctx.now(), {
        variant: 'FIXED_SLOT_FIXED_REWARD',
        slots: 5,
        amount: '70',
      }),
      referral: { rewardPerFinisher: '5', maxRewardedReferrals: 3 },
    };
    await put(input, true);
    ctx.advance(HOUR + 1000);
    await advanceCampaigns(ctx.deps);
    const c = await row('ops-held');
    const [ok, held1, held2] = await addEntries(
      ctx.deps.db,
      c,
      [{}, { status: 'HELD' }, { status: 'HELD' }],
      ctx.now(),
    );
    await takeFixedSlot(ctx.deps.db, c, ok!.userId);
    await takeFixedSlot(ctx.deps.db, c, held1!.userId, true);
    await takeFixedSlot(ctx.deps.db, c, held2!.userId, true);
    const list = await ctx.json('/operator/campaigns/ops-held/held', { headers: auth });
    expect(list.status).toBe(200);
    expect(list.body.data.entries.map((e: { entryId: string }) => e.entryId)).toEqual([
      String(held1!.id),
      String(held2!.id),
    ]);
    expect(list.body.data.entries[0].heldReason).toBe('Too many entries from one device');

    const review = (id: number | string, decision: string) =>
      post(`/operator/campaigns/ops-held/entries/${id}/review`, { decision });
    // held1 was invited by the first entrant: held at its finish, it earned them nothing until released.
    await ctx.deps.db
      .update(schema.users)
      .set({ referredBy: ok!.userId })
      .where(eq(schema.users.id, held1!.userId));
    const bonusesOf = () =>
      ctx.deps.db
        .select()
        .from(schema.campaignRewards)
        .where(
          and(
            eq(schema.campaignRewards.userId, ok!.userId),
            eq(schema.campaignRewards.earningType, 'REFERRAL_BONUS'),
          ),
        );
    expect(await bonusesOf()).toHaveLength(0);
    const released = await review(held1!.id, 'release');
    expect(released.status).toBe(200);
    expect(released.body.data).toMatchObject({ status: 'FINISHED', heldReason: null });
    expect(await bonusesOf()).toMatchObject([{ amount: 5n, status: 'CLAIMABLE' }]);
    const disqualified = await review(held2!.id, 'disqualify');
    expect(disqualified.body.data.status).toBe('DISQUALIFIED');
    expect((await review(held2!.id, 'release')).status).toBe(409);
    expect((await review(ok!.id, 'release')).status).toBe(409);
    expect((await review('999999999', 'release')).status).toBe(404);
    expect((await review(held1!.id, 'maybe')).status).toBe(400);

    const rewards = await ctx.deps.db
      .select()
      .from(schema.campaignRewards)
      .where(and(eq(schema.campaignRewards.campaignId, c.id)));
    expect(rewards.map((r) => [r.userId, r.earningType, r.status]).sort()).toEqual(
      [
        [ok!.userId, 'FIXED_REWARD', 'CLAIMABLE'],
        [ok!.userId, 'REFERRAL_BONUS', 'CLAIMABLE'],
        [held1!.userId, 'FIXED_REWARD', 'CLAIMABLE'],
      ].sort(),
    );
    // The dropped reward went back to the treasury: funding = rewards + refunds.
    const m = await campaignMoney(ctx.deps.db, c.id);
    expect(m.funding).toBe(350n);
    expect(m.paid + m.refund).toBe(140n + 70n);
    expect(await actions('ops-held')).toEqual(
      expect.arrayContaining([
        'campaign.entry.release by kiran.ops',
        'campaign.entry.disqualify by kiran.ops',
      ]),
    );
  });

  it('the CLI checks a whole file first, imports, publishes and ends through the API', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'khel-cli-'));
    try {
      const { lines, out, viaApp, source } = cliThroughApp(ctx, auth);
      const file = join(dir, 'campaigns.json');

      // The example file imports as it is (one campaign per variant).
      const examples = JSON.parse(readFileSync(EXAMPLES, 'utf8')) as {
        slug: string;
        reward: { variant: string };
      }[];
      expect(new Set(examples.map((e) => e.reward.variant)).size).toBe(4);
      writeFileSync(file, JSON.stringify(examples));
      expect(await runCli(['campaigns', 'import', file, '--publish'], out, viaApp, source)).toBe(0);
      expect(lines).toEqual(examples.map((e) => `${e.slug}: PUBLISHED`));

      // One bad campaign in the file: nothing is sent.
      const good = campaignJson('ops-cli-1', ctx.now(), { variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '100' });
      const bad = campaignJson('ops-cli-2', ctx.now(), {
        variant: 'OPEN_SLOT_RAFFLE_REWARD',
        pool: '1',
        winners: 2,
      });
      writeFileSync(file, JSON.stringify([good, bad]));
      lines.length = 0;
      expect(await runCli(['campaigns', 'import', file], out, viaApp, source)).toBe(1);
      expect(lines).toEqual(['! ops-cli-2: reward: The pool is too small to give every winner a prize']);
      expect(
        await ctx.deps.db.select().from(schema.campaigns).where(eq(schema.campaigns.slug, 'ops-cli-1')),
      ).toHaveLength(0);

      // One the server refuses (an unknown hub): none of the file is written.
      const orphan = {
        ...campaignJson('ops-cli-3', ctx.now(), { variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '100' }),
        hubSlug: 'no-such-hub',
      };
      writeFileSync(file, JSON.stringify([good, orphan]));
      lines.length = 0;
      expect(await runCli(['campaigns', 'import', file], out, viaApp, source)).toBe(1);
      expect(lines).toEqual(['! 400: ops-cli-3: No partner hub has that slug.']);
      expect(
        await ctx.deps.db.select().from(schema.campaigns).where(eq(schema.campaigns.slug, 'ops-cli-1')),
      ).toHaveLength(0);
      const twice = await ctx.json('/operator/campaigns/import', {
        method: 'PUT',
        body: { campaigns: [good, good] },
        headers: auth,
      });
      expect([twice.status, twice.body.message]).toEqual([
        400,
        'ops-cli-1: Two campaigns of the import have this slug.',
      ]);

      writeFileSync(file, JSON.stringify([good]));
      lines.length = 0;
      expect(await runCli(['campaigns', 'import', file], out, viaApp, source)).toBe(0);
      expect(await runCli(['campaigns', 'publish', 'ops-cli-1'], out, viaApp, source)).toBe(0);
      expect(await runCli(['campaigns', 'end', 'ops-cli-1'], out, viaApp, source)).toBe(1);
      ctx.advance(HOUR + 1000);
      await advanceCampaigns(ctx.deps);
      expect(await runCli(['campaigns', 'end', 'ops-cli-1'], out, viaApp, source)).toBe(0);
      expect(lines).toEqual([
        'ops-cli-1: DRAFT',
        'ops-cli-1: PUBLISHED',
        '! 409: This campaign is not live.',
        'ops-cli-1: ENDED',
      ]);
      expect(await runCli(['campaigns', 'import', file], out, viaApp, {})).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('checkCampaignFile', () => {
  it('accepts the example file and says what is not JSON or repeated', () => {
    expect(checkCampaignFile(readFileSync(EXAMPLES, 'utf8')).problems).toEqual([]);
    expect(checkCampaignFile('{').problems[0]).toMatch(/^not JSON/);
    const one = campaignJson('twice', new Date(), { variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '1' });
    expect(checkCampaignFile(JSON.stringify([one, one])).problems).toEqual([
      'twice: (campaign): the file has this slug twice',
    ]);
  });
});
