import { existsSync, readFileSync, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { getMimeType } from 'hono/utils/mime';

export interface StaticSite {
  /** URL prefix: '' for the website, '/tma' for the Mini App. */
  prefix: string;
  dist: string;
  /** CSP frame-ancestors: who may embed the pages (SPEC §2: pages may be embedded in a frame). */
  frameAncestors: string;
  /**
   * Whether the app routes a path (relative to `prefix`, e.g. `/k-store/`): other paths get the app
   * with status 404, so the app shows its not-found screen and the status says so too.
   * Every path when left out.
   */
  isKnownPath?: (path: string) => boolean;
  /**
   * Extra `<head>` markup for one page (a `<title>` in it replaces the shell's) (Open Graph tags of a shared POG card, so the link previews), or null for
   * the plain shell. Must return escaped HTML.
   */
  headFor?: (path: string, query: URLSearchParams) => Promise<string | null>;
}

/** The first of several `headFor`s that has something for the page. */
export function firstHead(
  ...heads: NonNullable<StaticSite['headFor']>[]
): NonNullable<StaticSite['headFor']> {
  return async (path, query) => {
    for (const head of heads) {
      const markup = await head(path, query).catch(() => null);
      if (markup) return markup;
    }
    return null;
  };
}

/** The precompressed variants the build writes next to a file (tooling/vite/precompress.ts). */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/**
 * The encoding to send among those a file has: the one the client gives the highest q-value
 * (explicitly or through `*`), brotli before gzip when equal; undefined means the file as it is.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]) {
  if (!acceptEncoding || available.length === 0) return undefined;
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const { name } of ENCODINGS) {
    if (!available.includes(name)) continue;
    const q = accepts.find((a) => a.type.toLowerCase() === name)?.q ?? wildcard ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding: name, q };
  }
  return best?.encoding;
}

interface Variant {
  path: string;
  size: number;
}

interface StaticFile {
  contentType: string;
  lastModified: string;
  identity: Variant;
  encoded: Partial<Record<Encoding, Variant>>;
}

async function statFile(path: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** A path below `dist` for a URL path, or undefined for anything that could leave it or is odd. */
function fileInside(dist: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  // No dot segment at all: `..` could leave the folder, and the build's own folders (`.vite/`, its chunk
  // manifest) are not the site's.
  if (/\\|\0|\/\/|(?:^|\/)\./.test(decoded)) return undefined;
  const path = join(dist, decoded);
  return path.startsWith(dist + sep) ? path : undefined;
}

/**
 * Serves a Vite build: each file with its precompressed variant chosen by Accept-Encoding, hashed
 * assets cached for a year; any other path gets index.html (client-side routing), with status 200
 * for a path the app routes and 404 for the rest (the app then shows its not-found screen).
 */
export function mountStaticSite(app: Hono, site: StaticSite, log: (msg: string) => void) {
  const dist = resolve(site.dist);
  const indexFile = join(dist, 'index.html');
  const base = site.prefix;
  if (!existsSync(indexFile)) {
    log(`no build at ${dist}: run the build first`);
    app.get(`${base}/*`, (c) =>
      c.text(`This front end is not built yet. Run: pnpm build (expected ${indexFile})`, 503),
    );
    return;
  }
  const isKnownPath = site.isKnownPath ?? (() => true);
  const securityHeaders = {
    'Content-Security-Policy': `frame-ancestors ${site.frameAncestors}`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };

  // The build does not change while the process runs (a new build needs a restart, as index.html
  // is read once), so what is known about a file is kept.
  const files = new Map<string, StaticFile>();
  async function lookUp(path: string): Promise<StaticFile | undefined> {
    const known = files.get(path);
    if (known) return known;
    const stats = await statFile(path);
    if (!stats) return undefined;
    const file: StaticFile = {
      contentType: getMimeType(path) ?? 'application/octet-stream',
      lastModified: stats.mtime.toUTCString(),
      identity: { path, size: stats.size },
      encoded: {},
    };
    for (const { name, suffix } of ENCODINGS) {
      const variant = await statFile(path + suffix);
      if (variant) file.encoded[name] = { path: path + suffix, size: variant.size };
    }
    files.set(path, file);
    return file;
  }

  function negotiate(c: Context, file: { encoded: Partial<Record<Encoding, unknown>> }) {
    const available = ENCODINGS.map((e) => e.name).filter((name) => file.encoded[name]);
    if (available.length > 0) c.header('Vary', 'Accept-Encoding');
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'), available);
    if (encoding) c.header('Content-Encoding', encoding);
    return encoding;
  }

  async function sendFile(c: Context, file: StaticFile, cacheControl: string | undefined) {
    const encoding = chooseEncoding(
      c.req.header('Accept-Encoding'),
      ENCODINGS.map((e) => e.name).filter((name) => file.encoded[name]),
    );
    const variant = (encoding && file.encoded[encoding]) || file.identity;
    // A file can vanish under a running server (a rebuild replaces the hashed assets): that is a 404.
    let bytes: Buffer | null = null;
    if (c.req.method !== 'HEAD') {
      try {
        bytes = await readFile(variant.path);
      } catch {
        files.delete(file.identity.path);
        return c.text('Not found', 404);
      }
    }
    negotiate(c, file);
    for (const [k, v] of Object.entries(securityHeaders)) c.header(k, v);
    c.header('Content-Type', file.contentType);
    c.header('Content-Length', String(variant.size));
    c.header('Last-Modified', file.lastModified);
    if (cacheControl) c.header('Cache-Control', cacheControl);
    if (!bytes) return c.body(null, 200);
    return c.body(new Uint8Array(bytes), 200);
  }

  // index.html and its variants, in memory: every client-side route is answered with them.
  const shell = {
    identity: readFileSync(indexFile),
    encoded: Object.fromEntries(
      ENCODINGS.filter((e) => existsSync(indexFile + e.suffix)).map((e) => [
        e.name,
        readFileSync(indexFile + e.suffix),
      ]),
    ) as Partial<Record<Encoding, Buffer>>,
  };
  function sendShell(c: Context, status: 200 | 404) {
    const encoding = negotiate(c, shell);
    const body = (encoding && shell.encoded[encoding]) || shell.identity;
    for (const [k, v] of Object.entries(securityHeaders)) c.header(k, v);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Content-Length', String(body.length));
    c.header('Cache-Control', 'no-cache');
    if (c.req.method === 'HEAD') return c.body(null, status);
    return c.body(new Uint8Array(body), status);
  }

  /** The shell with `head` before `</head>` (not precompressed: it differs per page). */
  function sendShellWith(c: Context, head: string) {
    let html = shell.identity.toString('utf8');
    // A page that names its own title replaces the shell's (browsers keep the first <title>).
    if (head.includes('<title>')) html = html.replace(/<title>[^<]*<\/title>/, '');
    html = html.replace('</head>', `${head}</head>`);
    for (const [k, v] of Object.entries(securityHeaders)) c.header(k, v);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Cache-Control', 'no-cache');
    if (c.req.method === 'HEAD') return c.body(null, 200);
    return c.html(html, 200);
  }

  // GET handlers answer HEAD too (Hono drops the body).
  app.get(`${base}/*`, async (c) => {
    const path = base ? c.req.path.slice(base.length) : c.req.path;
    // The query goes along: Telegram passes the start parameter in it (tgWebAppStartParam).
    if (path === '') return c.redirect(`${base}/${new URL(c.req.url).search}`);
    if (path === '/' || path === '/index.html') return sendShell(c, 200);
    const filePath = fileInside(dist, path);
    const file = filePath && (await lookUp(path.endsWith('/') ? join(filePath, 'index.html') : filePath));
    if (file) {
      const hashed = path.startsWith('/assets/');
      // The service worker and the manifest are checked again each time: a new build must reach every tab.
      const revalidate = path === '/sw.js' || path === '/manifest.webmanifest';
      return sendFile(
        c,
        file,
        hashed ? 'public, max-age=31536000, immutable' : revalidate ? 'no-cache' : undefined,
      );
    }
    // A folder with its own page (the Rkade's browser games, /rkade/bowling/): its address ends in '/'.
    if (filePath && !path.endsWith('/') && (await lookUp(join(filePath, 'index.html')))) {
      return c.redirect(`${base}${path}/${new URL(c.req.url).search}`, 301);
    }
    if (path.startsWith('/assets/')) return c.text('Not found', 404);
    const known = isKnownPath(path);
    if (known && site.headFor) {
      const head = await site.headFor(path, new URL(c.req.url).searchParams).catch(() => null);
      if (head) return sendShellWith(c, head);
    }
    return sendShell(c, known ? 200 : 404);
  });
}
