import { QUEST_STATUSES, type QuestStatus, questListQuerySchema } from '@khel/core/contract';
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
});
