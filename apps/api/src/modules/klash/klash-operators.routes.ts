import { klashRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mount } from '../../lib/route.ts';
import { cancelTournament, openTournament, upsertTournament } from './klash.ts';
import { recordScores } from './leaderboard.ts';
import { disputedMatches, settleMatch } from './matches.ts';

/** The operator side of Klash (auth 'operator'): create/edit drafts, open, cancel, disputes, settle, scores. */
export function klashOperatorsRouter() {
  const app = new Hono<AppEnv>();
  const actorOf = (c: { get(key: 'operator'): { id: string; name: string } }) => {
    const operator = c.get('operator');
    return { operatorId: operator.id, name: operator.name };
  };

  mount(app, klashRoutes.operatorKlashUpsert, async ({ c, body }) => {
    const deps = c.get('deps');
    const { row, created } = await deps.db.transaction((tx) =>
      upsertTournament(tx, body, actorOf(c), deps.clock()),
    );
    return { data: { id: row.id, slug: row.slug, status: row.status }, status: created ? 201 : 200 };
  });

  mount(app, klashRoutes.operatorKlashOpen, async ({ c, params }) => {
    const deps = c.get('deps');
    const row = await deps.db.transaction((tx) => openTournament(tx, params.slug, actorOf(c), deps.clock()));
    return { data: { id: row.id, slug: row.slug, status: row.status } };
  });

  mount(app, klashRoutes.operatorKlashCancel, async ({ c, params, body }) => {
    const deps = c.get('deps');
    const data = await deps.db.transaction((tx) =>
      cancelTournament(tx, params.slug, body.reason, actorOf(c), deps.clock()),
    );
    return { data };
  });

  mount(app, klashRoutes.operatorKlashDisputes, async ({ c, params }) => ({
    data: await disputedMatches(c.get('deps').db, params.slug),
  }));

  mount(app, klashRoutes.operatorKlashSettle, async ({ c, params, body }) => {
    const deps = c.get('deps');
    const match = await deps.db.transaction((tx) =>
      settleMatch(tx, { matchId: params.matchId, winnerEntryId: body.winnerEntryId, now: deps.clock() }),
    );
    return { data: { match } };
  });

  mount(app, klashRoutes.operatorKlashScores, async ({ c, params, body }) => {
    const deps = c.get('deps');
    const recorded = await deps.db.transaction((tx) =>
      recordScores(tx, params.slug, body.scores, deps.clock()),
    );
    return { data: { recorded } };
  });

  return app;
}
