import { notificationsRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { getNotificationSettings, updateNotificationSettings } from './notification-settings.ts';

/** GET and PUT /users/me/notification-settings (the same switches, mute and quiet hours as the bot's /settings). */
export function notificationsRouter() {
  const app = new Hono<AppEnv>();
  mount(app, notificationsRoutes.notificationSettings, ACTIVE_USER, async ({ c, user }) => ({
    data: await getNotificationSettings(c.get('deps').db, user),
  }));
  mount(app, notificationsRoutes.updateNotificationSettings, ACTIVE_USER, async ({ c, user, body }) => ({
    data: await updateNotificationSettings(c.get('deps').db, user, body),
    message: 'Notification settings saved',
  }));
  return app;
}
