import { schema } from '@khel/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { FIXED, liveCampaign } from './campaigns.test-support.ts';
import { entryCounts } from './campaigns.ts';

/**
 * The lists' participant and finisher counts come from `campaign_entry_counts`, kept by a trigger on
 * `campaign_entries`: whatever writes the entries (start, finish, review, a user deleted), they stay equal to a
 * count of the rows, and the list and details show them.
 */
describe.each(DB_KINDS)('campaign entry counts on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const counted = async (campaignId: string) => {
    const rows = await ctx.deps.db
      .select({
        participants: sql<number>`count(*)`.mapWith(Number),
        finishers: sql<number>`count(*) filter (where ${schema.campaignEntries.status} = 'FINISHED')`.mapWith(
          Number,
        ),
      })
      .from(schema.campaignEntries)
      .where(eq(schema.campaignEntries.campaignId, campaignId));
    return rows[0]!;
  };

  it('follow every insert, status change and delete of an entry, across shards', async () => {
    const [a, b] = [await liveCampaign(ctx, FIXED), await liveCampaign(ctx, FIXED)];
    const users = await ctx.deps.db
      .insert(schema.users)
      .values(Array.from({ length: 24 }, () => ({})))
      .returning({ id: schema.users.id });
    const entries = await ctx.deps.db
      .insert(schema.campaignEntries)
      .values(
        users.map((u, i) => ({
          campaignId: i % 3 === 0 ? b.id : a.id,
          userId: u.id,
          status: i % 4 === 0 ? ('FINISHED' as const) : ('STARTED' as const),
        })),
      )
      .returning();
    const check = async () => {
      const shown = await entryCounts(ctx.deps.db, [a.id, b.id]);
      expect(shown.get(a.id)).toEqual(await counted(a.id));
      expect(shown.get(b.id)).toEqual(await counted(b.id));
    };
    await check();
    const setStatuses = async (statuses: readonly (typeof entries)[number]['status'][]) => {
      for (const [i, e] of entries.entries())
        await ctx.deps.db
          .update(schema.campaignEntries)
          .set({ status: statuses[i % statuses.length]! })
          .where(eq(schema.campaignEntries.id, e.id));
      await check();
    };
    // Finish some, hold and disqualify others; then every finished one held (a review) and some released.
    await setStatuses(['HELD', 'FINISHED', 'DISQUALIFIED', 'FINISHED']);
    await setStatuses(['HELD', 'HELD', 'FINISHED', 'STARTED']);
    // An entry moved to the other campaign, one whose user is deleted (cascade).
    await ctx.deps.db
      .update(schema.campaignEntries)
      .set({ campaignId: b.id })
      .where(eq(schema.campaignEntries.id, entries[1]!.id));
    await ctx.deps.db.delete(schema.users).where(eq(schema.users.id, users[4]!.id));
    await check();
    const { body } = await ctx.json(`/campaigns/by-slug/${a.slug}`);
    expect(body.data).toMatchObject(await counted(a.id));
    const list = await ctx.json('/campaigns/by-state?status=LIVE');
    const listed = list.body.data.campaigns.find((c: { slug: string }) => c.slug === b.slug);
    expect(listed).toMatchObject(await counted(b.id));
    expect((await counted(a.id)).participants).toBeGreaterThan(0);
  });
});
