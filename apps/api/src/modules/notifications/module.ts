import { defineModule } from '../../lib/module.ts';
import { notificationsRouter } from './notifications.routes.ts';

/** Notifications: the outbox other modules write to, and each user's settings (README.md). */
export const notificationsModule = defineModule({ name: 'notifications', routes: notificationsRouter });
