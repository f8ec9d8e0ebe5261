import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * HTTPS with HTTP/2 in front of a loopback HTTP server, as the product is reached in production (a Telegram
 * Mini App must be served over HTTPS, and the TLS front of any deployment speaks HTTP/2): one connection whose
 * requests are multiplexed, instead of HTTP/1.1's six per host: the TLS front (nginx, Caddy, a CDN) of a
 * deployment, or the server itself with TLS_CERT_FILE (apps/api/src/tls.test.ts). The tests' self-signed
 * certificate; the browser is started with `--ignore-certificate-errors`.
 */
export interface H2Proxy {
  /** `https://127.0.0.1:<port>`, no trailing slash. */
  origin: string;
  close: () => Promise<void>;
}

/** Headers HTTP/2 forbids in either direction (RFC 9113 §8.2.2). */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
  'http2-settings',
]);

/** The tests' certificate for 127.0.0.1 (tests/fixtures/tls): its key is public, fine for a loopback bench. */
function testCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fileURLToPath(new URL('../tests/fixtures/tls/', import.meta.url));
  return {
    key: readFileSync(join(dir, 'localhost-key.pem')),
    cert: readFileSync(join(dir, 'localhost-cert.pem')),
  };
}

function forwardable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(':') || CONNECTION_HEADERS.has(name)) continue;
    out[name] = value;
  }
  return out;
}

/** Serves `target` (an `http://host:port` origin) over HTTPS + HTTP/2 on a free loopback port. */
export async function startH2Proxy(target: string): Promise<H2Proxy> {
  const upstream = new URL(target);
  const server = createSecureServer(
    { ...testCertificate(), allowHTTP1: true },
    (req: Http2ServerRequest, res: Http2ServerResponse) => {
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...forwardable(req.headers), host: upstream.host, 'x-forwarded-proto': 'https' },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
          answer.pipe(res);
        },
      );
      forward.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(forward);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
