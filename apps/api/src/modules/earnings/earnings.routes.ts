import { randomUUID } from 'node:crypto';
import { earningRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mountIdempotent } from '../../lib/idempotency.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { collectEarnings, taxInfo } from './collect.ts';
import { earningsAggregate, earningView, expireDueEarnings, grantEarning, listEarnings } from './earnings.ts';
import { payoutProviderOf } from './payout-provider.ts';
import { getPayout } from './payouts.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * /collect-earning/* (SPEC §7: list, aggregate, tax info, collect one, collect all; and a payout's
 * status) and, outside production, POST /dev/earnings. Reads first expire the user's earnings whose
 * time has passed, so what they show is current; the collects are money writes with an
 * Idempotency-Key.
 */
export function earningsRouter() {
  const app = new Hono<AppEnv>();

  mount(app, earningRoutes.earningsList, async ({ c, query }) => {
    const { db, clock } = c.get('deps');
    const userId = c.get('userId');
    await expireDueEarnings(db, clock(), { userId });
    return { data: await listEarnings(db, userId, query) };
  });

  mount(app, earningRoutes.earningsAggregate, async ({ c }) => {
    const { db, clock } = c.get('deps');
    const userId = c.get('userId');
    await expireDueEarnings(db, clock(), { userId });
    return { data: await earningsAggregate(db, userId) };
  });

  mount(app, earningRoutes.earningsTaxInfo, async ({ c, query }) => {
    const { db, clock } = c.get('deps');
    const userId = c.get('userId');
    const now = clock();
    await expireDueEarnings(db, now, { userId });
    return { data: await taxInfo(db, userId, query.earningId ?? null, now) };
  });

  // The id is checked (a UUID, else 404) by the contract's params before the key is claimed.
  mountIdempotent(app, earningRoutes.earningCollect, async ({ c, params, tx, userId, operationId }) => {
    const deps = c.get('deps');
    const result = await collectEarnings(tx, {
      userId,
      operationId,
      earningId: params.id,
      now: deps.clock(),
      provider: payoutProviderOf(deps.env)?.name ?? null,
    });
    return { data: result, message: result.payout ? 'Payout started' : 'Collected' };
  });

  mountIdempotent(app, earningRoutes.earningsCollectAll, async ({ c, tx, userId, operationId }) => {
    const deps = c.get('deps');
    const result = await collectEarnings(tx, {
      userId,
      operationId,
      earningId: null,
      now: deps.clock(),
      provider: payoutProviderOf(deps.env)?.name ?? null,
    });
    return { data: result, message: result.payout ? 'Payout started' : 'Collected' };
  });

  mount(app, earningRoutes.payout, async ({ c, params }) => ({
    data: await getPayout(c.get('deps').db, c.get('userId'), params.id),
  }));

  mount(app, earningRoutes.devGrantEarning, ACTIVE_USER, async ({ c, body, user }) => {
    const { db, clock } = c.get('deps');
    const now = clock();
    const { earning } = await db.transaction((tx) =>
      grantEarning(tx, {
        userId: user.id,
        amount: BigInt(body.amount),
        source: body.source ?? 'dev',
        title: body.title ?? 'Test earning',
        grantKey: `dev:${randomUUID()}`,
        expiresAt: body.expiresInHours ? new Date(now.getTime() + body.expiresInHours * HOUR_MS) : null,
        now,
      }),
    );
    return { data: earningView(earning), message: 'Earning granted' };
  });

  return app;
}
