import {
  KLASH_RATE_LIMITED_MESSAGE,
  KLASH_REGISTERED_MESSAGE,
  KLASH_RESULT_AGREED_MESSAGE,
  KLASH_RESULT_DISPUTED_MESSAGE,
  KLASH_RESULT_RECORDED_MESSAGE,
  KLASH_WITHDRAWN_MESSAGE,
  klashRoutes,
} from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { mountIdempotent } from '../../lib/idempotency.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { ACTIVE_USER, bearerToken, mount } from '../../lib/route.ts';
import { listTournaments, register, tournamentDetails, withdraw } from './klash.ts';
import { leaderboardView } from './leaderboard.ts';
import { bracketView, myMatches, reportResult } from './matches.ts';

/** Money writes and reports per user per hour (a user registering in many tournaments stays far below). */
export const KLASH_WRITES_PER_HOUR = 30;
export const KLASH_REPORTS_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;

/** Public pages show the reader's own entry when a valid token comes along; no token or a bad one reads as signed out. */
async function viewerOf(c: Context<AppEnv>): Promise<string | null> {
  const token = bearerToken(c);
  if (!token) return null;
  try {
    return await c.get('deps').access.userIdOfAccessToken(token);
  } catch {
    return null;
  }
}

async function limit(db: Executor, key: string, max: number, now: Date) {
  const hit = await hitRateLimit(db, key, max, HOUR_MS, now);
  if (!hit.allowed)
    throw new AppError(
      429,
      KLASH_RATE_LIMITED_MESSAGE,
      { retryAfter: hit.retryAfterMs },
      { 'Retry-After': String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000))) },
    );
}

export function klashRouter() {
  const app = new Hono<AppEnv>();

  mount(app, klashRoutes.klashTournaments, async ({ c, query }) => {
    const deps = c.get('deps');
    return { data: await listTournaments(deps.db, query, deps.clock()) };
  });

  mount(app, klashRoutes.klashTournament, async ({ c, params }) => {
    const deps = c.get('deps');
    return { data: await tournamentDetails(deps.db, params.tournament, await viewerOf(c), deps.clock()) };
  });

  mountIdempotent(app, klashRoutes.klashRegister, ACTIVE_USER, async ({ c, tx, params, body, userId }) => {
    const now = c.get('deps').clock();
    await limit(tx, `klash-write:user:${userId}`, KLASH_WRITES_PER_HOUR, now);
    const data = await register(tx, { tournamentId: params.tournamentId, userId, body, now });
    return { data, message: KLASH_REGISTERED_MESSAGE, status: 201 };
  });

  mountIdempotent(app, klashRoutes.klashWithdraw, ACTIVE_USER, async ({ c, tx, params, userId }) => {
    const now = c.get('deps').clock();
    await limit(tx, `klash-write:user:${userId}`, KLASH_WRITES_PER_HOUR, now);
    const data = await withdraw(tx, { tournamentId: params.tournamentId, userId, now });
    return { data, message: KLASH_WITHDRAWN_MESSAGE };
  });

  mount(app, klashRoutes.klashBracket, async ({ c, params }) => ({
    data: await bracketView(c.get('deps').db, params.tournamentId, await viewerOf(c)),
  }));

  mount(app, klashRoutes.klashLeaderboard, async ({ c, params, query }) => ({
    data: await leaderboardView(c.get('deps').db, params.tournamentId, query.limit, await viewerOf(c)),
  }));

  mount(app, klashRoutes.klashMyMatches, async ({ c }) => ({
    data: await myMatches(c.get('deps').db, c.get('userId')),
  }));

  mount(app, klashRoutes.klashReport, ACTIVE_USER, async ({ c, params, body, user }) => {
    const deps = c.get('deps');
    const now = deps.clock();
    const match = await deps.db.transaction(async (tx) => {
      await limit(tx, `klash-report:user:${user.id}`, KLASH_REPORTS_PER_HOUR, now);
      return reportResult(tx, {
        matchId: params.matchId,
        userId: user.id,
        result: body.result,
        score: body.score ?? null,
        now,
      });
    });
    const message =
      match.state === 'settled'
        ? KLASH_RESULT_AGREED_MESSAGE
        : match.state === 'disputed'
          ? KLASH_RESULT_DISPUTED_MESSAGE
          : KLASH_RESULT_RECORDED_MESSAGE;
    return { data: { match }, message };
  });

  return app;
}
