/**
 * The benches' HTTP load generator, a process of its own so the server under test does not share its event loop
 * with the client (the CPUs still are shared: 2 cores). It runs autocannon (keep-alive connections, its own HTTP
 * client, far cheaper per request than `fetch`) on one URL with `connections` connections, first for a warm-up
 * then for `seconds`, and prints one JSON line: requests/s (2xx answers per second of the counted run), p50, p90
 * and p99 latency in ms, errors (non-2xx answers, failed or timed-out requests) and the first non-2xx status.
 * Bounded in time; it targets only the loopback URL it is given.
 *
 *   tsx load-generator.ts <url> <connections> <seconds> [warmupSeconds] [header:value …]
 *   LOAD_METHOD=POST LOAD_BODY='{"a":1}' tsx load-generator.ts …   (a body is sent as JSON)
 *   LOAD_FRESH_IDEMPOTENCY_KEY=true …   (a new random Idempotency-Key on every request)
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

const [url, connectionsArg, secondsArg, warmupArg = '0.5', ...headerArgs] = process.argv.slice(2);
if (!url || !connectionsArg || !secondsArg) {
  console.error('usage: load-generator.ts <url> <connections> <seconds> [warmupSeconds] [header:value …]');
  process.exit(2);
}
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])[:/]/.test(url)) {
  console.error('load-generator: only loopback addresses');
  process.exit(2);
}
const headers: Record<string, string> = Object.fromEntries(
  headerArgs.map((h) => {
    const i = h.indexOf(':');
    return [h.slice(0, i), h.slice(i + 1)];
  }),
);
const body = process.env.LOAD_BODY;
if (body !== undefined) headers['content-type'] ??= 'application/json';

interface Histogram {
  p50: number;
  p90: number;
  p99: number;
}
interface Result {
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  latency: Histogram;
  statusCodeStats: Record<string, { count: number }>;
}

const run = (seconds: number) =>
  autocannon({
    url,
    connections: Number(connectionsArg),
    duration: seconds,
    method: (process.env.LOAD_METHOD ?? 'GET') as 'GET',
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(process.env.LOAD_FRESH_IDEMPOTENCY_KEY === 'true'
      ? {
          requests: [
            {
              setupRequest: (req: { headers?: Record<string, string> }) => ({
                ...req,
                headers: { ...req.headers, 'idempotency-key': randomUUID() },
              }),
            },
          ],
        }
      : {}),
  }) as unknown as Promise<Result>;

if (Number(warmupArg) > 0) await run(Number(warmupArg));
const r = await run(Number(secondsArg));
const firstError = Object.keys(r.statusCodeStats ?? {}).find((code) => !code.startsWith('2'));
console.log(
  JSON.stringify({
    requestsPerSecond: r['2xx'] / r.duration,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
    ...(firstError
      ? { firstError: `HTTP ${firstError}` }
      : r.errors
        ? { firstError: 'connection errors' }
        : {}),
  }),
);
