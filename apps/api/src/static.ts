import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

export interface StaticSite {
  /** URL prefix: '' for the website, '/tma' for the Mini App. */
  prefix: string;
  dist: string;
  /** CSP frame-ancestors: who may embed the pages (SPEC §2: pages may be embedded in a frame). */
  frameAncestors: string;
}

/**
 * Serves a Vite build: hashed assets cached for a year, everything else falls back to index.html
 * (client-side routing, so every SPEC §2 path serves the app and the app shows its not-found screen).
 */
export function mountStaticSite(app: Hono, site: StaticSite, log: (msg: string) => void) {
  const dist = resolve(site.dist);
  const indexFile = join(dist, 'index.html');
  if (!existsSync(indexFile)) {
    log(`no build at ${dist}: run the build first`);
    app.get(`${site.prefix}/*`, (c) =>
      c.text(`This front end is not built yet. Run: pnpm build (expected ${indexFile})`, 503),
    );
    return;
  }
  const index = readFileSync(indexFile, 'utf8');
  const headers = {
    'Content-Security-Policy': `frame-ancestors ${site.frameAncestors}`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  const base = site.prefix === '' ? '' : site.prefix;
  app.use(`${base}/assets/*`, async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use(
    `${base}/*`,
    serveStatic({
      root: dist,
      rewriteRequestPath: (p) => (base ? p.slice(base.length) || '/' : p),
      onFound: (_path, c) => {
        for (const [k, v] of Object.entries(headers)) c.header(k, v);
      },
    }),
  );
  app.get(`${base}/*`, (c) => {
    if (c.req.path.startsWith(`${base}/assets/`)) return c.text('Not found', 404);
    for (const [k, v] of Object.entries(headers)) c.header(k, v);
    c.header('Cache-Control', 'no-cache');
    return c.html(index);
  });
  if (base) app.get(base, (c) => c.redirect(`${base}/`));
}
