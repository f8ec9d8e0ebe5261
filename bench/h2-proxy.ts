import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * HTTPS with HTTP/2 in front of a loopback HTTP server, as the product is reached in production (a Telegram
 * Mini App must be served over HTTPS, and the TLS front of any deployment speaks HTTP/2): one connection whose
 * requests are multiplexed, instead of HTTP/1.1's six per host. A throwaway self-signed certificate (openssl);
 * the browser is started with `--ignore-certificate-errors`.
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

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'khel-h2-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
    { ...selfSignedCertificate(), allowHTTP1: true },
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
