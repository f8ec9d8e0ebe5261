import { OPERATOR_LOCAL_ONLY_MESSAGE, operatorsRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { mount } from '../../lib/route.ts';
import { mayUseLocalAdmin } from './local-admin.ts';
import { createOperator, listOperatorActions } from './operators.ts';

/**
 * The operators' own routes: the audit log, and the local admin door through which the CLI makes an operator
 * while this server holds the embedded database. The catalogue routes are mounted by the capability that owns
 * what they write (quests/quest-operators.routes.ts, games/game-operators.routes.ts,
 * campaigns/campaign-operators.routes.ts, klash/klash-operators.routes.ts, content/content.routes.ts).
 */
export function operatorsRouter() {
  const app = new Hono<AppEnv>();
  mount(app, operatorsRoutes.operatorActions, async ({ c, query }) => ({
    data: { actions: await listOperatorActions(c.get('deps').db, query.limit) },
  }));
  // The operator CLI while this server holds the embedded database (local-admin.ts).
  mount(app, operatorsRoutes.operatorLocalCreate, async ({ c, body }) => {
    if (!mayUseLocalAdmin(c)) throw new AppError(403, OPERATOR_LOCAL_ONLY_MESSAGE);
    const made = await createOperator(c.get('deps').db, body.name);
    c.get('log').info('operator token made through the local admin door', { operator: made.name });
    return { data: made, message: 'Operator created' };
  });
  return app;
}
