import { createHash, timingSafeEqual } from 'node:crypto';
import { systemRoutes } from '@khel/core/contract';
import { schema } from '@khel/db';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { bearerToken, mount } from '../../lib/route.ts';
import { eventColumns } from '../analytics/index.ts';

export const ANALYTICS_EMPTY_MESSAGE = 'Analytics data is empty.';
const ANALYTICS_PER_IP_PER_MINUTE = 600;

/** `details` must be a JSON object of strings (SPEC §3: every field is sent as a string). */
function parseDetails(raw: string | undefined): Record<string, string> {
  if (raw === undefined) throw new AppError(400, ANALYTICS_EMPTY_MESSAGE);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError(400, 'details must be a JSON object.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError(400, 'details must be a JSON object.');
  }
  const entries = Object.entries(value);
  if (entries.length === 0) throw new AppError(400, ANALYTICS_EMPTY_MESSAGE);
  if (entries.length > 64 || !entries.every(([, v]) => typeof v === 'string')) {
    throw new AppError(400, 'details must hold at most 64 string fields.');
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** An operator's request: `Bearer <OPS_TOKEN>`, compared in constant time. */
function isOperator(presented: string | undefined, opsToken: string | undefined): boolean {
  if (!opsToken || !presented) return false;
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(presented), digest(opsToken));
}

export function systemRouter() {
  const app = new Hono<AppEnv>();

  mount(app, systemRoutes.health, async () => ({ data: { status: 'ok' as const } }));

  mount(app, systemRoutes.ready, async ({ c }) => {
    const { db, databaseKind, startedAt, version, clock, env, readReplica } = c.get('deps');
    try {
      await db.execute(sql`select 1`);
    } catch {
      throw new AppError(503, 'The database is not answering.', null, { 'Retry-After': '5' });
    }
    if (!isOperator(bearerToken(c), env.OPS_TOKEN)) return { data: { status: 'ok' as const } };
    return {
      data: {
        status: 'ok' as const,
        database: databaseKind,
        uptimeSeconds: Math.round((clock().getTime() - startedAt.getTime()) / 1000),
        version,
        // A replica that lags or is down is no reason to take the process out: its reads go to the primary.
        ...(readReplica ? { readReplica: readReplica.state() } : {}),
      },
    };
  });

  mount(app, systemRoutes.analyticsEvent, async ({ c, query }) => {
    const { db, clock } = c.get('deps');
    const details = parseDetails(query.details);
    const ip = clientIp(c);
    const hit = await hitRateLimit(db, `analytics:${ip}`, ANALYTICS_PER_IP_PER_MINUTE, 60_000, clock());
    if (!hit.allowed) throw new AppError(429, 'Too many events. Please slow down.');
    await db.insert(schema.analyticsEvents).values({
      eventName: query.eventName,
      eventId: query.eventId,
      gameId: query.gameId ?? null,
      accountId: query.accountId ?? null,
      details,
      ipAddress: ip,
      userAgent: c.req.header('user-agent')?.slice(0, 400) ?? null,
      ...eventColumns(details, clock()),
    });
    return { data: { stored: true as const }, message: 'Event stored' };
  });

  return app;
}
