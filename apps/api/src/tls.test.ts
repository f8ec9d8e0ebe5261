import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type IncomingHttpHeaders } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { REQUEST_TOO_LARGE_MESSAGE } from '@khel/core/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { precompressDirectory } from '../../../tooling/vite/precompress.ts';
import { loadEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { createRootApp, type Listening, listen, mountFrontEnds, tlsFilesOf } from './runtime.ts';
import { createTestContext, type TestContext } from './test-support.ts';

const fixtures = fileURLToPath(new URL('../../../tests/fixtures/tls/', import.meta.url));
const CERT_FILE = join(fixtures, 'localhost-cert.pem');
const KEY_FILE = join(fixtures, 'localhost-key.pem');
const ca = readFileSync(CERT_FILE);
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Khel</title></head><body><div id="root">${'<p>first paint</p>'.repeat(40)}</div></body></html>`;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request over an HTTP/2 session. */
function h2Request(
  session: ReturnType<typeof connect>,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers, body ? {} : { endStream: true });
    const chunks: Buffer[] = [];
    let answer: IncomingHttpHeaders = {};
    stream.on('response', (h) => {
      answer = h;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () =>
      resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks) }),
    );
    stream.on('error', reject);
    if (body) stream.end(body);
  });
}

describe('HTTPS with HTTP/2 (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  let ctx: TestContext;
  let server: Listening;
  let dist: string;

  beforeAll(async () => {
    ctx = await createTestContext('pglite', inject('postgresAdminUrl'));
    dist = mkdtempSync(join(tmpdir(), 'khel-tls-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    await precompressDirectory(dist);
    const root = createRootApp(ctx.deps);
    const env = loadEnv({ WEB_DIST: dist, MINIAPP_DIST: dist, DATA_DIR: dist });
    mountFrontEnds(root, env, createLogger('silent'));
    const tls = tlsFilesOf(loadEnv({ TLS_CERT_FILE: CERT_FILE, TLS_KEY_FILE: KEY_FILE }));
    server = await listen(root.fetch, 0, '127.0.0.1', tls);
  });

  afterAll(async () => {
    await server?.close();
    await ctx?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the API, the pages and a refused body over HTTP/2', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const session = connect(server.url, { ca });
    try {
      const health = await h2Request(session, { ':path': '/api/health' });
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body.toString())).toMatchObject({ success: true, status: 200 });
      expect(session.alpnProtocol).toBe('h2');

      // The website's page, precompressed as the build leaves it.
      const page = await h2Request(session, { ':path': '/', 'accept-encoding': 'br' });
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.body).toString()).toBe(INDEX_HTML);

      // The body limit's answer asks HTTP/1.1 to close the connection; HTTP/2 has no such header, and the
      // answer still arrives whole, in the envelope, on the same session.
      const tooLarge = await h2Request(
        session,
        { ':path': '/api/analytics/event', ':method': 'POST', 'content-type': 'application/json' },
        Buffer.alloc(200_000, 'a'),
      );
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.body.toString())).toMatchObject({
        success: false,
        status: 413,
        message: REQUEST_TOO_LARGE_MESSAGE,
      });
      const again = await h2Request(session, { ':path': '/api/health' });
      expect(again.status).toBe(200);
    } finally {
      session.close();
    }
  });

  it('answers a client without HTTP/2 over HTTP/1.1', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpsRequest(`${server.url}/api/health`, { ca }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true });
  });

  it('refuses half a pair, and a file it cannot read, before anything starts', () => {
    expect(() => loadEnv({ TLS_CERT_FILE: CERT_FILE })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE go together/);
    expect(() =>
      tlsFilesOf({ TLS_CERT_FILE: join(fixtures, 'missing.pem'), TLS_KEY_FILE: KEY_FILE }),
    ).toThrow(/Cannot read the TLS certificate or key/);
  });
});
