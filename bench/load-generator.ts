/**
 * A load generator in a process of its own, so the server under test does not share its event loop with the
 * client (the CPUs still are shared: 2 cores). GETs one URL from `connections` loops (Node's fetch, keep-alive)
 * for a warm-up then for `seconds`, and prints one JSON line: requests/s, p50/p95 ms, errors (non-2xx or
 * failed), and the first error. Bounded in time; it targets only the URL it is given (127.0.0.1 in the benches).
 *
 *   tsx load-generator.ts <url> <connections> <seconds> [warmupSeconds] [header:value …]
 */
const [url, connectionsArg, secondsArg, warmupArg = '0.5', ...headerArgs] = process.argv.slice(2);
if (!url || !connectionsArg || !secondsArg) {
  console.error('usage: load-generator.ts <url> <connections> <seconds> [warmupSeconds] [header:value …]');
  process.exit(2);
}
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])[:/]/.test(url)) {
  console.error('load-generator: only loopback addresses');
  process.exit(2);
}
const headers = Object.fromEntries(
  headerArgs.map((h) => {
    const i = h.indexOf(':');
    return [h.slice(0, i), h.slice(i + 1)];
  }),
);

async function phase(seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: Number(connectionsArg) }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const res = await fetch(url!, { headers });
          await res.arrayBuffer();
          if (res.status >= 300) throw new Error(`HTTP ${res.status}`);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors++;
          firstError ??= (error as Error).message;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? null;
  return { requestsPerSecond: latencies.length / elapsed, p50: at(0.5), p95: at(0.95), errors, firstError };
}

await phase(Number(warmupArg));
console.log(JSON.stringify(await phase(Number(secondsArg))));
