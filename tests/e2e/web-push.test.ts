/// <reference lib="dom" />
/// <reference lib="webworker" />
// page.evaluate() callbacks run in the browser, worker.evaluate() ones in the service worker.
import { createECDH, randomBytes } from 'node:crypto';
import type { Page, Worker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEVICE_PUSH_TEXTS } from '../../packages/ui/src/features/notifications/device-push-texts.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { saveScreenshot, visible, waitForPath, withinTime } from './support/ui.ts';
import { apiSignInWithGoogle, startSession } from './support/web-session.ts';

/**
 * The installable website and its Web Push, in Debian's Chromium: the service worker registers after load,
 * "Notifications on this device" asks the permission only on the tap and hands the subscription to the API, a
 * push delivered through the DevTools protocol (ServiceWorker.deliverPushMessage) is shown as a notification,
 * and a click on it takes the open Khel tab to its screen. Headless Chromium has no push service, so
 * `pushManager.subscribe` answers a subscription made here (real P-256 keys); the server's side of a push
 * (VAPID, encryption, the outbox) is tests/bot/web-push.test.ts.
 */
const baseUrl = e2eServer().baseUrl;
const origin = new URL(baseUrl).origin;

let page: Page;
// The full browser: the headless shell has no push messaging (no PushManager, no notifications).
usePhonePage(
  baseUrl,
  (p) => {
    page = p;
  },
  'web',
  { browser: 'full' },
);

/** A browser's subscription as the stubbed push manager answers it. */
function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.khel.test/push/e2e-${randomBytes(6).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** How long one browser wait may take before it fails naming itself (within the test's own timeout). */
const BROWSER_WAIT_MS = 20_000;

/** The site's service worker, once it controls the page (registered by index.html after load and idle). */
async function activeServiceWorker(): Promise<Worker> {
  // Polled, each look bounded: a page's `ready` or `controllerchange` that never comes fails with its name.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/');
          return registration?.active && navigator.serviceWorker.controller ? registration.scope : null;
        }),
      { message: 'the service worker controls the page', timeout: BROWSER_WAIT_MS },
    )
    .toBe(`${origin}/`);
  const worker =
    page.context().serviceWorkers()[0] ??
    (await page.context().waitForEvent('serviceworker', { timeout: BROWSER_WAIT_MS }));
  expect(worker.url()).toBe(`${origin}/sw.js`);
  return worker;
}

describe('the installable website and Web Push', () => {
  it('registers its worker, subscribes on the tap, shows a pushed notification and opens its screen', async () => {
    const subscription = browserSubscription();
    await page.context().grantPermissions(['notifications'], { origin });
    // No push service in headless Chromium: the push manager answers the subscription above.
    await page.addInitScript((sub) => {
      let current: object | null = null;
      const made = {
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { applicationServerKey: null, userVisibleOnly: true },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        if (!options?.userVisibleOnly || !options.applicationServerKey) throw new Error('no VAPID key');
        current = made;
        return made as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    }, subscription);

    await startSession(page, baseUrl, await apiSignInWithGoogle(baseUrl));
    await page.goto('/profile');
    // The manifest is linked and served.
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
      return href ? ((await (await fetch(href)).json()) as { display: string; icons: unknown[] }) : null;
    });
    expect(manifest).toMatchObject({ display: 'standalone' });
    const worker = await activeServiceWorker();

    const deviceSwitch = page.getByRole('switch', { name: 'Notifications on this device' });
    await visible(deviceSwitch);
    expect(await deviceSwitch.isChecked()).toBe(false);
    const subscribed = page.waitForResponse(
      (r) => r.url().endsWith('/api/users/me/web-push-subscriptions') && r.request().method() === 'POST',
    );
    await deviceSwitch.click();
    const answer = await subscribed;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual(subscription);
    await visible(page.getByText('On: this browser gets your notifications.'));
    expect(await deviceSwitch.isChecked()).toBe(true);
    await saveScreenshot(page, 'web-push-device-on');

    // A push as the notifier sends it, delivered to the worker through the DevTools protocol.
    const cdp = await page.context().newCDPSession(page);
    // The registration's id, from whichever of the two events names it first.
    const registrationId = withinTime(
      'the DevTools protocol names the service worker registration',
      new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
        cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
          const ours = versions.find((v) => v.scriptURL === `${origin}/sw.js` && v.status === 'activated');
          if (ours) resolve(ours.registrationId);
        });
      }),
      BROWSER_WAIT_MS,
    );
    // Awaited by the first delivery below; a failure then is that delivery's.
    registrationId.catch(() => undefined);
    await cdp.send('ServiceWorker.enable');
    const push = {
      title: 'Khel',
      body: '🏆 You completed “Summer Cup”! You earned 50 K-Cash.',
      url: '/quest-details/summer-cup',
      tag: 'khel-42',
    };
    // Delivered once the worker is active: a push that reaches a worker still activating can be dropped.
    await withinTime(
      'navigator.serviceWorker.ready',
      page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined)),
      BROWSER_WAIT_MS,
    );
    const deliver = async () =>
      withinTime(
        'ServiceWorker.deliverPushMessage',
        cdp.send('ServiceWorker.deliverPushMessage', {
          origin,
          registrationId: await registrationId,
          data: JSON.stringify(push),
        }),
        BROWSER_WAIT_MS,
      );
    await deliver();
    let delivered = Date.now();
    // Polled from here: a predicate that answers a promise would count as true at once. A push Chromium
    // dropped on a loaded machine is delivered again after 3 s without a notification: the same tag replaces
    // a notification already shown, so the list still holds one.
    let shown: unknown = null;
    await expect
      .poll(
        async () => {
          if (Date.now() - delivered > 3_000) {
            await deliver();
            delivered = Date.now();
          }
          shown = await page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration('/');
            const list = (await registration?.getNotifications()) ?? [];
            return list.length > 0
              ? list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }))
              : null;
          });
          return shown;
        },
        { timeout: 15_000 },
      )
      .not.toBeNull();
    expect(shown).toEqual([
      { title: 'Khel', body: push.body, tag: 'khel-42', data: { url: `${origin}/quest-details/summer-cup` } },
    ]);

    // A click on it: the worker's notificationclick takes this tab to the quest.
    await withinTime(
      'the notification click reaches the worker',
      worker.evaluate(async () => {
        const sw = self as unknown as ServiceWorkerGlobalScope;
        const [notification] = await sw.registration.getNotifications();
        sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
      }),
      BROWSER_WAIT_MS,
    );
    await waitForPath(page, '/quest-details/summer-cup');
    expect(
      await page.evaluate(
        async () => (await (await navigator.serviceWorker.getRegistration('/'))?.getNotifications())?.length,
      ),
    ).toBe(0);

    // The switch in Hindi and Portuguese, off again (the stubbed push manager of this new page is empty).
    await page.goto('/profile');
    // Once the profile is in (it sets the account's language, English here), the menu changes it.
    await visible(page.getByRole('switch', { name: DEVICE_PUSH_TEXTS.en.label }));
    await visible(page.getByText(DEVICE_PUSH_TEXTS.en.hint));
    for (const [language, name] of [
      ['hi', 'हिन्दी'],
      ['pt-BR', 'Português (Brasil)'],
    ] as const) {
      // The header's language menu (it stores the account's language).
      await page.locator('select.language-picker__select').first().selectOption({ label: name });
      const texts = DEVICE_PUSH_TEXTS[language];
      await visible(page.getByRole('switch', { name: texts.label }));
      await visible(page.getByText(texts.hint));
      await saveScreenshot(page, `web-push-device-${language}`);
    }
  });

  it('answers an offline navigation with the offline page, in the visitor’s language, never the API', async () => {
    await page.goto('/');
    await activeServiceWorker();
    await page.evaluate(() => localStorage.setItem('khel-pref.language', 'hi'));
    await page.context().setOffline(true);
    await page.goto('/k-store').catch(() => undefined);
    await visible(page.getByRole('heading', { name: 'आप ऑफ़लाइन हैं' }));
    await saveScreenshot(page, 'web-push-offline-hi');
    // API answers are never the worker's: offline, a call fails instead of answering from a cache.
    const api = await page.evaluate(() =>
      fetch('/api/health').then(
        (r) => r.status,
        () => 'network error',
      ),
    );
    expect(api).toBe('network error');
    await page.context().setOffline(false);
  });
});
