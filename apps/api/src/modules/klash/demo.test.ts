import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { verifyLedger } from '../ledger/ledger.ts';
import { seedDemoQuests } from '../quests/catalogue.ts';
import { seedDemoKlash } from './demo.ts';

describe('demo Klash tournaments on pglite', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    await seedDemoQuests(ctx.deps.db, ctx.now());
    expect((await seedDemoKlash(ctx.deps.db, ctx.now())).applied).toBe(true);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('seeds once: an upcoming bracket open for registration, a live bracket, a live leaderboard, a past bracket with prizes paid', async () => {
    expect((await seedDemoKlash(ctx.deps.db, ctx.now())).applied).toBe(false);
    const upcoming = (await ctx.json('/klash/tournaments?status=upcoming')).body.data.tournaments;
    const live = (await ctx.json('/klash/tournaments?status=live')).body.data.tournaments;
    const past = (await ctx.json('/klash/tournaments?status=past')).body.data.tournaments;
    expect(upcoming.map((t: any) => [t.slug, t.registration, t.registeredCount])).toEqual([
      ['monsoon-cup', 'open', 5],
    ]);
    expect(live.map((t: any) => t.slug).sort()).toEqual(['dark-throne-showdown', 'runes-24h-rush']);
    expect(past.map((t: any) => [t.slug, t.payoutStatus])).toEqual([['cricket-legends-clash', 'paid']]);

    const showdown = live.find((t: any) => t.slug === 'dark-throne-showdown');
    const bracket = (await ctx.json(`/klash/tournaments/${showdown.id}/bracket`)).body.data;
    const states = bracket.rounds.flatMap((r: any) => r.matches.map((m: any) => m.resolution ?? m.state));
    expect(states.filter((s: string) => s === 'bye')).toHaveLength(2);
    expect(states).toContain('agreed');
    expect(states).toContain('disputed');

    const runes = live.find((t: any) => t.slug === 'runes-24h-rush');
    const board = (await ctx.json(`/klash/tournaments/${runes.id}/leaderboard`)).body.data;
    expect(board.total).toBe(12);
    expect(board.rows[0]).toMatchObject({ rank: 1, prize: { currency: 'KCASH' } });

    const cricket = (await ctx.json('/klash/tournaments/cricket-legends-clash')).body.data;
    expect(cricket).toMatchObject({ status: 'completed', payoutStatus: 'paid' });
    expect(cricket.winner).not.toBeNull();
    expect((await verifyLedger(ctx.deps.db)).ok).toBe(true);
  });
});
