import { randomUUID } from 'node:crypto';
import type { Transaction } from '@khel/db';
import { schema } from '@khel/db';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { enqueueFanOut, enqueueNotifications } from './outbox.ts';

/** Counts what a transaction is asked to run: a fan-out must be one statement whatever its size. */
function countingTx(tx: Transaction) {
  let statements = 0;
  const proxy = new Proxy(tx, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (['execute', 'insert', 'select', 'update', 'delete'].includes(String(key)))
        return (...args: unknown[]) => {
          statements += 1;
          return value.apply(target, args);
        };
      return value.bind(target);
    },
  });
  return { tx: proxy, statements: () => statements };
}

const FOLLOWERS = 2_000;

describe.each(DB_KINDS)('set-based fan-outs to the outbox on %s', (kind) => {
  let ctx: TestContext;
  /** A marker in the followers' telegram ids, so each test selects its own users only. */
  let marker: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    marker = `fan${randomUUID().slice(0, 8)}`;
    await ctx.deps.db.execute(sql`
      insert into ${schema.users} (id, telegram_id)
      select gen_random_uuid(), ${marker} || ':' || i from generate_series(1, ${FOLLOWERS}) i`);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const followers = () =>
    sql`select ${schema.users.id} as user_id from ${schema.users} where ${schema.users.telegramId} like ${`${marker}:%`}`;
  const rowsWithPrefix = async (prefix: string) =>
    (
      await ctx.deps.db
        .select({
          n: sql<number>`count(*)::int`,
          users: sql<number>`count(distinct ${schema.outbox.userId})::int`,
        })
        .from(schema.outbox)
        .where(like(schema.outbox.dedupeKey, `${prefix}%`))
    )[0]!;

  it('writes one row per recipient in one statement, and nothing more when run again', async () => {
    const prefix = `campaign-live:${randomUUID()}:`;
    const fanOut = (tx: Transaction) =>
      enqueueFanOut(tx, {
        kind: 'campaign_live',
        recipients: followers(),
        dedupeKeyPrefix: prefix,
        payload: { campaignId: 'c1', campaignSlug: 'launch', campaignTitle: 'Launch', kcash: null },
      });
    let statements = 0;
    const first = await ctx.deps.db.transaction(async (tx) => {
      const counted = countingTx(tx);
      const written = await fanOut(counted.tx);
      statements = counted.statements();
      return written;
    });
    expect(statements).toBe(1);
    expect(first).toBe(FOLLOWERS);
    expect(await rowsWithPrefix(prefix)).toEqual({ n: FOLLOWERS, users: FOLLOWERS });

    const again = await ctx.deps.db.transaction(fanOut);
    expect(again).toBe(0);
    expect(await rowsWithPrefix(prefix)).toEqual({ n: FOLLOWERS, users: FOLLOWERS });
    const [one] = await ctx.deps.db
      .select()
      .from(schema.outbox)
      .where(like(schema.outbox.dedupeKey, `${prefix}%`))
      .limit(1);
    expect(one).toMatchObject({
      kind: 'campaign_live',
      status: 'pending',
      payload: { campaignSlug: 'launch', campaignTitle: 'Launch', kcash: null },
    });
    expect(one!.dedupeKey).toBe(`${prefix}${one!.userId}`);
  });

  it('a fan-out rolled back with its transaction leaves nothing', async () => {
    const prefix = `clan_deleted:${randomUUID()}:`;
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        await enqueueFanOut(tx, {
          kind: 'clan_deleted',
          recipients: followers(),
          dedupeKeyPrefix: prefix,
          payload: { clanName: 'Gone', clanId: 'x' },
        });
        throw new Error('the change it announced failed');
      }),
    ).rejects.toThrow('the change it announced failed');
    expect((await rowsWithPrefix(prefix)).n).toBe(0);
  });

  it('a list of notifications, each with its own payload, is one statement; known keys are kept as they were', async () => {
    const users = await ctx.deps.db.execute(sql`${followers()} limit 3`);
    const ids = (Array.isArray(users) ? users : (users as { rows: unknown[] }).rows).map(
      (r) => (r as { user_id: string }).user_id,
    );
    const prefix = `klash-results:${randomUUID()}:`;
    const list = ids.map((userId, i) => ({
      kind: 'klash' as const,
      userId,
      dedupeKey: `${prefix}${userId}`,
      payload: { event: 'results', rank: i + 1 },
    }));
    let statements = 0;
    const written = await ctx.deps.db.transaction(async (tx) => {
      const counted = countingTx(tx);
      const n = await enqueueNotifications(counted.tx, list);
      statements = counted.statements();
      return n;
    });
    expect(statements).toBe(1);
    expect(written).toBe(3);
    // Again with other payloads: nothing is written or changed.
    const again = await ctx.deps.db.transaction((tx) =>
      enqueueNotifications(
        tx,
        list.map((n) => ({ ...n, payload: { event: 'results', rank: 99 } })),
      ),
    );
    expect(again).toBe(0);
    const rows = await ctx.deps.db
      .select({ userId: schema.outbox.userId, payload: schema.outbox.payload })
      .from(schema.outbox)
      .where(like(schema.outbox.dedupeKey, `${prefix}%`));
    expect(rows.map((r) => r.payload.rank).sort()).toEqual([1, 2, 3]);
    expect(await ctx.deps.db.transaction((tx) => enqueueNotifications(tx, []))).toBe(0);
  });

  it.runIf(kind === 'postgres')(
    'two transactions fanning out the same message at once write each key once',
    async () => {
      const prefix = `hub-new-quest:${randomUUID()}:`;
      const fanOut = () =>
        ctx.deps.db.transaction((tx) =>
          enqueueFanOut(tx, {
            kind: 'hub_new_quest',
            recipients: followers(),
            dedupeKeyPrefix: prefix,
            payload: { questSlug: 'q', questTitle: 'Q' },
          }),
        );
      const written = await Promise.all([fanOut(), fanOut(), fanOut()]);
      expect(written.reduce((a, b) => a + b, 0)).toBe(FOLLOWERS);
      expect(await rowsWithPrefix(prefix)).toEqual({ n: FOLLOWERS, users: FOLLOWERS });
      const pending = await ctx.deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.outbox)
        .where(and(like(schema.outbox.dedupeKey, `${prefix}%`), eq(schema.outbox.status, 'pending')));
      expect(pending[0]!.n).toBe(FOLLOWERS);
    },
  );
});
