import { accountDeletionRoutes, DELETION_CANCELLED_MESSAGE } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { cancelAccountDeletion, deletionStateOf, requestAccountDeletion } from './account-deletion.ts';

/** GET, POST and DELETE /users/me/deletion-request: ask for the account to be deleted, see when, cancel (SPEC §3). */
export function accountDeletionRouter() {
  const app = new Hono<AppEnv>();

  mount(app, accountDeletionRoutes.deletionState, ACTIVE_USER, async ({ c, user }) => {
    const deps = c.get('deps');
    return { data: deletionStateOf(deps, user) };
  });

  mount(app, accountDeletionRoutes.requestDeletion, ACTIVE_USER, async ({ c, user }) => {
    const deps = c.get('deps');
    const state = await requestAccountDeletion(deps, user);
    return {
      data: state,
      message: `Your account will be deleted on ${state.dueAt}. You can cancel until then.`,
    };
  });

  mount(app, accountDeletionRoutes.cancelDeletion, ACTIVE_USER, async ({ c, user }) => {
    const deps = c.get('deps');
    return { data: await cancelAccountDeletion(deps, user), message: DELETION_CANCELLED_MESSAGE };
  });

  return app;
}
