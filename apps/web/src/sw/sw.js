/* The website's service worker (served at /sw.js, scope /). Built by tooling/vite/service-worker.ts, which puts
 * the build's id in place of the BUILD placeholder so each build has a cache of its own.
 *
 * What it caches, and what it never does:
 * - never an API answer (/api/...), never the Mini App (/tma/...), never a page: navigations go to the network
 *   first, and only when the network fails does it answer with the offline page (never an old build's page);
 * - the build's hashed files (/assets/...: their names change with their content) once fetched, in this build's
 *   cache; activating a new build drops every other build's cache.
 * Push: shows the notification the server sent (title, body, tag, data.url) and opens data.url on a click. */
const BUILD = '__KHEL_BUILD__';
const CACHE = `khel-${BUILD}`;
const OFFLINE_URL = '/offline.html';
const PRECACHE = [OFFLINE_URL, '/icons/khel-192.png', '/favicon.svg'];
const ICON = '/icons/khel-192.png';
const BADGE = '/icons/khel-badge-96.png';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('khel-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // API answers and the Mini App are never cached nor answered from here.
  if (url.pathname.startsWith('/api/') || url.pathname === '/api' || url.pathname.startsWith('/tma')) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() => caches.match(OFFLINE_URL).then((r) => r || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((response) => {
              if (response.ok) cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
  }
});

/** The payload the server sends (apps/bot/src/notifier/web-push.ts): { title, body, url, tag }. */
function readPush(event) {
  try {
    const data = event.data ? event.data.json() : null;
    if (data && typeof data.title === 'string') return data;
  } catch (_) {
    // not JSON: shown as the text below
  }
  return { title: 'Khel', body: event.data ? event.data.text() : '', url: '/', tag: undefined };
}

/** Only paths of this site are opened: anything else opens home. */
function sameSitePath(url) {
  try {
    const target = new URL(url || '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : `${self.location.origin}/`;
  } catch (_) {
    return `${self.location.origin}/`;
  }
}

self.addEventListener('push', (event) => {
  const data = readPush(event);
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body || '',
      icon: ICON,
      badge: BADGE,
      tag: data.tag || undefined,
      data: { url: sameSitePath(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameSitePath(event.notification.data?.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      // A Khel tab of the website (not the Mini App): focus it and take it there.
      const tab = windows.find((w) => {
        const u = new URL(w.url);
        return u.origin === self.location.origin && !u.pathname.startsWith('/tma');
      });
      if (tab) {
        const focused = await tab.focus().catch(() => tab);
        const moved = await (focused || tab).navigate(url).catch(() => null);
        if (moved) return moved;
      }
      return self.clients.openWindow(url);
    }),
  );
});
