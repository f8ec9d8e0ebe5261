import {
  NO_LIVE_SEASON_MESSAGE,
  SEASON_BANDS,
  SEASON_DAYS,
  SEASON_POOL_KPOINTS,
  type XpSource,
} from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { authNow } from '../clans/clans.test-support.ts';
import { verifyLedger } from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { balancesOf } from '../store/store.test-support.ts';
import { awardXp } from './progression.ts';
import { allocateSeason, SEASON_SETTLE_GRACE_MS, SEASONS_JOB, seasonJobHandlers } from './seasons.ts';

const DAY = 86_400_000;

describe('a season pays its pool by the bands, exactly', () => {
  it('pays each reached rank its share and returns the rest: paid + returned = pool', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 200 }),
        fc.array(
          fc.record({
            from: fc.integer({ min: 1, max: 50 }),
            span: fc.integer({ min: 0, max: 20 }),
            bps: fc.integer({ min: 0, max: 500 }),
          }),
          { maxLength: 5 },
        ),
        (pool, ranked, raw) => {
          const bands = raw.map((b) => ({ fromRank: b.from, toRank: b.from + b.span, bps: b.bps }));
          const { payments, returned } = allocateSeason(pool, bands, ranked);
          const paid = payments.reduce((sum, p) => sum + p.amount, 0n);
          expect(returned).toBeGreaterThanOrEqual(0n);
          expect(paid + returned).toBe(pool);
          for (const p of payments) expect(p.rank).toBeLessThanOrEqual(ranked);
          // Even bands that overlap or ask too much never pay a rank twice nor overdraw the pool.
          expect(new Set(payments.map((p) => p.rank)).size).toBe(payments.length);
        },
      ),
    );
    const { payments, returned } = allocateSeason(BigInt(SEASON_POOL_KPOINTS), SEASON_BANDS, 3);
    expect(payments.map((p) => p.amount)).toEqual([25_000n, 12_500n, 12_500n]);
    expect(returned).toBe(50_000n);
    // The contract's bands share the whole pool.
    expect(SEASON_BANDS.reduce((sum, b) => sum + b.bps * (b.toRank - b.fromRank + 1), 0)).toBe(10_000);
  });
});

describe.each(DB_KINDS)('seasons on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const runJob = () => seasonJobHandlers[SEASONS_JOB]!(ctx.deps, {} as never);
  const award = (userId: string, key: string, source: XpSource = 'quest_complete') =>
    ctx.deps.db.transaction((tx) => awardXp(tx, { userId, source, key, at: ctx.now() }));
  const seasonRows = () => ctx.deps.db.select().from(schema.seasons).orderBy(schema.seasons.number);
  const boardXp = async (leaderboardId: string) => {
    const [row] = await ctx.deps.db
      .execute(
        sql`select coalesce(sum(score), 0)::int as xp from leaderboard_entries where leaderboard_id = ${leaderboardId}::uuid`,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { xp: number }[] }).rows) as { xp: number }[]);
    return Number(row?.xp ?? 0);
  };

  it('starts by itself, counts XP on its board, shows the countdown and ranks, then pays by rank and starts the next', async () => {
    await runJob();
    const [first] = await seasonRows();
    expect(first).toMatchObject({ number: 1, status: 'LIVE' });
    expect(first!.endsAt.getTime() - first!.startsAt.getTime()).toBe(SEASON_DAYS * DAY);

    const [a, b, c] = [await signedInUser(ctx), await signedInUser(ctx), await signedInUser(ctx)];
    for (const key of ['1', '2', '3']) await award(a.user.id, `s1:${key}`);
    for (const key of ['1', '2']) await award(b.user.id, `s1:${key}`);
    await award(c.user.id, 's1:1', 'quest_task');
    await runJob();
    const view = (await ctx.json('/progression/season', { headers: b.auth })).body.data;
    expect(view).toMatchObject({ number: 1, status: 'LIVE', me: { rank: 2, xp: 100 } });
    expect(view.top.slice(0, 3).map((e: { xp: number }) => e.xp)).toEqual([150, 100, 10]);
    expect(view.bands[0]).toMatchObject({ fromRank: 1, toRank: 1, reward: { amount: '25000' } });

    const before = await Promise.all(
      [a, b, c].map(async (u) => (await balancesOf(ctx, u.user.id)).user_kpoints ?? 0n),
    );
    ctx.advance(first!.endsAt.getTime() - ctx.now().getTime() + SEASON_SETTLE_GRACE_MS + 1_000);
    await runJob();
    const [ended, second] = await seasonRows();
    expect(ended).toMatchObject({ number: 1, status: 'ENDED' });
    expect(second).toMatchObject({ number: 2, status: 'LIVE', startsAt: first!.endsAt });
    const after = await Promise.all(
      [a, b, c].map(async (u) => (await balancesOf(ctx, u.user.id)).user_kpoints ?? 0n),
    );
    // Others may rank in this database's season too: each of the three got at least what the bands promise.
    expect(after.map((x, i) => x - before[i]!).every((gain) => gain >= 750n)).toBe(true);
    // The next season's card shows each one their place and what it paid, as the ledger has it.
    for (const [i, u] of [a, b, c].entries()) {
      const next = (await ctx.json('/progression/season', { headers: await authNow(ctx, u) })).body.data;
      expect(next).toMatchObject({ number: 2, previous: { number: 1, xp: [150, 100, 10][i] } });
      expect(next.previous.reward.amount).toBe(String(after[i]! - before[i]!));
    }
    // The paid ranks hear it, once.
    const pushes = await ctx.deps.db
      .select({ userId: schema.outbox.userId, payload: schema.outbox.payload })
      .from(schema.outbox)
      .where(eq(schema.outbox.kind, 'season_reward'));
    expect(pushes.find((p) => p.userId === a.user.id)?.payload).toMatchObject({
      season: 1,
      kpoints: expect.any(String),
    });
    await runJob();
    expect((await seasonRows()).filter((s) => s.status === 'ENDED')).toHaveLength(1);
    expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
  });

  it('a season closed by two workers while XP arrives: every award counted once, in its own season, paid once', async () => {
    await runJob();
    const [live] = (await seasonRows()).filter((s) => s.status === 'LIVE');
    ctx.advance(live!.endsAt.getTime() - ctx.now().getTime() - 1_000);
    const gamers = await Promise.all(Array.from({ length: 8 }, () => signedInUser(ctx)));
    // Just before the end: awards and two job runs at once.
    await Promise.all([
      ...gamers.flatMap((g, i) =>
        Array.from({ length: 1 + (i % 3) }, (_, k) => award(g.user.id, `race-a:${k}`)),
      ),
      runJob(),
      runJob(),
    ]);
    // After the end and its grace: more awards (the next season's) and two workers closing it.
    ctx.advance(1_000 + SEASON_SETTLE_GRACE_MS + 1_000);
    await Promise.all([...gamers.map((g) => award(g.user.id, 'race-b', 'quest_task')), runJob(), runJob()]);
    await runJob();
    await runJob();
    const rows = await seasonRows();
    const closed = rows.find((s) => s.id === live!.id)!;
    const next = rows.find((s) => s.number === closed.number + 1)!;
    expect(closed.status).toBe('ENDED');
    const expectA = gamers.reduce((sum, _g, i) => sum + 50 * (1 + (i % 3)), 0);
    // This test's awards only: the board may hold the first test's too when it ran in this season.
    const raceXp = async (leaderboardId: string, prefix: string) => {
      const r = await ctx.deps.db.execute(
        sql`select coalesce(sum(a.xp), 0)::int as xp from leaderboard_contributions c join xp_awards a on c.source_key = 'xp:' || a.id
          where c.leaderboard_id = ${leaderboardId}::uuid and a.source_key like ${`${prefix}%`}`,
      );
      const list = (Array.isArray(r) ? r : (r as { rows: { xp: number }[] }).rows) as { xp: number }[];
      return Number(list[0]?.xp ?? 0);
    };
    expect(await raceXp(closed.leaderboardId, 'race-a:')).toBe(expectA);
    expect(await raceXp(next.leaderboardId, 'race-b')).toBe(gamers.length * 10);
    expect(await raceXp(closed.leaderboardId, 'race-b')).toBe(0);
    const untallied = await ctx.deps.db
      .select({ id: schema.xpAwards.id })
      .from(schema.xpAwards)
      .where(eq(schema.xpAwards.seasonTallied, false));
    expect(untallied).toEqual([]);
    expect(await boardXp(closed.leaderboardId)).toBeGreaterThanOrEqual(expectA);
    // Paid once: one transfer per reached rank of the closed season, and the pool's rest returned once.
    const payouts = await ctx.deps.db.execute(
      sql`select count(*)::int as n from ledger_transfers where idempotency_key like ${`season:${closed.id}:%`}`,
    );
    const n = Number(
      ((Array.isArray(payouts) ? payouts : (payouts as { rows: { n: number }[] }).rows) as { n: number }[])[0]
        ?.n,
    );
    expect(n).toBeGreaterThan(0);
    expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
  });

  it('outside production a tester ends the live season now; the next run of the job pays it', async () => {
    await runJob();
    const u = await signedInUser(ctx);
    await award(u.user.id, 'dev-end');
    ctx.advance(2 * SEASON_SETTLE_GRACE_MS);
    await authNow(ctx, u);
    const ended = await ctx.json('/dev/seasons/end', { method: 'POST', headers: u.auth });
    expect(ended.status).toBe(200);
    // Ended already for the job: a second call finds no live season until the job starts the next.
    const again = await ctx.json('/dev/seasons/end', { method: 'POST', headers: u.auth });
    expect(again.body).toMatchObject({ status: 409, message: NO_LIVE_SEASON_MESSAGE });
    await runJob();
    const view = (await ctx.json('/progression/season', { headers: u.auth })).body.data;
    expect(view).toMatchObject({
      number: ended.body.data.number + 1,
      status: 'LIVE',
      previous: { number: ended.body.data.number, xp: 50 },
    });
    expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
  });
});
