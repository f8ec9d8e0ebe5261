import { schema } from '@khel/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { rowsOf } from './cards.ts';
import { refreshRecentLikes, setLike } from './social.ts';

/**
 * The feeds order, filter and rank on the card's copies of its owner's total and variant and on its count of
 * recent likes (kept by triggers, likes and the `pog.recent-likes` job); they must answer what a count over every
 * card gives (the SQL the feeds ran before issue 23, as the oracle here).
 */
describe.each(DB_KINDS)('POG feeds on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const names = (cards: { name: string }[]) => cards.map((c) => c.name);
  const byTotal = (where = sql`true`) =>
    rowsOf<{ name: string }>(
      ctx.deps.db,
      sql`select c.name from pog_cards c left join pog_scores s on s.user_id = c.user_id
        where c.minted_at is not null and ${where} order by coalesce(s.total, 0) desc, c.minted_at asc, c.id`,
    );
  const hottest = () =>
    rowsOf<{ name: string }>(
      ctx.deps.db,
      sql`select c.name from pog_cards c where c.minted_at is not null
        order by (select count(*) from pog_likes l where l.card_id = c.id
          and l.created_at > now() - interval '7 days') desc, c.likes desc, c.minted_at desc, c.id`,
    );
  const feed = async (path: string) => {
    const res = await ctx.json(`${path}${path.includes('?') ? '&' : '?'}limit=50`);
    expect(res.status).toBe(200);
    return res.body.data as { cards: { name: string; rank: number; total: number }[]; total: number };
  };

  it('list, legendary and hottest follow scores and likes as they change', async () => {
    const users = await ctx.deps.db
      .insert(schema.users)
      .values(Array.from({ length: 10 }, (_, i) => ({ username: `feeder${i}` })))
      .returning({ id: schema.users.id });
    const score = (userId: string, total: number) =>
      ctx.deps.db
        .insert(schema.pogScores)
        .values({ userId, total, variant: total >= 900 ? 'Legendary' : 'Common' })
        .onConflictDoUpdate({
          target: schema.pogScores.userId,
          set: { total, variant: total >= 900 ? 'Legendary' : 'Common' },
        });
    // Half scored before their card exists, half after; one card never minted.
    for (const [i, u] of users.entries()) if (i % 2 === 0) await score(u.id, (i * 370) % 1000);
    const base = Date.now() - 3_600_000;
    const cards = await ctx.deps.db
      .insert(schema.pogCards)
      .values(
        users.map((u, i) => ({
          userId: u.id,
          name: `Feed${i}`,
          nameKey: `feed${i}`,
          state: 'Minted' as const,
          chain: 'evm' as const,
          txHash: i === 9 ? null : `0x${i}`,
          mintedAt: i === 9 ? null : new Date(base + i * 1000),
        })),
      )
      .returning({ id: schema.pogCards.id });
    for (const [i, u] of users.entries()) if (i % 2 === 1) await score(u.id, i === 3 ? 0 : (i * 530) % 1000);

    const expectByTotal = async () => {
      const list = await feed('/pog/list');
      expect(names(list.cards)).toEqual(names(await byTotal()));
      expect(list.cards.map((c) => c.rank)).toEqual(list.cards.map((_, i) => i + 1));
      expect(list.total).toBe((await byTotal()).length);
      const legendary = await feed('/pog/feeds/legendary');
      expect(names(legendary.cards)).toEqual(names(await byTotal(sql`s.variant = 'Legendary'`)));
      expect(legendary.total).toBe(legendary.cards.length);
      for (const c of legendary.cards) expect(c.rank).toBe(names(list.cards).indexOf(c.name) + 1);
    };
    await expectByTotal();
    // Scores move (the job's upsert): the order and the ranks follow; a tie on total goes to the earlier mint.
    await score(users[0]!.id, 990);
    await score(users[8]!.id, 990);
    await score(users[5]!.id, 10);
    await expectByTotal();
    expect((await feed('/pog/feeds/legendary')).cards.length).toBeGreaterThanOrEqual(2);
    // A card leaves with its owner (the account deleted); the unminted one is minted.
    await ctx.deps.db.delete(schema.users).where(eq(schema.users.id, users[8]!.id));
    await ctx.deps.db
      .update(schema.pogCards)
      .set({ mintedAt: new Date(), txHash: '0x9' })
      .where(eq(schema.pogCards.id, cards[9]!.id));
    await expectByTotal();

    // Likes: recent ones lead the hottest feed; a like that ages past 7 days stops counting after the job.
    await setLike(ctx.deps, users[1]!.id, cards[2]!.id, true);
    await setLike(ctx.deps, users[2]!.id, cards[2]!.id, true);
    await setLike(ctx.deps, users[3]!.id, cards[4]!.id, true);
    await setLike(ctx.deps, users[4]!.id, cards[6]!.id, true);
    await setLike(ctx.deps, users[5]!.id, cards[6]!.id, true);
    await setLike(ctx.deps, users[6]!.id, cards[6]!.id, true);
    await setLike(ctx.deps, users[7]!.id, cards[9]!.id, true);
    expect(names((await feed('/pog/feeds/all')).cards)).toEqual(names(await hottest()));
    await ctx.deps.db
      .update(schema.pogLikes)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(schema.pogLikes.cardId, cards[6]!.id));
    await refreshRecentLikes(ctx.deps.db);
    expect(names((await feed('/pog/feeds/all')).cards)).toEqual(names(await hottest()));
    // Unliking an old like leaves the recent count alone; unliking a recent one takes it back.
    await setLike(ctx.deps, users[4]!.id, cards[6]!.id, false);
    await setLike(ctx.deps, users[1]!.id, cards[2]!.id, false);
    expect(names((await feed('/pog/feeds/all')).cards)).toEqual(names(await hottest()));
    const [row] = await ctx.deps.db
      .select({ recent: schema.pogCards.recentLikes, likes: schema.pogCards.likes })
      .from(schema.pogCards)
      .where(eq(schema.pogCards.id, cards[2]!.id));
    expect(row).toEqual({ recent: 1, likes: 1 });
  });
});
