import { SERVER_ANALYTICS_EVENTS } from '@khel/core/contract';
import { schema } from '@khel/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { queryRows } from '../../lib/query-rows.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { createOperator } from '../operators/operators.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { newQuest } from '../quests/quests.test-support.ts';
import { runAnalyticsRollup } from './rollup.ts';

const DAY = 86_400_000;
const CHANNELS = ['website', 'app', null] as const;
const DEVICES = ['Mobile', 'DeskTop', 'Others', null] as const;
const NAMES = ['session_start', 'page_view', 'first_page_load', 'session_end'] as const;

interface RandomEvent {
  dayOffset: number;
  ms: number;
  name: string;
  user: string | null;
  channel: string | null;
  device: string | null;
}

describe.each(DB_KINDS)('operators’ analytics on %s', (kind) => {
  let ctx: TestContext;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    auth = { authorization: `Operator ${(await createOperator(ctx.deps.db, `analytics-${kind}`)).token}` };
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = (path: string) => ctx.json(path, { headers: auth });
  const dayOf = (d: Date) => d.toISOString().slice(0, 10);

  it('refuses without operator credentials and refuses bad ranges', async () => {
    expect((await ctx.json('/operator/analytics/overview')).status).toBe(401);
    expect((await ctx.json('/operator/analytics/export.csv?report=funnel')).status).toBe(401);
    expect((await get('/operator/analytics/funnel?from=2026-02-30')).status).toBe(400);
    expect((await get('/operator/analytics/funnel?from=2026-03-01&to=2026-01-01')).status).toBe(400);
    expect((await get('/operator/analytics/funnel?from=2024-01-01&to=2026-01-01')).status).toBe(400);
    expect((await get('/operator/analytics/export.csv?report=nope')).status).toBe(400);
  });

  it('the gateway stores the SPEC §3 fields in typed columns', async () => {
    const userId = crypto.randomUUID();
    const details = {
      userId,
      analyticSessionId: 's-1',
      channel: 'website',
      device: 'Mobile',
      location: 'Brazil',
      entryPoint: 'Home_Page',
      timestamp: new Date(ctx.now().getTime() - 60_000).toISOString(),
    };
    const res = await ctx.json(
      `/analytics/event?eventName=session_start&eventId=e-typed&details=${encodeURIComponent(JSON.stringify(details))}`,
    );
    expect(res.status).toBe(202);
    const [row] = await queryRows<Record<string, unknown>>(
      ctx.deps.db,
      sql`select user_id::text, analytic_session_id, channel, device, location, entry_point, occurred_at
          from analytics_events where event_id = 'e-typed'`,
    );
    expect(row).toMatchObject({
      user_id: userId,
      analytic_session_id: 's-1',
      channel: 'website',
      device: 'Mobile',
      location: 'Brazil',
      entry_point: 'Home_Page',
    });
    expect(new Date(row!.occurred_at as string).toISOString()).toBe(details.timestamp);
    // A client cannot pass as the server, nor move its event a year back.
    const forged = { ...details, channel: 'server', timestamp: '2020-01-01T00:00:00Z' };
    await ctx.json(
      `/analytics/event?eventName=sign_up&eventId=sign_up:${userId}&details=${encodeURIComponent(JSON.stringify(forged))}`,
    );
    const [f] = await queryRows<{ channel: string | null; occurred_at: string }>(
      ctx.deps.db,
      sql`select channel, occurred_at from analytics_events where event_id = ${`sign_up:${userId}`}`,
    );
    expect(f!.channel).toBeNull();
    expect(new Date(f!.occurred_at).getFullYear()).toBeGreaterThan(2020);
  });

  it('records sign-ups, first quests and first collects once, whatever the number of runs', async () => {
    const before = (await get('/operator/analytics/funnel')).body.data.steps;
    const step = (steps: { step: string; count: number }[], name: string) =>
      steps.find((s) => s.step === name)!.count;
    const a = await signedInUser(ctx, { phoneNumber: '+5511987654321' });
    const b = await signedInUser(ctx);
    const quest = await newQuest(ctx, [{ title: 'Code', config: { type: 'create_referral' } }]);
    const other = await newQuest(ctx, [{ title: 'Code', config: { type: 'create_referral' } }]);
    await ctx.deps.db.insert(schema.userQuests).values([
      { userId: a.user.id, questId: quest.id, completedAt: ctx.now() },
      { userId: a.user.id, questId: other.id, completedAt: ctx.now() },
      { userId: b.user.id, questId: quest.id },
    ]);
    await runAnalyticsRollup(ctx.deps);
    await runAnalyticsRollup(ctx.deps);
    const after = (await get('/operator/analytics/funnel')).body.data.steps;
    expect(step(after, 'sign_up') - step(before, 'sign_up')).toBe(2);
    expect(step(after, 'first_quest') - step(before, 'first_quest')).toBe(1);
    const signups = (await get('/operator/analytics/signups')).body.data;
    expect(
      signups.byCountry.find((c: { location: string }) => c.location === 'Brazil')?.count,
    ).toBeGreaterThanOrEqual(1);
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.deps.db,
      sql`select count(*)::int as n from analytics_events where event_name = ${SERVER_ANALYTICS_EVENTS.signUp} and user_id = ${a.user.id}::uuid`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('places a sign-up without a phone number where the account was made (IP, else Telegram language)', async () => {
    const country = async (location: string) =>
      (await get('/operator/analytics/signups')).body.data.byCountry
        .filter((c: { location: string }) => c.location === location)
        .reduce((n: number, c: { count: number }) => n + c.count, 0) as number;
    await runAnalyticsRollup(ctx.deps);
    const before = {
      india: await country('India'),
      brazil: await country('Brazil'),
      others: await country('Others'),
    };
    const made = async (fields: Partial<typeof schema.users.$inferInsert>) =>
      ctx.deps.db.insert(schema.users).values({ createdAt: ctx.now(), ...fields });
    await made({ signupCountry: 'IN' });
    await made({ signupCountry: 'BR' });
    await made({ signupCountry: 'BR' });
    await made({ signupCountry: 'US' });
    await made({});
    // A phone number decides: a Brazilian number made in India is Brazil, a number from elsewhere Others.
    await made({ phoneNumber: '+5511912345678', signupCountry: 'IN' });
    await made({ phoneNumber: '+14155550123', signupCountry: 'IN' });
    await runAnalyticsRollup(ctx.deps);
    expect({
      india: (await country('India')) - before.india,
      brazil: (await country('Brazil')) - before.brazil,
      others: (await country('Others')) - before.others,
    }).toEqual({ india: 1, brazil: 3, others: 3 });
  });

  it('the rollup equals a direct count over random events, also after more arrive', async () => {
    const base = Date.parse('2025-03-10T00:00:00Z');
    const from = '2025-03-10';
    const to = '2025-03-14';
    const users = Array.from({ length: 7 }, () => crypto.randomUUID());
    const event = fc.record({
      dayOffset: fc.integer({ min: 0, max: 4 }),
      ms: fc.integer({ min: 0, max: DAY - 1 }),
      name: fc.constantFrom(...NAMES),
      user: fc.option(fc.constantFrom(...users), { nil: null }),
      channel: fc.constantFrom(...CHANNELS),
      device: fc.constantFrom(...DEVICES),
    });
    const insert = async (events: RandomEvent[]) => {
      if (events.length === 0) return;
      await ctx.deps.db.insert(schema.analyticsEvents).values(
        events.map((e, i) => ({
          eventName: e.name,
          eventId: `rand-${crypto.randomUUID()}-${i}`,
          details: { x: '1' },
          occurredAt: new Date(base + e.dayOffset * DAY + e.ms),
          receivedAt: ctx.now(),
          userId: e.user,
          channel: e.channel,
          device: e.device,
        })),
      );
    };
    const direct = async () => {
      const rows = await queryRows<{ day: string; events: number; active: number; sessions: number }>(
        ctx.deps.db,
        sql`select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as events,
              count(distinct user_id) filter (where channel is distinct from 'server')::int as active,
              count(*) filter (where event_name = 'session_start' and channel is distinct from 'server')::int as sessions
            from analytics_events
            where occurred_at >= ${`${from}T00:00:00Z`}::timestamptz and occurred_at < ${'2025-03-15T00:00:00Z'}::timestamptz
            group by 1 order by 1`,
      );
      return new Map(rows.map((r) => [r.day, r]));
    };
    const check = async () => {
      await runAnalyticsRollup(ctx.deps);
      const counted = await direct();
      const overview = (await get(`/operator/analytics/overview?from=${from}&to=${to}`)).body.data;
      expect(overview.days).toHaveLength(5);
      for (const d of overview.days) {
        const c = counted.get(d.day);
        expect([d.day, d.events, d.activeUsers, d.sessions]).toEqual([
          d.day,
          c?.events ?? 0,
          c?.active ?? 0,
          c?.sessions ?? 0,
        ]);
      }
      const funnel = (await get(`/operator/analytics/funnel?from=${from}&to=${to}`)).body.data;
      const sessions = [...counted.values()].reduce((s, r) => s + r.sessions, 0);
      expect(funnel.steps[0]).toEqual({ step: 'visit', count: sessions });
      const byChannel = overview.sessionsByChannel.reduce(
        (s: number, c: { count: number }) => s + c.count,
        0,
      );
      expect(byChannel).toBe(sessions);
    };
    const samples = fc.sample(fc.array(event, { minLength: 50, maxLength: 300 }), { numRuns: 3, seed: 1414 });
    for (const batch of samples) {
      await insert(batch);
      ctx.advance(60_000);
      await check();
    }
  });

  it('exports each report as CSV', async () => {
    const today = dayOf(ctx.now());
    for (const report of ['overview', 'funnel', 'signups', 'utm']) {
      const res = await ctx.app.request(
        `/operator/analytics/export.csv?report=${report}&from=${today}&to=${today}`,
        {
          headers: auth,
        },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toContain(`khel-${report}-${today}-${today}.csv`);
      const text = await res.text();
      expect(text.endsWith('\r\n')).toBe(true);
    }
    const funnel = await (
      await ctx.app.request(`/operator/analytics/export.csv?report=funnel&from=${today}&to=${today}`, {
        headers: auth,
      })
    ).text();
    expect(funnel.split('\r\n')[0]).toBe('step,count');
    expect(funnel).toContain('visit,');
  });
});
