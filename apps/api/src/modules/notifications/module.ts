import { defineModule } from '../../lib/module.ts';
import { notificationsRouter } from './notifications.routes.ts';
import { OUTBOX_PRUNE_EVERY_MS, OUTBOX_PRUNE_JOB, pruneOutboxJob } from './outbox-retention.ts';
import { loadWebPushConfig, type WebPushConfig } from './web-push-config.ts';

declare module '../../lib/context.ts' {
  interface AppDeps {
    /** The website's Web Push: VAPID keys (env, or generated under DATA_DIR/keys outside production); null: off. */
    webPush: WebPushConfig | null;
  }
}

/** Notifications: the outbox other modules write to, its retention job, and each user's settings (README.md). */
export const notificationsModule = defineModule({
  name: 'notifications',
  routes: notificationsRouter,
  createDeps: ({ env }) => ({ webPush: loadWebPushConfig(env) }),
  jobHandlers: { [OUTBOX_PRUNE_JOB]: pruneOutboxJob },
  recurringJobs: [{ kind: OUTBOX_PRUNE_JOB, everyMs: OUTBOX_PRUNE_EVERY_MS }],
});
