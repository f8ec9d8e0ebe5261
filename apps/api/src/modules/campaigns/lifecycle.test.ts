import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTestPostgresDatabase, schema } from '@khel/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { systemBalance } from '../ledger/ledger.test-support.ts';
import { reviewEntry } from './catalogue.ts';
import { claimCampaignRewards } from './claims.ts';
import {
  addEntries,
  campaignMoney,
  campaignRow,
  newCampaign,
  TEST_ACTOR,
  takeFixedSlot,
} from './lifecycle.test-support.ts';
import {
  ARCHIVE_AFTER_MS,
  advanceCampaigns,
  PROCESSING_GRACE_MS,
  processCampaignRewards,
} from './lifecycle.ts';
import { drawRaffle, RAFFLE_ALGORITHM, raffleSeedHash, sortEntrants } from './raffle.ts';

/** funding = Σ pool rewards (claimable, claimed, held) + rounding + refund, to the minor unit. */
async function expectLedgerInvariant(ctx: TestContext, campaignId: string) {
  const m = await campaignMoney(ctx.deps.db, campaignId);
  const row = await campaignRow(ctx.deps.db, campaignId);
  expect(m.funding).toBe(row.pool);
  expect(m.paid + m.rounding + m.refund).toBe(m.funding);
  return m;
}

describe.each(DB_KINDS)('the campaign lifecycle on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Runs the lifecycle until nothing moves (going live, ending, processing are separate steps). */
  const settle = async () => {
    for (let i = 0; i < 4; i++) await advanceCampaigns(ctx.deps);
  };
  // A second more than needed: campaigns made one after the other start a few milliseconds apart.
  const toLive = (c: schema.CampaignRow) => ctx.advance(c.startsAt.getTime() - ctx.now().getTime() + 1000);
  const pastEnd = (c: schema.CampaignRow) =>
    ctx.advance(c.endsAt.getTime() - ctx.now().getTime() + PROCESSING_GRACE_MS + 1000);

  /** A published campaign, moved LIVE (its pool funded). */
  const liveCampaign = async (reward: Parameters<typeof newCampaign>[2]) => {
    const c = await newCampaign(ctx.deps.db, ctx.now(), reward);
    toLive(c);
    await advanceCampaigns(ctx.deps);
    return c;
  };

  it('goes LIVE at the start: funds the pool once, commits to a raffle seed, tells the hub followers', async () => {
    const hubSlug = `hub-${kind}`;
    await ctx.deps.db
      .insert(schema.questHubs)
      .values({ slug: hubSlug, name: 'Hub', logoUrl: '/l.svg', bannerUrl: '/b.svg' });
    const [follower] = await ctx.deps.db
      .insert(schema.users)
      .values({})
      .returning({ userId: schema.users.id });
    await ctx.deps.db.insert(schema.hubFollows).values({ userId: follower!.userId, hubSlug });
    const c = await newCampaign(
      ctx.deps.db,
      ctx.now(),
      { variant: 'OPEN_SLOT_RAFFLE_REWARD', pool: '1000', winners: 3 },
      { hubSlug },
    );
    const poolBefore = await systemBalance(ctx.deps.db, 'rewards_pool', 'KCASH');
    await advanceCampaigns(ctx.deps);
    expect((await campaignRow(ctx.deps.db, c.id)).status).toBe('PUBLISHED');
    toLive(c);
    await advanceCampaigns(ctx.deps);
    await advanceCampaigns(ctx.deps);
    const live = await campaignRow(ctx.deps.db, c.id);
    expect(live.status).toBe('LIVE');
    expect(live.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(live.seedHash).toBe(raffleSeedHash(live.seed!));
    expect(await systemBalance(ctx.deps.db, 'rewards_pool', 'KCASH')).toBe(poolBefore + 1000n);
    expect((await campaignMoney(ctx.deps.db, c.id)).funding).toBe(1000n);
    const told = await ctx.deps.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.userId, follower!.userId), eq(schema.outbox.kind, 'campaign_live')));
    expect(told.map((n) => n.payload)).toEqual([
      { campaignId: c.id, campaignSlug: c.slug, campaignTitle: c.title, kcash: null },
    ]);
    // The seed stays secret until the draw.
    const details = await ctx.json(`/campaigns/by-slug/${c.slug}`);
    if (details.status === 200) {
      expect(details.body.data.seedHash).toBe(live.seedHash);
      expect(details.body.data.seed).toBeNull();
    }
  });

  it('a dynamic pool is split by points among finishers; held shares are written HELD', async () => {
    const c = await liveCampaign({
      variant: 'OPEN_SLOT_DYNAMIC_REWARD',
      pool: '1000',
    });
    const [a, b, , held] = await addEntries(
      ctx.deps.db,
      c,
      [
        { points: 10 },
        { points: 20 },
        { points: 15, finished: false },
        { points: 30, status: 'HELD' },
        { points: 5, status: 'DISQUALIFIED' },
      ],
      ctx.now(),
    );
    pastEnd(c);
    await settle();
    const row = await campaignRow(ctx.deps.db, c.id);
    expect(row.status).toBe('REWARDS_CREDITED');
    expect(row.creditedAt).not.toBeNull();
    const m = await expectLedgerInvariant(ctx, c.id);
    const byUser = new Map(m.rewards.map((r) => [r.userId, r]));
    expect(m.rewards).toHaveLength(3);
    expect(byUser.get(a!.userId)).toMatchObject({
      amount: 166n,
      status: 'CLAIMABLE',
      earningType: 'POOL_SHARE',
    });
    expect(byUser.get(b!.userId)).toMatchObject({ amount: 333n, status: 'CLAIMABLE' });
    expect(byUser.get(held!.userId)).toMatchObject({ amount: 500n, status: 'HELD' });
    expect(m.rounding).toBe(1n);
    expect(m.refund).toBe(0n);
    const messages = await ctx.deps.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.userId, a!.userId));
    expect(messages.map((n) => n.kind)).toEqual(['campaign_claim_available']);
    expect(messages[0]!.payload).toMatchObject({ campaignSlug: c.slug, kcash: '166' });

    // Review: releasing the held entry makes its share claimable.
    const released = await ctx.deps.db.transaction((tx) =>
      reviewEntry(tx, c.slug, String(held!.id), 'release', TEST_ACTOR),
    );
    expect(released.status).toBe('FINISHED');
    const after = await campaignMoney(ctx.deps.db, c.id);
    expect(after.rewards.find((r) => r.userId === held!.userId)?.status).toBe('CLAIMABLE');
  });

  it('claims after processing are paid from the rewards pool: what it still holds is what is unclaimed', async () => {
    const poolBefore = await systemBalance(ctx.deps.db, 'rewards_pool', 'KCASH');
    const c = await liveCampaign({ variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '1000' });
    const [a, b, held] = await addEntries(
      ctx.deps.db,
      c,
      [{ points: 1 }, { points: 2 }, { points: 3, status: 'HELD' }],
      ctx.now(),
    );
    pastEnd(c);
    await settle();
    for (const user of [a!, b!])
      await ctx.deps.db.transaction((tx) => claimCampaignRewards(tx, user.userId, c.id, ctx.now()));
    const m = await expectLedgerInvariant(ctx, c.id);
    const status = new Map(m.rewards.map((r) => [r.userId, r.status]));
    expect([status.get(a!.userId), status.get(b!.userId), status.get(held!.userId)]).toEqual([
      'REWARD_DISBURSEMENT_SUCCESSFUL',
      'REWARD_DISBURSEMENT_SUCCESSFUL',
      'HELD',
    ]);
    const unclaimed = m.rewards.filter((r) => r.status !== 'REWARD_DISBURSEMENT_SUCCESSFUL');
    expect(await systemBalance(ctx.deps.db, 'rewards_pool', 'KCASH')).toBe(
      poolBefore + unclaimed.reduce((s, r) => s + r.amount, 0n),
    );
  });

  it('a disqualified held entry loses its share, which goes back to the treasury', async () => {
    const c = await liveCampaign({ variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '900' });
    const [, held] = await addEntries(
      ctx.deps.db,
      c,
      [{ points: 1 }, { points: 2, status: 'HELD' }],
      ctx.now(),
    );
    pastEnd(c);
    await settle();
    await ctx.deps.db.transaction((tx) =>
      reviewEntry(tx, c.slug, String(held!.id), 'disqualify', TEST_ACTOR),
    );
    const m = await expectLedgerInvariant(ctx, c.id);
    expect(m.rewards.map((r) => r.amount)).toEqual([300n]);
    expect(m.refund).toBe(600n);
    const [entry] = await ctx.deps.db
      .select()
      .from(schema.campaignEntries)
      .where(eq(schema.campaignEntries.id, held!.id));
    expect(entry!.status).toBe('DISQUALIFIED');
  });

  it('a leaderboard pays by rank (points, then who got there first), empty ranks spread', async () => {
    const c = await liveCampaign({
      variant: 'OPEN_SLOT_LEADERBOARD_REWARD',
      pool: '1000',
      bands: [
        { fromRank: 1, toRank: 1, shareBasisPoints: 5_000 },
        { fromRank: 2, toRank: 2, shareBasisPoints: 3_000 },
        { fromRank: 3, toRank: 4, shareBasisPoints: 1_000 },
      ],
    });
    // second and third tie at 20 points; the earlier (second) ranks first.
    const [first, second, third] = await addEntries(
      ctx.deps.db,
      c,
      [{ points: 30 }, { points: 20 }, { points: 20 }],
      ctx.now(),
    );
    pastEnd(c);
    await settle();
    const m = await expectLedgerInvariant(ctx, c.id);
    const rankOf = (userId: string) => m.rewards.find((r) => r.userId === userId);
    // 5000/9000, 3000/9000, 1000/9000 of 1000.
    expect(rankOf(first!.userId)).toMatchObject({ rank: 1, amount: 555n, earningType: 'LEADERBOARD_PRIZE' });
    expect(rankOf(second!.userId)).toMatchObject({ rank: 2, amount: 333n });
    expect(rankOf(third!.userId)).toMatchObject({ rank: 3, amount: 111n });
    expect(m.rounding).toBe(1n);
  });

  it('a raffle draws khel-raffle-v1 winners from the finished entries and reveals the seed', async () => {
    const c = await liveCampaign({
      variant: 'OPEN_SLOT_RAFFLE_REWARD',
      pool: '1000',
      winners: 3,
    });
    const entries = await addEntries(
      ctx.deps.db,
      c,
      [{}, {}, {}, { status: 'HELD' }, {}, {}, { finished: false }],
      ctx.now(),
    );
    pastEnd(c);
    await settle();
    const row = await campaignRow(ctx.deps.db, c.id);
    expect(row.drawnAt).not.toBeNull();
    const entrants = sortEntrants(entries.filter((e) => e.status === 'FINISHED').map((e) => e.id));
    expect(entrants).toHaveLength(5);
    const drawn = drawRaffle(row.seed!, entrants, 3);
    const userOf = new Map(entries.map((e) => [String(e.id), e.userId]));
    const m = await expectLedgerInvariant(ctx, c.id);
    expect(
      [...m.rewards]
        .sort((x, y) => x.rank! - y.rank!)
        .map((r) => [r.userId, r.rank, r.amount, r.earningType]),
    ).toEqual(drawn.map((id, i) => [userOf.get(id), i + 1, 333n, 'RAFFLE_PRIZE']));
    expect(m.rounding).toBe(1n);
    const winner = await ctx.deps.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.userId, userOf.get(drawn[0]!)!), eq(schema.outbox.kind, 'raffle_won')));
    expect(winner).toHaveLength(1);
    const raffle = await ctx.json(`/campaigns/${c.id}/raffle`);
    if (raffle.status === 200)
      expect(raffle.body.data).toMatchObject({
        seed: row.seed,
        entrants,
        drawn,
        algorithm: RAFFLE_ALGORITHM,
      });
    // The held entry can no longer join a drawn raffle.
    const held = entries.find((e) => e.status === 'HELD')!;
    await expect(
      ctx.deps.db.transaction((tx) => reviewEntry(tx, c.slug, String(held.id), 'release', TEST_ACTOR)),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('a raffle with fewer finishers than winners pays them all and refunds the other prizes', async () => {
    const c = await liveCampaign({
      variant: 'OPEN_SLOT_RAFFLE_REWARD',
      pool: '1000',
      winners: 3,
    });
    await addEntries(ctx.deps.db, c, [{}, {}], ctx.now());
    pastEnd(c);
    await settle();
    const m = await expectLedgerInvariant(ctx, c.id);
    expect(m.rewards.map((r) => r.amount)).toEqual([333n, 333n]);
    expect(m.rounding).toBe(1n);
    expect(m.refund).toBe(333n);
  });

  it('a fixed campaign refunds its unfilled slots; nobody finishing refunds any pool', async () => {
    const fixed = await newCampaign(ctx.deps.db, ctx.now(), {
      variant: 'FIXED_SLOT_FIXED_REWARD',
      slots: 5,
      amount: '100',
    });
    const empty = await newCampaign(ctx.deps.db, ctx.now(), {
      variant: 'OPEN_SLOT_DYNAMIC_REWARD',
      pool: '777',
    });
    toLive(fixed);
    toLive(empty);
    await advanceCampaigns(ctx.deps);
    const entries = await addEntries(ctx.deps.db, fixed, [{}, {}, {}], ctx.now());
    for (const e of entries) await takeFixedSlot(ctx.deps.db, fixed, e.userId);
    pastEnd(fixed);
    pastEnd(empty);
    await settle();
    const m = await expectLedgerInvariant(ctx, fixed.id);
    expect(m.rewards).toHaveLength(3);
    expect(m.refund).toBe(200n);
    const e = await expectLedgerInvariant(ctx, empty.id);
    expect(e.refund).toBe(777n);
    expect(e.rewards).toHaveLength(0);
  });

  it('a crash inside processing leaves nothing; the next run pays every reward once', async () => {
    const c = await liveCampaign({
      variant: 'OPEN_SLOT_DYNAMIC_REWARD',
      pool: '1001',
    });
    await addEntries(ctx.deps.db, c, [{ points: 1 }, { points: 1 }, { points: 1 }], ctx.now());
    pastEnd(c);
    const roundingBefore = await systemBalance(ctx.deps.db, 'rounding', 'KCASH');
    const boom = new Error('worker died');
    await expect(
      advanceCampaigns(ctx.deps, {
        afterWrites: async (tx) => {
          // Every write is in: three rewards and the rounding transfer, then the worker dies.
          const written = await tx
            .select()
            .from(schema.campaignRewards)
            .where(eq(schema.campaignRewards.campaignId, c.id));
          expect(written).toHaveLength(3);
          throw boom;
        },
      }),
    ).rejects.toBe(boom);
    expect((await campaignRow(ctx.deps.db, c.id)).status).toBe('PROCESSING_REWARDS');
    let m = await campaignMoney(ctx.deps.db, c.id);
    expect(m.rewards).toHaveLength(0);
    expect(m.rounding).toBe(0n);
    expect(await systemBalance(ctx.deps.db, 'rounding', 'KCASH')).toBe(roundingBefore);
    await settle();
    await settle();
    m = await expectLedgerInvariant(ctx, c.id);
    expect(m.rewards.map((r) => r.amount)).toEqual([333n, 333n, 333n]);
    expect(m.rounding).toBe(2n);
    expect(await systemBalance(ctx.deps.db, 'rounding', 'KCASH')).toBe(roundingBefore + 2n);
    expect(await processCampaignRewards(ctx.deps, c.id)).toBe(false);
  });

  it('any number of concurrent runs move each campaign through each step once', async () => {
    const made = await Promise.all([
      newCampaign(ctx.deps.db, ctx.now(), { variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '1000' }),
      newCampaign(ctx.deps.db, ctx.now(), { variant: 'OPEN_SLOT_RAFFLE_REWARD', pool: '1000', winners: 2 }),
      newCampaign(ctx.deps.db, ctx.now(), {
        variant: 'OPEN_SLOT_LEADERBOARD_REWARD',
        pool: '1000',
        bands: [{ fromRank: 1, toRank: 2, shareBasisPoints: 5_000 }],
      }),
      newCampaign(ctx.deps.db, ctx.now(), { variant: 'FIXED_SLOT_FIXED_REWARD', slots: 4, amount: '10' }),
    ]);
    const runs = (n: number) => Promise.all(Array.from({ length: n }, () => advanceCampaigns(ctx.deps)));
    toLive(made[0]!);
    const wentLive = await runs(8);
    expect(wentLive.reduce((s, r) => s + r.live, 0)).toBe(4);
    for (const c of made)
      await addEntries(ctx.deps.db, c, [{ points: 3 }, { points: 2 }, { points: 1 }], ctx.now());
    pastEnd(made[0]!);
    const results = [...(await runs(8)), ...(await runs(8))];
    expect(results.reduce((s, r) => s + r.ended, 0)).toBe(4);
    expect(results.reduce((s, r) => s + r.processing, 0)).toBe(4);
    expect(results.reduce((s, r) => s + r.credited, 0)).toBe(4);
    for (const c of made) {
      const m = await expectLedgerInvariant(ctx, c.id);
      expect((await campaignRow(ctx.deps.db, c.id)).status).toBe('REWARDS_CREDITED');
      const expected =
        c.variant === 'FIXED_SLOT_FIXED_REWARD' ? 0 : c.variant === 'OPEN_SLOT_DYNAMIC_REWARD' ? 3 : 2;
      expect(m.rewards).toHaveLength(expected);
      expect(m.transferCount).toBe(1 + (m.rounding > 0n ? 1 : 0) + (m.refund > 0n ? 1 : 0));
    }
    // Two workers on the same campaign at once: one processes it.
    ctx.advance(ARCHIVE_AFTER_MS);
    const archived = await runs(4);
    expect(archived.reduce((s, r) => s + r.archived, 0)).toBeGreaterThanOrEqual(4);
    for (const c of made) expect((await campaignRow(ctx.deps.db, c.id)).status).toBe('ARCHIVED');
  });
});

describe('a worker process killed in the middle of PROCESSING_REWARDS (PostgreSQL)', () => {
  it('leaves nothing behind, and the restarted processing pays every reward once', async () => {
    let offset = 0;
    const now = () => new Date(Date.now() + offset);
    const database = await createTestPostgresDatabase(inject('postgresAdminUrl'), { migrated: true });
    try {
      await database.migrate();
      const deps = { db: database.db, clock: now, logger: createLogger('silent') };
      const c = await newCampaign(database.db, now(), { variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '10000' });
      offset += c.startsAt.getTime() - now().getTime() + 1;
      await advanceCampaigns(deps);
      await addEntries(
        database.db,
        c,
        Array.from({ length: 40 }, (_, i) => ({ points: i + 1 })),
        now(),
      );
      offset += c.endsAt.getTime() - now().getTime() + PROCESSING_GRACE_MS + 1;
      // ENDED → PROCESSING_REWARDS without processing: the child process does that.
      await database.db
        .update(schema.campaigns)
        .set({ status: 'PROCESSING_REWARDS' })
        .where(eq(schema.campaigns.id, c.id));

      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          fileURLToPath(new URL('./lifecycle.crash-child.ts', import.meta.url)),
          database.url,
          c.id,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (d) => {
        stderr += String(d);
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          if (String(d).includes('WRITTEN')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`child exited (${code}) before writing: ${stderr}`)));
      });
      // Mid-transaction: the rewards are written but not committed. Kill the worker outright.
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      // PostgreSQL rolls the dead connection's transaction back: nothing was paid.
      const roundingBefore = await systemBalance(database.db, 'rounding', 'KCASH');
      let m = await campaignMoney(database.db, c.id);
      expect(m.rewards).toHaveLength(0);
      expect(m.rounding).toBe(0n);
      expect((await campaignRow(database.db, c.id)).status).toBe('PROCESSING_REWARDS');

      // Restarted: two workers at once, then the job again; every reward is paid once.
      const results = await Promise.all([advanceCampaigns(deps), advanceCampaigns(deps)]);
      await advanceCampaigns(deps);
      expect(results.reduce((s, r) => s + r.credited, 0)).toBe(1);
      m = await campaignMoney(database.db, c.id);
      expect(m.rewards).toHaveLength(40);
      expect(new Set(m.rewards.map((r) => r.userId)).size).toBe(40);
      expect(m.funding).toBe(10_000n);
      expect(m.paid + m.rounding + m.refund).toBe(10_000n);
      expect(await systemBalance(database.db, 'rounding', 'KCASH')).toBe(roundingBefore + m.rounding);
      expect(m.transferCount).toBe(m.rounding > 0n ? 2 : 1);
      expect((await campaignRow(database.db, c.id)).status).toBe('REWARDS_CREDITED');
    } finally {
      await database.close();
    }
  }, 60_000);
});
