import { defineModule } from '../../lib/module.ts';
import { notificationsRouter } from './notifications.routes.ts';
import { OUTBOX_PRUNE_EVERY_MS, OUTBOX_PRUNE_JOB, pruneOutboxJob } from './outbox-retention.ts';

/** Notifications: the outbox other modules write to, its retention job, and each user's settings (README.md). */
export const notificationsModule = defineModule({
  name: 'notifications',
  routes: notificationsRouter,
  jobHandlers: { [OUTBOX_PRUNE_JOB]: pruneOutboxJob },
  recurringJobs: [{ kind: OUTBOX_PRUNE_JOB, everyMs: OUTBOX_PRUNE_EVERY_MS }],
});
