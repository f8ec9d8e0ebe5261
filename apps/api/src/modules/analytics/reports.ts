import {
  ANALYTICS_DEFAULT_RANGE_DAYS,
  type AnalyticsFunnel,
  type AnalyticsOverview,
  type AnalyticsSignups,
  type AnalyticsUtm,
  FUNNEL_STEPS,
} from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../lib/query-rows.ts';
import { utmLinkResults } from '../utm/index.ts';
import { lastRefresh } from './rollup.ts';

const DAY_MS = 86_400_000;

export interface DayRange {
  from: string;
  to: string;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** `from`/`to` as asked; left out, the 30 days up to today (UTC). */
export function resolveRange(query: { from?: string; to?: string }, now: Date): DayRange {
  const to =
    query.to ??
    (query.from
      ? dayOf(new Date(Date.parse(query.from) + (ANALYTICS_DEFAULT_RANGE_DAYS - 1) * DAY_MS))
      : dayOf(now));
  const from = query.from ?? dayOf(new Date(Date.parse(to) - (ANALYTICS_DEFAULT_RANGE_DAYS - 1) * DAY_MS));
  return from <= to ? { from, to } : { from: to, to: from };
}

export function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let t = Date.parse(range.from); t <= Date.parse(range.to); t += DAY_MS) out.push(dayOf(new Date(t)));
  return out;
}

interface RollupRow {
  day: string;
  metric: string;
  dim1: string;
  dim2: string;
  value: number;
}

async function rollupRows(db: Executor, range: DayRange, metrics: string[]): Promise<RollupRow[]> {
  const rows = await queryRows<RollupRow>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, metric, dim1, dim2, value::float8 as value
        from analytics_daily
        where day between ${range.from}::date and ${range.to}::date
          and metric in (${sql.join(
            metrics.map((m) => sql`${m}`),
            sql`, `,
          )})`,
  );
  return rows.map((r) => ({ ...r, value: Number(r.value) }));
}

const sumBy = <K extends string>(rows: RollupRow[], key: (r: RollupRow) => K) => {
  const out = new Map<K, number>();
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + r.value);
  return out;
};

const sorted = <N extends string>(map: Map<string, number>, name: N) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, count]) => ({ [name]: k, count }) as { [P in N]: string } & { count: number });

const stamp = async (db: Executor, range: DayRange) => ({
  ...range,
  refreshedAt: (await lastRefresh(db))?.toISOString() ?? null,
});

export async function overviewReport(db: Executor, range: DayRange): Promise<AnalyticsOverview> {
  const rows = await rollupRows(db, range, ['events', 'active_users', 'sessions', 'sign_ups']);
  const of = (metric: string) => rows.filter((r) => r.metric === metric);
  const perDay = (metric: string) => sumBy(of(metric), (r) => r.day);
  const [events, active, sessions, signUps] = [
    perDay('events'),
    perDay('active_users'),
    perDay('sessions'),
    perDay('sign_ups'),
  ];
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return {
    ...(await stamp(db, range)),
    days: daysOf(range).map((day) => ({
      day,
      activeUsers: active.get(day) ?? 0,
      sessions: sessions.get(day) ?? 0,
      signUps: signUps.get(day) ?? 0,
      events: events.get(day) ?? 0,
    })),
    totals: { sessions: total(sessions), signUps: total(signUps), events: total(events) },
    sessionsByChannel: sorted(
      sumBy(of('sessions'), (r) => r.dim1),
      'channel',
    ),
    sessionsByDevice: sorted(
      sumBy(of('sessions'), (r) => r.dim2),
      'device',
    ),
  };
}

const FUNNEL_METRIC = {
  visit: 'sessions',
  sign_up: 'sign_ups',
  first_quest: 'first_quest',
  first_collect: 'first_collect',
} as const;

/** Visits are analytics sessions started (SPEC §4 session_start); the other steps are server events. */
export async function funnelReport(db: Executor, range: DayRange): Promise<AnalyticsFunnel> {
  const rows = await rollupRows(db, range, Object.values(FUNNEL_METRIC));
  const totals = sumBy(rows, (r) => r.metric);
  return {
    ...(await stamp(db, range)),
    steps: FUNNEL_STEPS.map((step) => ({ step, count: totals.get(FUNNEL_METRIC[step]) ?? 0 })),
  };
}

export async function signupsReport(db: Executor, range: DayRange): Promise<AnalyticsSignups> {
  const rows = await rollupRows(db, range, ['sign_ups']);
  const perDay = sumBy(rows, (r) => r.day);
  return {
    ...(await stamp(db, range)),
    byMethod: sorted(
      sumBy(rows, (r) => r.dim1),
      'method',
    ),
    byCountry: sorted(
      sumBy(rows, (r) => r.dim2),
      'location',
    ),
    days: daysOf(range).map((day) => ({ day, count: perDay.get(day) ?? 0 })),
  };
}

export async function utmReport(db: Executor, range: DayRange): Promise<AnalyticsUtm> {
  const from = new Date(`${range.from}T00:00:00Z`);
  const until = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS);
  return { ...(await stamp(db, range)), links: await utmLinkResults(db, { from, until }) };
}
