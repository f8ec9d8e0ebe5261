import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { isSpaRoute } from '@khel/core/spa-routes';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBuildStale } from '../../../tooling/scripts/lib.mjs';
import { precompressDirectory } from '../../../tooling/vite/precompress.ts';
import { listen } from './runtime.ts';
import { chooseEncoding, mountStaticSite } from './static.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Khel</title>
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-Ef56Gh78.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Ij90Kl12.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const SCRIPT = Array.from(
  { length: 400 },
  (_, i) => `export function screen${i}(props){return props.items.map((item)=>item.label+${i});}\n`,
).join('');
const STYLES = Array.from({ length: 200 }, (_, i) => `.card-${i}{padding:${i % 7}px;color:#1a1a1a}\n`).join(
  '',
);
const PNG = randomBytes(4096);
const GAME_HTML = `<!doctype html><title>Bowling</title><canvas></canvas>${'<!-- a browser game -->'.repeat(20)}`;

/** The files of a small Vite build, precompressed as the build does it. */
async function fixtureBuild(): Promise<string> {
  const dist = mkdtempSync(join(tmpdir(), 'khel-static-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets/index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dist, 'assets/index-Ij90Kl12.css'), STYLES);
  writeFileSync(join(dist, 'assets/logo-Mn34Op56.png'), PNG);
  writeFileSync(join(dist, 'tiny.txt'), 'ok');
  mkdirSync(join(dist, 'rkade/bowling'), { recursive: true });
  writeFileSync(join(dist, 'rkade/bowling/index.html'), GAME_HTML);
  await precompressDirectory(dist);
  return dist;
}

const BROTLI_AND_GZIP = 'gzip, deflate, br, zstd';

describe('precompressed builds (tooling/vite/precompress.ts)', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await fixtureBuild();
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('writes .br and .gz next to each compressible file, each decompressing to the original', () => {
    for (const file of ['index.html', 'assets/index-Ab12Cd34.js', 'assets/index-Ij90Kl12.css']) {
      const original = readFileSync(join(dist, file));
      const br = readFileSync(join(dist, `${file}.br`));
      const gz = readFileSync(join(dist, `${file}.gz`));
      expect(br.length, `${file}.br`).toBeLessThan(original.length);
      expect(gz.length, `${file}.gz`).toBeLessThan(original.length);
      expect(brotliDecompressSync(br).equals(original), `${file}.br`).toBe(true);
      expect(gunzipSync(gz).equals(original), `${file}.gz`).toBe(true);
    }
  });

  it('leaves images alone, and writes no variant that would not be smaller', () => {
    expect(existsSync(join(dist, 'assets/logo-Mn34Op56.png.br'))).toBe(false);
    expect(existsSync(join(dist, 'assets/logo-Mn34Op56.png.gz'))).toBe(false);
    expect(existsSync(join(dist, 'tiny.txt.br'))).toBe(false);
    expect(existsSync(join(dist, 'tiny.txt.gz'))).toBe(false);
  });

  // The real builds, when they are there and up to date (npm test builds them first).
  for (const app of ['web', 'miniapp']) {
    const appDist = join(repoRoot, `apps/${app}/dist`);
    const fresh = existsSync(join(appDist, 'index.html')) && !isBuildStale(`apps/${app}`);
    it.skipIf(!fresh)(`apps/${app}/dist: every script, style sheet and page has its .br and .gz`, () => {
      const files = readdirSync(appDist, { recursive: true, encoding: 'utf8' }).filter((f) =>
        /\.(?:js|css|html)$/.test(f),
      );
      expect(files.length).toBeGreaterThan(3);
      for (const file of files) {
        const original = readFileSync(join(appDist, file));
        const br = join(appDist, `${file}.br`);
        const gz = join(appDist, `${file}.gz`);
        // A variant is left out only when it would not be smaller, which only tiny files can be.
        if (original.length >= 512) expect(existsSync(br) && existsSync(gz), file).toBe(true);
        if (existsSync(br)) expect(brotliDecompressSync(readFileSync(br)).equals(original), file).toBe(true);
        if (existsSync(gz)) expect(gunzipSync(readFileSync(gz)).equals(original), file).toBe(true);
      }
    });
  }
});

describe('chooseEncoding', () => {
  const both = ['br', 'gzip'] as const;
  it('prefers brotli, then gzip, then the file as it is', () => {
    expect(chooseEncoding(BROTLI_AND_GZIP, both)).toBe('br');
    expect(chooseEncoding('gzip, deflate', both)).toBe('gzip');
    expect(chooseEncoding('deflate', both)).toBeUndefined();
    expect(chooseEncoding(undefined, both)).toBeUndefined();
    expect(chooseEncoding('', both)).toBeUndefined();
    expect(chooseEncoding('identity', both)).toBeUndefined();
    expect(chooseEncoding(BROTLI_AND_GZIP, ['gzip'])).toBe('gzip');
    expect(chooseEncoding(BROTLI_AND_GZIP, [])).toBeUndefined();
  });

  it('respects q-values and the wildcard', () => {
    expect(chooseEncoding('br;q=0.5, gzip', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.1', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0', both)).toBeUndefined();
    expect(chooseEncoding('gzip;q=0.4, br;q=0.8', both)).toBe('br');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('br;q=0, *', both)).toBe('gzip');
    expect(chooseEncoding('*;q=0', both)).toBeUndefined();
    expect(chooseEncoding('GZIP', both)).toBe('gzip');
  });
});

describe('mountStaticSite', () => {
  let dist: string;
  let app: Hono;
  beforeAll(async () => {
    dist = await fixtureBuild();
    app = new Hono();
    mountStaticSite(
      app,
      { prefix: '/tma', dist, frameAncestors: "'self'", isKnownPath: isSpaRoute },
      () => {},
    );
    mountStaticSite(app, { prefix: '', dist, frameAncestors: '*', isKnownPath: isSpaRoute }, () => {});
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const get = (path: string, acceptEncoding?: string, method = 'GET') =>
    app.request(path, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it('sends brotli to a client that takes it, with the type of the original and the length sent', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', BROTLI_AND_GZIP);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = await bytes(res);
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(body.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
    // Hashed assets keep their long cache.
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('last-modified')).toBeTruthy();
  });

  it('sends gzip to a gzip-only client, and the file as it is to one that names no encoding', async () => {
    const gz = await get('/assets/index-Ij90Kl12.css', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('content-type')).toMatch(/^text\/css/);
    const gzBody = await bytes(gz);
    expect(gz.headers.get('content-length')).toBe(String(gzBody.length));
    expect(gunzipSync(gzBody).toString()).toBe(STYLES);

    const plain = await get('/assets/index-Ij90Kl12.css');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('content-length')).toBe(String(STYLES.length));
    expect(await plain.text()).toBe(STYLES);

    const refused = await get('/assets/index-Ij90Kl12.css', 'br;q=0, gzip;q=0');
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(STYLES);
  });

  it('answers HEAD with the headers of the variant GET would send, and no body', async () => {
    const get_ = await get('/assets/index-Ab12Cd34.js', BROTLI_AND_GZIP);
    const head = await get('/assets/index-Ab12Cd34.js', BROTLI_AND_GZIP, 'HEAD');
    expect(head.status).toBe(200);
    for (const name of ['content-encoding', 'content-type', 'content-length', 'vary', 'cache-control']) {
      expect(head.headers.get(name), name).toBe(get_.headers.get(name));
    }
    expect((await bytes(head)).length).toBe(0);
  });

  it('sends an image as it is, with no Vary', async () => {
    const res = await get('/assets/logo-Mn34Op56.png', BROTLI_AND_GZIP);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('vary')).toBeNull();
    expect((await bytes(res)).equals(PNG)).toBe(true);
  });

  it("serves a folder's own page (the Rkade's browser games) at its address with a trailing slash", async () => {
    const res = await get('/rkade/bowling/', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(gunzipSync(await bytes(res)).toString()).toBe(GAME_HTML);
    const bare = await get('/rkade/bowling?header=false');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/rkade/bowling/?header=false');
    expect((await get('/rkade/nothing/')).status).toBe(404);
  });

  it('serves the app shell, compressed, with 200 on SPEC §2 paths and 404 on any other', async () => {
    for (const path of [
      '/',
      '/k-store/',
      '/kyc?requiredDoc=pan',
      '/article-details/gaming-in-india',
      '/quest-details/summer-cup/offerwall',
      '/terms-and-conditions',
      '/tma/',
      '/tma/home',
      '/tma/quest-details/summer-cup',
    ]) {
      const res = await get(path, BROTLI_AND_GZIP);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(res.headers.get('content-encoding'), path).toBe('br');
      expect(brotliDecompressSync(await bytes(res)).toString(), path).toBe(INDEX_HTML);
    }
    for (const path of ['/no/such/page', '/tma/no-such', '/tma/tma/home', '/home/extra', '/favicon.ico']) {
      const res = await get(path, 'gzip');
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(gunzipSync(await bytes(res)).toString(), path).toBe(INDEX_HTML);
    }
    const plain = await get('/no/such/page');
    expect(plain.status).toBe(404);
    expect(await plain.text()).toBe(INDEX_HTML);
    const head = await get('/no/such/page', undefined, 'HEAD');
    expect(head.status).toBe(404);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(INDEX_HTML)));
  });

  it('keeps a missing asset a plain 404, and refuses paths that leave the build', async () => {
    for (const path of ['/assets/nope-123.js', '/tma/assets/nope-123.js']) {
      const res = await get(path, BROTLI_AND_GZIP);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/plain/);
    }
    for (const path of [
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/assets%5c..%5cindex.html',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('root:');
    }
    // The build's own folder (Vite's chunk manifest, read by the bundle budget) is not part of the site.
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{"secret-build-detail":true}');
    for (const path of ['/.vite/manifest.json', '/%2evite/manifest.json']) {
      const res = await get(path);
      expect(await res.text(), path).not.toContain('secret-build-detail');
    }
  });

  it('an asset removed under the running server (a rebuild) is a plain 404, not a 500', async () => {
    const name = 'assets/gone-Zz99Yy88.js';
    writeFileSync(join(dist, name), 'export const gone = true;\n'.repeat(200));
    expect((await get(`/${name}`)).status).toBe(200);
    rmSync(join(dist, name));
    const res = await get(`/${name}`, BROTLI_AND_GZIP);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('Not found');
  });

  it('redirects /tma to /tma/, keeping the query', async () => {
    const res = await get('/tma');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/tma/');
    const withQuery = await get('/tma?tgWebAppStartParam=quest_summer-cup');
    expect(withQuery.headers.get('location')).toBe('/tma/?tgWebAppStartParam=quest_summer-cup');
  });

  it('sends the same bytes and lengths over a real socket, HEAD included', async () => {
    const server = await listen(app.fetch, 0, '127.0.0.1');
    try {
      const url = `${server.url}/assets/index-Ab12Cd34.js`;
      // fetch decodes what it is sent; the length checks what was on the wire.
      const res = await fetch(url, { headers: { 'accept-encoding': 'br' } });
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(Number(res.headers.get('content-length'))).toBe(
        readFileSync(join(dist, 'assets/index-Ab12Cd34.js.br')).length,
      );
      expect(await res.text()).toBe(SCRIPT);
      const head = await fetch(url, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
      expect(head.headers.get('content-encoding')).toBe('gzip');
      expect(Number(head.headers.get('content-length'))).toBe(
        readFileSync(join(dist, 'assets/index-Ab12Cd34.js.gz')).length,
      );
      const missing = await fetch(`${server.url}/no/such/page`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toBe(INDEX_HTML);
    } finally {
      await server.close();
    }
  });
});
