import { defineModule } from '../../lib/module.ts';
import { accountDeletionRouter } from './account-deletion.routes.ts';
import { ACCOUNT_PURGE_JOB, purgeAccountJob } from './account-deletion.ts';

/** Deleting an account: the request, its grace period, the purge job (README.md). */
export const accountDeletionModule = defineModule({
  name: 'account-deletion',
  routes: accountDeletionRouter,
  jobHandlers: { [ACCOUNT_PURGE_JOB]: purgeAccountJob },
});
