import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';

/**
 * Operators' analytics: aggregates of the stored analytics events (SPEC §3 fields, §4 sessions) and of
 * the UTM links, read from a daily rollup. Days are UTC calendar days, `YYYY-MM-DD`.
 */

export const ANALYTICS_MAX_RANGE_DAYS = 366;
export const ANALYTICS_DEFAULT_RANGE_DAYS = 30;

/** Events the API itself records (channel `server`), once each, from the accounts, quests and earnings. */
export const SERVER_ANALYTICS_EVENTS = {
  signUp: 'sign_up',
  firstQuest: 'first_quest_complete',
  firstCollect: 'first_earning_collect',
} as const;

export const ANALYTICS_CHANNELS = ['website', 'app', 'server'] as const;
export const ANALYTICS_DEVICES = ['Mobile', 'DeskTop', 'Others'] as const;
export const ANALYTICS_LOCATIONS = ['India', 'Brazil', 'Others'] as const;

export const FUNNEL_STEPS = ['visit', 'sign_up', 'first_quest', 'first_collect'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const ANALYTICS_REPORTS = ['overview', 'funnel', 'signups', 'utm'] as const;
export type AnalyticsReport = (typeof ANALYTICS_REPORTS)[number];

export const ANALYTICS_RANGE_MESSAGE = `The range must go forward and span at most ${ANALYTICS_MAX_RANGE_DAYS} days.`;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = lazySchema(() =>
  z
    .string()
    .regex(DAY_PATTERN, { message: 'Dates are YYYY-MM-DD.' })
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: 'Dates are YYYY-MM-DD.',
      },
    ),
);

const DAY_MS = 86_400_000;
const rangeOk = (r: { from?: string; to?: string }) => {
  if (!r.from || !r.to) return true;
  const span = (Date.parse(r.to) - Date.parse(r.from)) / DAY_MS;
  return span >= 0 && span < ANALYTICS_MAX_RANGE_DAYS;
};

/** `from`/`to` inclusive; left out: the last 30 days up to today. */
export const analyticsRangeQuerySchema = lazySchema(() =>
  z
    .object({ from: daySchema.optional(), to: daySchema.optional() })
    .strict()
    .refine(rangeOk, { message: ANALYTICS_RANGE_MESSAGE }),
);

export const analyticsExportQuerySchema = lazySchema(() =>
  z
    .object({ report: z.enum(ANALYTICS_REPORTS), from: daySchema.optional(), to: daySchema.optional() })
    .strict()
    .refine(rangeOk, { message: ANALYTICS_RANGE_MESSAGE }),
);

const count = lazySchema(() => z.number().int().min(0));
const rangeFields = {
  from: lazySchema(() => z.string()),
  to: lazySchema(() => z.string()),
  refreshedAt: lazySchema(() => z.string().nullable()),
};

export const analyticsOverviewSchema = lazySchema(() =>
  z.object({
    ...rangeFields,
    days: z.array(
      z.object({ day: z.string(), activeUsers: count, sessions: count, signUps: count, events: count }),
    ),
    totals: z.object({ sessions: count, signUps: count, events: count }),
    sessionsByChannel: z.array(z.object({ channel: z.string(), count })),
    sessionsByDevice: z.array(z.object({ device: z.string(), count })),
  }),
);
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

export const analyticsFunnelSchema = lazySchema(() =>
  z.object({
    ...rangeFields,
    steps: z.array(z.object({ step: z.enum(FUNNEL_STEPS), count })),
  }),
);
export type AnalyticsFunnel = z.infer<typeof analyticsFunnelSchema>;

export const analyticsSignupsSchema = lazySchema(() =>
  z.object({
    ...rangeFields,
    byMethod: z.array(z.object({ method: z.string(), count })),
    byCountry: z.array(z.object({ location: z.string(), count })),
    days: z.array(z.object({ day: z.string(), count })),
  }),
);
export type AnalyticsSignups = z.infer<typeof analyticsSignupsSchema>;

export const analyticsUtmSchema = lazySchema(() =>
  z.object({
    ...rangeFields,
    links: z.array(
      z.object({
        code: z.string(),
        targetType: z.string(),
        slug: z.string(),
        source: z.string(),
        medium: z.string(),
        campaign: z.string(),
        visits: count,
        signUps: count,
        questCompletions: count,
      }),
    ),
  }),
);
export type AnalyticsUtm = z.infer<typeof analyticsUtmSchema>;

export const analyticsRoutes = {
  analyticsOverview: defineRoute({
    method: 'GET',
    path: '/operator/analytics/overview',
    summary: 'Daily active users, sessions, sign-ups and events per day',
    tag: 'Analytics',
    auth: 'operator',
    query: analyticsRangeQuerySchema,
    response: analyticsOverviewSchema,
  }),
  analyticsFunnel: defineRoute({
    method: 'GET',
    path: '/operator/analytics/funnel',
    summary: 'Visit → sign-up → first quest → first collect',
    tag: 'Analytics',
    auth: 'operator',
    query: analyticsRangeQuerySchema,
    response: analyticsFunnelSchema,
  }),
  analyticsSignups: defineRoute({
    method: 'GET',
    path: '/operator/analytics/signups',
    summary: 'Sign-ups by method, by country and per day',
    tag: 'Analytics',
    auth: 'operator',
    query: analyticsRangeQuerySchema,
    response: analyticsSignupsSchema,
  }),
  analyticsUtm: defineRoute({
    method: 'GET',
    path: '/operator/analytics/utm',
    summary: 'Per UTM link: visits, sign-ups and quest completions',
    tag: 'Analytics',
    auth: 'operator',
    query: analyticsRangeQuerySchema,
    response: analyticsUtmSchema,
  }),
  analyticsExport: defineRoute({
    method: 'GET',
    path: '/operator/analytics/export.csv',
    summary: 'One report as CSV (text/csv)',
    tag: 'Analytics',
    auth: 'operator',
    query: analyticsExportQuerySchema,
    response: lazySchema(() => z.string().describe('text/csv')),
    document: true,
    mediaType: 'text/csv',
  }),
} as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const analyticsMessages = {
  ANALYTICS_RANGE: ANALYTICS_RANGE_MESSAGE,
} as const;
