import { CLAN_TIERS } from '@khel/core/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { verifyLedger } from '../ledger/ledger.ts';
import { seedDemoQuests } from '../quests/catalogue.ts';
import { DEMO_CLANS, seedDemoClans } from './demo.ts';
import { recomputeClanScores } from './score.ts';

describe.each(DB_KINDS)('demo clans on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    await seedDemoQuests(ctx.deps.db, ctx.now());
    expect((await seedDemoClans(ctx.deps.db, ctx.now())).applied).toBe(true);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('seeds Indian and Brazilian clans once, with chiefs, members and tiers from Bronze to Diamond', async () => {
    expect((await seedDemoClans(ctx.deps.db, ctx.now())).applied).toBe(false);
    const list = await ctx.json('/platform-clans/list?limit=100');
    const clans = list.body.data.clans as {
      clanName: string;
      country: string;
      tier: string;
      score: number;
      memberCount: number;
      id: string;
    }[];
    expect(clans.map((c) => c.clanName).sort()).toEqual(DEMO_CLANS.map((c) => c.name).sort());
    expect(new Set(clans.map((c) => c.country))).toEqual(new Set(['IN', 'BR']));
    expect(new Set(clans.map((c) => c.tier))).toEqual(new Set(CLAN_TIERS));
    for (const c of clans) {
      const demo = DEMO_CLANS.find((d) => d.name === c.clanName)!;
      expect(c.memberCount).toBe(demo.members.length);
      const members = (await ctx.json(`/platform-clans/${c.id}/members?limit=100`)).body.data.members;
      expect(members[0]).toMatchObject({ role: 'Chief', username: demo.members[0] });
    }

    // The scores are the members' verified completions: the score job finds the same numbers.
    const before = clans.map((c) => [c.id, c.score, c.tier]);
    await recomputeClanScores(ctx.deps);
    const after = (await ctx.json('/platform-clans/list?limit=100')).body.data.clans.map(
      (c: { id: string; score: number; tier: string }) => [c.id, c.score, c.tier],
    );
    expect(after).toEqual(before);
    expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
  });
});
