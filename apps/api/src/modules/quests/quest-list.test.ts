import {
  QUEST_LIST_TOTAL_CAP,
  QUEST_STATUSES,
  type QuestStatus,
  questListQuerySchema,
} from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { listQuestsBySort } from './quest-list.test-support.ts';
import { listQuests } from './quests.ts';

/** A small deterministic generator (mulberry32), so a failure names the seed that made it. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(DB_KINDS)('the quest list on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers the same pages as sorting every matching quest by its status (issue 23)', async () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const next = random(seed);
    const now = ctx.now();
    // Quests of every status, many sharing an end (ties fall to the slug), some featured, some unpublished.
    const values = Array.from({ length: 90 }, (_, i) => {
      const start = Math.floor(next() * 10) - 6;
      const end = start + 1 + Math.floor(next() * 6);
      const slots = next() < 0.3 ? null : Math.floor(next() * 3);
      return sql`(${`list-${seed}-${i}`}, ${`Quest ${i % 3 === 0 ? 'alpha' : 'beta'} ${i}`},
        ${new Date(now.getTime() + start * 86_400_000).toISOString()}::timestamptz,
        ${new Date(now.getTime() + end * 86_400_000).toISOString()}::timestamptz,
        ${slots === null ? null : 2}::int, ${slots}::int, ${next() < 0.2},
        ${next() < 0.9 ? now.toISOString() : null}::timestamptz, ${next() < 0.9 ? 'quest' : 'campaign'})`;
    });
    await ctx.deps.db.execute(sql`
      insert into quests (slug, title, starts_at, ends_at, total_slots, remaining_slots, featured, published_at, kind)
      values ${sql.join(values, sql`, `)}`);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    const queries: Record<string, string>[] = [{}, { limit: '7' }, { limit: '7', page: '3' }, { page: '40' }];
    for (let i = 0; i < 30; i++) {
      const q: Record<string, string> = {
        limit: String(1 + Math.floor(next() * 12)),
        page: String(1 + Math.floor(next() * 6)),
      };
      if (next() < 0.6)
        q.status =
          QUEST_STATUSES.filter(() => next() < 0.5).join(',') || (pick(QUEST_STATUSES) as QuestStatus);
      if (next() < 0.3) q.featured = pick(['true', 'false']);
      if (next() < 0.2) q.search = 'alpha';
      queries.push(q);
    }
    for (const q of queries) {
      const query = questListQuerySchema.parse(q);
      const got = await listQuests(ctx.deps.db, query, now);
      const want = await listQuestsBySort(ctx.deps.db, query, now);
      expect({ seed, q, page: got }).toEqual({ seed, q, page: want });
    }
  });

  it('counts up to QUEST_LIST_TOTAL_CAP or the page’s end, and says when more match', async () => {
    const now = ctx.now();
    const size = QUEST_LIST_TOTAL_CAP + 50;
    const word = `capped${Math.floor(Math.random() * 1e9)}`;
    await ctx.deps.db.execute(sql`
      insert into quests (slug, title, starts_at, ends_at, featured, published_at, kind)
      select ${word} || '-' || g, ${word} || ' ' || g, ${now.toISOString()}::timestamptz - interval '1 day',
        ${now.toISOString()}::timestamptz + g * interval '1 minute', false, ${now.toISOString()}::timestamptz, 'quest'
      from generate_series(1, ${size}) g`);
    const pageOf = async (page: number) => {
      const query = questListQuerySchema.parse({ search: word, limit: '5', page: String(page) });
      const got = await listQuests(ctx.deps.db, query, now);
      expect(got).toEqual(await listQuestsBySort(ctx.deps.db, query, now));
      return got;
    };
    const first = await pageOf(1);
    expect(first).toMatchObject({ total: QUEST_LIST_TOTAL_CAP, totalCapped: true, isLastCard: false });
    expect(first.quests.map((q) => q.slug)).toEqual([1, 2, 3, 4, 5].map((g) => `${word}-${g}`));
    // Past the cap the count reaches the page's end, and one more says the list goes on.
    const deep = await pageOf(205);
    expect(deep).toMatchObject({ total: 1_025, totalCapped: true, isLastCard: false });
    expect(await pageOf(210)).toMatchObject({ total: size, totalCapped: false, isLastCard: true });
    expect(await pageOf(300)).toMatchObject({
      total: size,
      totalCapped: false,
      isLastCard: true,
      quests: [],
    });
  });
});
