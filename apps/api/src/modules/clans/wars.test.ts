import { CLAN_WAR_REWARD_KPOINTS, type XpSource } from '@khel/core/contract';
import { recurrencePeriod } from '@khel/core/domain';
import { schema } from '@khel/db';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { verifyLedger } from '../ledger/ledger.ts';
import { awardXp } from '../progression/progression.ts';
import { authNow, clanOf, gamer } from './clans.test-support.ts';
import { CLAN_WAR_SETTLE_GRACE_MS, CLAN_WARS_JOB, clanWarJobHandlers, settleClanWars } from './wars.ts';

describe.each(DB_KINDS)('weekly clan wars on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const runJob = () => clanWarJobHandlers[CLAN_WARS_JOB]!(ctx.deps, {} as never);
  /** The clock to one minute into next week (Monday 00:01 UTC). */
  const toNextWeek = () => {
    const week = recurrencePeriod('weekly', ctx.now());
    ctx.advance(week.end.getTime() - ctx.now().getTime() + 60_000);
  };
  const award = (userId: string, key: string, source: XpSource = 'quest_complete') =>
    ctx.deps.db.transaction((tx) => awardXp(tx, { userId, source, key, at: ctx.now() }));
  /** A clan with `score` and a chief plus `members - 1` members, all joined now. */
  async function crew(score: number, members: number) {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id, { score, memberCount: members });
    const rest = [];
    for (let i = 1; i < members; i++) {
      const m = await gamer(ctx);
      await ctx.deps.db
        .insert(schema.clanMembers)
        .values({ userId: m.user.id, clanId: clan.id, role: 'Member', joinedAt: ctx.now() });
      rest.push(m);
    }
    return { clan, chief, members: [chief, ...rest] };
  }
  const warOf = async (clanId: string, weekKey: string) => {
    const [row] = await ctx.deps.db
      .select({ war: schema.clanWars })
      .from(schema.clanWarEntries)
      .innerJoin(schema.clanWars, eq(schema.clanWars.id, schema.clanWarEntries.warId))
      .where(and(eq(schema.clanWarEntries.clanId, clanId), eq(schema.clanWarEntries.weekKey, weekKey)));
    return row?.war;
  };
  const myWar = async (u: Awaited<ReturnType<typeof gamer>>) =>
    (await ctx.json('/platform-clans/me/war', { headers: await authNow(ctx, u) })).body;
  const payouts = async (warId: string) =>
    ctx.deps.db
      .select({ key: schema.ledgerTransfers.idempotencyKey, amount: schema.ledgerTransfers.amount })
      .from(schema.ledgerTransfers)
      .where(like(schema.ledgerTransfers.idempotencyKey, `clanwar:${warId}:%`));
  const trialBalanceIsZero = async () => {
    const report = await verifyLedger(ctx.deps.db);
    expect(report).toMatchObject({ ok: true });
    for (const currency of schema.LEDGER_CURRENCIES) expect(report.trialBalance[currency] ?? 0n).toBe(0n);
  };

  it('matches by tier once, scores the week’s XP of members who were in before it, pays the winner once', async () => {
    const rules = await ctx.json('/platform-clans/wars/rules');
    expect(rules.status).toBe(200);
    expect(rules.body.data).toMatchObject({
      minMembers: 3,
      rewardXp: 200,
      rewardKpoints: { amount: String(CLAN_WAR_REWARD_KPOINTS), currency: 'KPOINTS' },
    });

    const goldA = await crew(6_000, 3);
    const goldB = await crew(5_500, 3);
    const silver = await crew(1_200, 3);
    const bronze = await crew(50, 3);
    const small = await crew(8_000, 2);
    await ctx.deps.db
      .insert(schema.clanTelegramGroups)
      .values({ chatId: -100_123, clanId: goldA.clan.id, title: 'Gold A', linkedAt: ctx.now() });

    // Before the week's wars are made.
    expect((await myWar(goldA.chief)).data).toMatchObject({ war: null, noWarReason: 'matching_soon' });
    expect((await ctx.json('/platform-clans/me/war', { headers: (await gamer(ctx)).auth })).status).toBe(403);

    toNextWeek();
    const week = recurrencePeriod('weekly', ctx.now());
    await Promise.all([runJob(), runJob()]);
    await runJob();
    const weeks = await ctx.deps.db.select().from(schema.clanWarWeeks);
    expect(weeks.map((w) => w.weekKey)).toEqual([week.key]);
    const gold = (await warOf(goldA.clan.id, week.key))!;
    expect(gold).toMatchObject({
      tier: 'Gold',
      clanAId: goldA.clan.id,
      clanBId: goldB.clan.id,
      status: 'LIVE',
    });
    // Silver's odd clan meets the top Bronze one.
    expect(await warOf(silver.clan.id, week.key)).toMatchObject({
      tier: 'Silver',
      clanAId: silver.clan.id,
      clanBId: bronze.clan.id,
    });
    expect((await myWar(small.chief)).data).toMatchObject({ war: null, noWarReason: 'too_few_members' });
    // Matched once: one war per clan, pushes to every member and news to the linked group.
    expect(
      (await ctx.deps.db.select().from(schema.clanWars).where(eq(schema.clanWars.weekKey, week.key))).length,
    ).toBe(2);
    const matched = await ctx.deps.db
      .select({ userId: schema.outbox.userId, payload: schema.outbox.payload })
      .from(schema.outbox)
      .where(eq(schema.outbox.kind, 'clan_war_matched'));
    expect(matched).toHaveLength(12);
    expect(matched.find((m) => m.userId === goldA.chief.user.id)?.payload).toMatchObject({
      clanName: goldA.clan.name,
      opponentName: goldB.clan.name,
    });
    const news = await ctx.deps.db.select().from(schema.clanGroupNews);
    expect(news.map((n) => `${n.clanId}:${n.kind}`)).toEqual([`${goldA.clan.id}:war_matched`]);

    // The week: A earns 60, B 100 (and 50 of a member who then leaves), a late joiner of A is not counted.
    const late = await gamer(ctx);
    await ctx.deps.db
      .insert(schema.clanMembers)
      .values({ userId: late.user.id, clanId: goldA.clan.id, role: 'Member', joinedAt: ctx.now() });
    await award(goldA.members[1]!.user.id, 'w1:a');
    await award(goldA.members[2]!.user.id, 'w1:b', 'quest_task');
    await award(late.user.id, 'w1:late');
    await award(goldB.members[1]!.user.id, 'w1:c');
    await award(goldB.members[1]!.user.id, 'w1:d');
    await award(goldB.members[2]!.user.id, 'w1:e');
    await ctx.deps.db
      .delete(schema.clanMembers)
      .where(eq(schema.clanMembers.userId, goldB.members[2]!.user.id));

    const live = (await myWar(goldA.members[1]!)).data;
    expect(live.war).toMatchObject({
      status: 'LIVE',
      mine: { clanName: goldA.clan.name, score: 60 },
      opponent: { clanName: goldB.clan.name, score: 100, tier: 'Gold' },
      myContribution: 50,
      counted: true,
      outcome: null,
      endsAt: week.end.toISOString(),
    });
    expect((await myWar(late)).data.war).toMatchObject({ myContribution: 50, counted: false });

    // Nothing is decided before the grace after the end.
    ctx.advance(week.end.getTime() - ctx.now().getTime() + CLAN_WAR_SETTLE_GRACE_MS - 1_000);
    expect(await settleClanWars(ctx.deps, ctx.now())).toBe(0);
    ctx.advance(2_000);
    await runJob();
    await runJob();
    const decided = (
      await ctx.deps.db.select().from(schema.clanWars).where(eq(schema.clanWars.id, gold.id))
    )[0]!;
    expect(decided).toMatchObject({ status: 'ENDED', scoreA: 60, scoreB: 100, winnerClanId: goldB.clan.id });
    // B's two counted members (the one who left takes their XP and reward out) are paid once, A nobody.
    const paid = await payouts(gold.id);
    expect(paid.map((p) => p.key).sort()).toEqual(
      [goldB.members[0]!.user.id, goldB.members[1]!.user.id].map((id) => `clanwar:${gold.id}:${id}`).sort(),
    );
    expect(paid.every((p) => p.amount === BigInt(CLAN_WAR_REWARD_KPOINTS))).toBe(true);
    const warXp = await ctx.deps.db
      .select({ userId: schema.xpAwards.userId, xp: schema.xpAwards.xp })
      .from(schema.xpAwards)
      .where(eq(schema.xpAwards.sourceKey, `clanwar:${gold.id}`));
    expect(warXp.map((a) => a.userId).sort()).toEqual(
      [goldB.members[0]!.user.id, goldB.members[1]!.user.id].sort(),
    );
    expect(warXp.every((a) => a.xp === 200)).toBe(true);
    // The draw (0 to 0) pays no one.
    const draw = (await warOf(silver.clan.id, week.key))!;
    expect(
      (await ctx.deps.db.select().from(schema.clanWars).where(eq(schema.clanWars.id, draw.id)))[0],
    ).toMatchObject({ status: 'ENDED', winnerClanId: null, scoreA: 0, scoreB: 0 });
    expect(await payouts(draw.id)).toEqual([]);

    // Both clans' members hear the result: A's four (the late one too), B's two.
    const results = await ctx.deps.db
      .select({ userId: schema.outbox.userId, payload: schema.outbox.payload })
      .from(schema.outbox)
      .where(
        and(
          eq(schema.outbox.kind, 'clan_war_result'),
          inArray(
            schema.outbox.userId,
            [...goldA.members, late, ...goldB.members].map((u) => u.user.id),
          ),
        ),
      );
    expect(results).toHaveLength(6);
    expect(results.find((r) => r.userId === goldB.chief.user.id)?.payload).toMatchObject({
      outcome: 'won',
      myScore: 100,
      opponentScore: 60,
      kpoints: String(CLAN_WAR_REWARD_KPOINTS),
    });
    expect(results.find((r) => r.userId === late.user.id)?.payload).toMatchObject({ outcome: 'lost' });
    expect(
      (await ctx.deps.db.select().from(schema.clanGroupNews)).map(
        (n) => `${n.kind}:${n.payload.outcome ?? ''}`,
      ),
    ).toEqual(expect.arrayContaining(['war_result:lost']));

    // The new week's wars were made by the same run; last week's result is listed.
    // (B, down to two members, sits it out; A meets the Silver clan.)
    const after = (await myWar(goldA.chief)).data;
    expect(after.war).toMatchObject({
      status: 'LIVE',
      weekKey: recurrencePeriod('weekly', ctx.now()).key,
      opponent: { clanId: silver.clan.id },
    });
    expect(after.results[0]).toMatchObject({
      id: gold.id,
      outcome: 'lost',
      myScore: 60,
      opponentScore: 100,
      opponentName: goldB.clan.name,
    });
    expect((await myWar(goldB.chief)).data).toMatchObject({ war: null, noWarReason: 'too_few_members' });
    await trialBalanceIsZero();
  });

  it.runIf(kind === 'postgres')(
    'a war decided by two workers at once pays each counted member once, the ledger exact',
    async () => {
      // Clans of their own tier (Diamond), so the wars of the first test's clans do not meet them.
      const red = await crew(50_000, 4);
      const blue = await crew(49_000, 3);
      toNextWeek();
      const week = recurrencePeriod('weekly', ctx.now());
      await runJob();
      const war = (await warOf(red.clan.id, week.key))!;
      expect(war.clanBId).toBe(blue.clan.id);
      for (const [i, m] of red.members.entries()) await award(m.user.id, `race:${i}`);
      await award(blue.members[0]!.user.id, 'race:b');
      ctx.advance(week.end.getTime() - ctx.now().getTime() + CLAN_WAR_SETTLE_GRACE_MS + 1_000);
      // This week's wars (the first test's clans fight too): each is claimed by one worker only.
      const due = await ctx.deps.db.select().from(schema.clanWars).where(eq(schema.clanWars.status, 'LIVE'));
      const decided = await Promise.all([
        settleClanWars(ctx.deps, ctx.now()),
        settleClanWars(ctx.deps, ctx.now()),
        runJob(),
      ]);
      const [row] = await ctx.deps.db.select().from(schema.clanWars).where(eq(schema.clanWars.id, war.id));
      expect(row).toMatchObject({ status: 'ENDED', scoreA: 200, scoreB: 50, winnerClanId: red.clan.id });
      expect(decided[0] + decided[1]).toBeLessThanOrEqual(due.length);
      const now = await ctx.deps.db
        .select({ status: schema.clanWars.status })
        .from(schema.clanWars)
        .where(
          inArray(
            schema.clanWars.id,
            due.map((w) => w.id),
          ),
        );
      expect(now.every((w) => w.status === 'ENDED')).toBe(true);
      const paid = await payouts(war.id);
      expect(paid).toHaveLength(4);
      const xp = await ctx.deps.db
        .select({ userId: schema.xpAwards.userId })
        .from(schema.xpAwards)
        .where(eq(schema.xpAwards.sourceKey, `clanwar:${war.id}`));
      expect(xp).toHaveLength(4);
      await trialBalanceIsZero();
    },
  );
});
