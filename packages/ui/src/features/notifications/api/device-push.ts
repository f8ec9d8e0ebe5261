import type { ApiClient } from '@khel/core/client';
import { notificationsRoutes } from '@khel/core/contract';
import { unwrap } from '../../../lib/api-result.ts';

/**
 * The website's "Notifications on this device" (Web Push): what this browser can do and has done, and turning it
 * on or off. The browser asks for permission only in `turnOnDevicePush`, called from the switch's tap.
 */
export type DevicePushState = 'unsupported' | 'denied' | 'on' | 'off';

/** The service worker's script (apps/web/src/sw/sw.js, emitted at the build's root). */
const SERVICE_WORKER_URL = '/sw.js';

export function devicePushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The site's service worker registration (registered after load; registered here when a tap comes first). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const found = await navigator.serviceWorker.getRegistration('/');
  if (found) return found;
  try {
    return await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch {
    // No service worker (the Vite dev server has none): Web Push cannot work here.
    return null;
  }
}

/** Where this browser stands, without asking anything. */
export async function devicePushState(): Promise<DevicePushState> {
  if (!devicePushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const found = await navigator.serviceWorker.getRegistration('/');
  const subscription = await found?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Asks the browser's permission (this is the only place), subscribes with the server's VAPID key and hands the
 * subscription to the API. A subscription made with another key (the server's changed) is replaced.
 */
export async function turnOnDevicePush(client: ApiClient): Promise<DevicePushState> {
  if (!devicePushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const worker = await registration();
  if (!worker) return 'unsupported';
  const { publicKey } = unwrap(await client.request(notificationsRoutes.webPushPublicKey, {}));
  const key = applicationServerKey(publicKey);
  let subscription = await worker.pushManager.getSubscription();
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && !sameBytes(new Uint8Array(current), key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  unwrap(
    await client.request(notificationsRoutes.subscribeWebPush, { body: subscriptionBody(subscription) }),
  );
  return 'on';
}

/** The subscription's JSON as the API takes it (endpoint and keys). */
function subscriptionBody(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Tells the API to stop, then drops the browser's subscription. */
export async function turnOffDevicePush(client: ApiClient): Promise<DevicePushState> {
  const found = await navigator.serviceWorker.getRegistration('/');
  const subscription = await found?.pushManager.getSubscription();
  if (subscription) {
    unwrap(
      await client.request(notificationsRoutes.unsubscribeWebPush, { body: subscriptionBody(subscription) }),
    );
    await subscription.unsubscribe().catch(() => false);
  }
  return Notification.permission === 'denied' ? 'denied' : 'off';
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
