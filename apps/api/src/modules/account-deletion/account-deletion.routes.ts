import { userRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mount } from '../../lib/route.ts';
import { requireActiveUser } from '../profile/profile.ts';
import { cancelAccountDeletion, deletionStateOf, requestAccountDeletion } from './account-deletion.ts';

/** GET, POST and DELETE /users/me/deletion-request: ask for the account to be deleted, see when, cancel (SPEC §3). */
export function accountDeletionRouter() {
  const app = new Hono<AppEnv>();

  mount(app, userRoutes.deletionState, async ({ c }) => {
    const deps = c.get('deps');
    const user = await requireActiveUser(deps.db, c.get('userId'));
    return { data: deletionStateOf(deps, user) };
  });

  mount(app, userRoutes.requestDeletion, async ({ c }) => {
    const deps = c.get('deps');
    const user = await requireActiveUser(deps.db, c.get('userId'));
    const state = await requestAccountDeletion(deps, user);
    return {
      data: state,
      message: `Your account will be deleted on ${state.dueAt}. You can cancel until then.`,
    };
  });

  mount(app, userRoutes.cancelDeletion, async ({ c }) => {
    const deps = c.get('deps');
    const user = await requireActiveUser(deps.db, c.get('userId'));
    return { data: await cancelAccountDeletion(deps, user), message: 'Account deletion cancelled' };
  });

  return app;
}
