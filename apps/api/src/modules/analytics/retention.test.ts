import { SERVER_ANALYTICS_EVENTS } from '@khel/core/contract';
import { schema } from '@khel/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runDueJobs, scheduleRecurringJob } from '../../lib/jobs.ts';
import { planOnIndexes } from '../../lib/query-plan.test-support.ts';
import { queryRows } from '../../lib/query-rows.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { createOperator } from '../operators/operators.ts';
import {
  ANALYTICS_PRUNE_EVERY_MS,
  ANALYTICS_PRUNE_JOB,
  analyticsPruneVictims,
  pruneAnalyticsEvents,
} from './retention.ts';
import { runAnalyticsRollup } from './rollup.ts';

const DAY = 86_400_000;
const RETENTION_DAYS = 3;
const NAMES = ['session_start', 'page_view', 'session_end'] as const;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

describe.each(DB_KINDS)('analytics retention on %s', (kind) => {
  let ctx: TestContext;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {
      ANALYTICS_EVENTS_RETENTION_DAYS: String(RETENTION_DAYS),
    });
    auth = { authorization: `Operator ${(await createOperator(ctx.deps.db, `retention-${kind}`)).token}` };
    // Noon UTC, so which days are whole does not depend on when the test runs.
    ctx.advance(DAY - ((ctx.now().getTime() - DAY / 2) % DAY));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const count = async (where: ReturnType<typeof sql>) =>
    (
      await queryRows<{ n: number }>(
        ctx.deps.db,
        sql`select count(*)::int as n from analytics_events where ${where}`,
      )
    )[0]!.n;
  const clientEvents = () => count(sql`channel is distinct from 'server'`);
  const serverEvents = () => count(sql`channel = 'server'`);

  /** Every report over the days of the test, less when the rollup last ran. */
  const reports = async (from: string, to: string) => {
    const out: Record<string, unknown> = {};
    for (const report of ['overview', 'funnel', 'signups', 'utm']) {
      const res = await ctx.json(`/operator/analytics/${report}?from=${from}&to=${to}`, { headers: auth });
      expect(res.status).toBe(200);
      const { refreshedAt: _, ...data } = res.body.data;
      out[report] = data;
    }
    return out;
  };

  it('prunes client events only once the rollup has closed their days, and every report answers the same', async () => {
    expect(ctx.deps.recurringJobs).toContainEqual({
      kind: ANALYTICS_PRUNE_JOB,
      everyMs: ANALYTICS_PRUNE_EVERY_MS,
    });
    const t0 = ctx.now().getTime();
    const users = Array.from({ length: 3 }, () => crypto.randomUUID());
    // Days 0 to 7 before today: 10 client events each (sessions, page views, three users, both channels) and
    // one sign-up, a server event.
    await ctx.deps.db.insert(schema.analyticsEvents).values(
      Array.from({ length: 8 }, (_, d) => [
        ...Array.from({ length: 10 }, (_, i) => ({
          eventName: NAMES[i % NAMES.length]!,
          eventId: `retention-${d}-${i}`,
          details: {},
          occurredAt: new Date(t0 - d * DAY - 60_000 * (i + 1)),
          receivedAt: new Date(t0 - d * DAY),
          userId: users[i % users.length]!,
          channel: i % 2 ? 'website' : 'app',
          device: 'Mobile',
        })),
        {
          eventName: SERVER_ANALYTICS_EVENTS.signUp,
          eventId: `${SERVER_ANALYTICS_EVENTS.signUp}:${crypto.randomUUID()}`,
          details: {},
          occurredAt: new Date(t0 - d * DAY - 30_000),
          receivedAt: new Date(t0 - d * DAY),
          userId: crypto.randomUUID(),
          channel: 'server',
          method: 'telegram',
          location: 'India',
        },
      ]).flat(),
    );
    // Nothing before the rollup has ever run.
    expect(await pruneAnalyticsEvents(ctx.deps, RETENTION_DAYS)).toBe(0);
    await runAnalyticsRollup(ctx.deps);
    const [from, to] = [dayOf(t0 - 9 * DAY), dayOf(t0 + 6 * DAY)];
    const before = await reports(from, to);
    expect((before.overview as { totals: { events: number } }).totals.events).toBe(88);

    // Five days on, the rollup has not run since t0: only the days it closed then go (a client event may be
    // received up to a day after it occurred), i.e. days 2 to 7, in batches of 10, at most 2 a call.
    ctx.advance(5 * DAY);
    expect(await pruneAnalyticsEvents(ctx.deps, RETENTION_DAYS, { batchSize: 10, maxBatches: 2 })).toBe(20);
    // The job, through the job runner, takes the rest of them.
    await scheduleRecurringJob(
      ctx.deps.db,
      { kind: ANALYTICS_PRUNE_JOB, everyMs: ANALYTICS_PRUNE_EVERY_MS },
      ctx.now(),
    );
    expect(await runDueJobs(ctx.deps, { limit: 5 })).toMatchObject({ taken: 1, done: 1 });
    expect(await clientEvents()).toBe(20);
    expect(
      await count(
        sql`channel is distinct from 'server' and occurred_at < ${new Date(t0 - DAY - DAY / 2).toISOString()}::timestamptz`,
      ),
    ).toBe(0);

    // Once the rollup has run, days 0 and 1 are past the retention and go too. Server events all stay.
    await runAnalyticsRollup(ctx.deps);
    expect(await pruneAnalyticsEvents(ctx.deps, RETENTION_DAYS)).toBe(20);
    expect(await clientEvents()).toBe(0);
    expect(await serverEvents()).toBe(8);
    expect(await reports(from, to)).toEqual(before);

    // A server event that lands on a pruned day (the watermarks keep that from happening) does not make
    // the rollup rebuild the day from what is left of it.
    await ctx.deps.db.insert(schema.analyticsEvents).values({
      eventName: SERVER_ANALYTICS_EVENTS.signUp,
      eventId: `${SERVER_ANALYTICS_EVENTS.signUp}:${crypto.randomUUID()}`,
      details: {},
      occurredAt: new Date(t0 - 3 * DAY),
      receivedAt: ctx.now(),
      userId: crypto.randomUUID(),
      channel: 'server',
      method: 'telegram',
      location: 'India',
    });
    ctx.advance(60_000);
    await runAnalyticsRollup(ctx.deps);
    expect(await reports(from, to)).toEqual(before);
  });

  it('each batch is an ordered range of analytics_events_client_occurred_idx', async () => {
    const plan = await planOnIndexes(ctx.deps.db, analyticsPruneVictims(ctx.now())(5_000));
    expect(plan).toContain('analytics_events_client_occurred_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
