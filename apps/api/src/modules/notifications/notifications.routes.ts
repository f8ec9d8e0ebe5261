import { notificationsRoutes } from '@khel/core/contract';
import { deleteWebPushSubscription, saveWebPushSubscription } from '@khel/db';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { AppError, coded } from '../../lib/http.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { getNotificationSettings, updateNotificationSettings } from './notification-settings.ts';

/**
 * GET and PUT /users/me/notification-settings (the same switches, mute and quiet hours as the bot's /settings),
 * and the website's Web Push: the VAPID public key, subscribe and unsubscribe a browser.
 */
export function notificationsRouter() {
  const app = new Hono<AppEnv>();
  mount(app, notificationsRoutes.notificationSettings, ACTIVE_USER, async ({ c, user }) => ({
    data: await getNotificationSettings(c.get('deps').db, user),
  }));
  mount(app, notificationsRoutes.updateNotificationSettings, ACTIVE_USER, async ({ c, user, body }) => ({
    data: await updateNotificationSettings(c.get('deps').db, user, body),
    message: 'Notification settings saved',
  }));
  mount(app, notificationsRoutes.webPushPublicKey, async ({ c }) => ({
    data: { publicKey: webPushOf(c.get('deps')).vapid.publicKey },
  }));
  mount(app, notificationsRoutes.subscribeWebPush, ACTIVE_USER, async ({ c, user, body }) => {
    const deps = c.get('deps');
    await saveWebPushSubscription(deps.db, {
      userId: user.id,
      endpoint: body.endpoint,
      keys: body.keys,
      master: webPushOf(deps).masterKey,
    });
    return { data: { subscribed: true }, message: 'Notifications on this device are on' };
  });
  mount(app, notificationsRoutes.unsubscribeWebPush, ACTIVE_USER, async ({ c, user, body }) => {
    await deleteWebPushSubscription(c.get('deps').db, user.id, body.endpoint);
    return { data: { subscribed: false }, message: 'Notifications on this device are off' };
  });
  return app;
}

/** The Web Push settings; 503 when this server has none (production without VAPID keys). */
function webPushOf(deps: AppDeps) {
  if (!deps.webPush) throw new AppError(503, coded('WEB_PUSH_UNAVAILABLE'));
  return deps.webPush;
}
