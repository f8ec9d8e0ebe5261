import { type AnalyticsReport, analyticsRoutes } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { checkRouteAccess, mount, parseRouteInput } from '../../lib/route.ts';
import { toCsv } from './csv.ts';
import {
  type DayRange,
  funnelReport,
  overviewReport,
  resolveRange,
  signupsReport,
  utmReport,
} from './reports.ts';

/** One report as a header and rows, for the CSV export. */
async function reportTable(
  db: Executor,
  report: AnalyticsReport,
  range: DayRange,
): Promise<[string[], (string | number)[][]]> {
  switch (report) {
    case 'overview': {
      const r = await overviewReport(db, range);
      return [
        ['day', 'active_users', 'sessions', 'sign_ups', 'events'],
        r.days.map((d) => [d.day, d.activeUsers, d.sessions, d.signUps, d.events]),
      ];
    }
    case 'funnel': {
      const r = await funnelReport(db, range);
      return [['step', 'count'], r.steps.map((s) => [s.step, s.count])];
    }
    case 'signups': {
      const r = await signupsReport(db, range);
      return [
        ['dimension', 'value', 'count'],
        [
          ...r.byMethod.map((m) => ['method', m.method, m.count]),
          ...r.byCountry.map((m) => ['location', m.location, m.count]),
          ...r.days.map((d) => ['day', d.day, d.count]),
        ],
      ];
    }
    case 'utm': {
      const r = await utmReport(db, range);
      return [
        [
          'code',
          'target_type',
          'slug',
          'source',
          'medium',
          'campaign',
          'visits',
          'sign_ups',
          'quest_completions',
        ],
        r.links.map((l) => [
          l.code,
          l.targetType,
          l.slug,
          l.source,
          l.medium,
          l.campaign,
          l.visits,
          l.signUps,
          l.questCompletions,
        ]),
      ];
    }
  }
}

export function analyticsRouter() {
  const app = new Hono<AppEnv>();
  const range = (c: { get(k: 'deps'): AppEnv['Variables']['deps'] }, q: { from?: string; to?: string }) =>
    resolveRange(q, c.get('deps').clock());
  mount(app, analyticsRoutes.analyticsOverview, async ({ c, query }) => ({
    data: await overviewReport(c.get('deps').db, range(c, query)),
  }));
  mount(app, analyticsRoutes.analyticsFunnel, async ({ c, query }) => ({
    data: await funnelReport(c.get('deps').db, range(c, query)),
  }));
  mount(app, analyticsRoutes.analyticsSignups, async ({ c, query }) => ({
    data: await signupsReport(c.get('deps').db, range(c, query)),
  }));
  mount(app, analyticsRoutes.analyticsUtm, async ({ c, query }) => ({
    data: await utmReport(c.get('deps').db, range(c, query)),
  }));
  app.get(analyticsRoutes.analyticsExport.path, async (c) => {
    await checkRouteAccess(c, analyticsRoutes.analyticsExport);
    const { query } = await parseRouteInput(c, analyticsRoutes.analyticsExport, { body: false });
    const r = range(c, query);
    const [header, rows] = await reportTable(c.get('deps').db, query.report, r);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="khel-${query.report}-${r.from}-${r.to}.csv"`);
    c.header('Cache-Control', 'no-store');
    return c.body(toCsv(header, rows), 200);
  });
  return app;
}
