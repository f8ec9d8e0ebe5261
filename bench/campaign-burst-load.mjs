// The load generator of campaign-burst.ts, a process of its own: the lone validations one after another,
// then the whole burst at once, each request to the next of the API processes in turn; prints each answer's
// status and time (ms) as JSON, with the CPU time it used (ms): its own cost, on the same cores as the product's.
//
// Each request is written on a connection of its own as prebuilt HTTP/1.1 bytes and its answer read to the
// end, as wrk does: `fetch` (undici) cost 2.5 ms of CPU a request here, as much as a third of what the API
// spent, and on a 2-core machine that CPU was taken from the product. A gamer's phone pays for its own
// request; this costs ≈ 0.3 ms. Each gamer comes from an address of their own (`from` + their place in the
// burst: a warm-up burst uses others).
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';

const { urls, body, alone, burst, from = 0 } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const payload = Buffer.from(JSON.stringify(body));
const targets = urls.map((u) => new URL(u));

/** The request's bytes: head and body in one buffer, written at once. */
function request(target, token, address) {
  const head =
    `POST ${target.pathname} HTTP/1.1\r\nhost: ${target.host}\r\nauthorization: Bearer ${token}\r\n` +
    `content-type: application/json\r\ncontent-length: ${payload.length}\r\nx-forwarded-for: ${address}\r\n` +
    'connection: close\r\n\r\n';
  return Buffer.concat([Buffer.from(head, 'latin1'), payload]);
}

/** Sends one request; resolves with the answer's status and the time to its last byte. */
const send = (token, i) =>
  new Promise((resolve, reject) => {
    const target = targets[i % targets.length];
    const bytes = request(target, token, `10.8.${Math.floor(i / 250)}.${i % 250}`);
    const started = performance.now();
    const socket = connect({ host: target.hostname, port: Number(target.port), noDelay: true });
    let first = null;
    socket.once('connect', () => socket.write(bytes));
    socket.on('data', (chunk) => {
      first ??= chunk.subarray(0, 16).toString('latin1');
    });
    socket.once('error', reject);
    // The server closes the connection after the answer (connection: close): its end is the answer's end.
    socket.once('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(first ?? '')?.[1] ?? 0);
      resolve({ status, ms: performance.now() - started });
    });
  });

const lone = [];
for (const [i, token] of alone.entries()) lone.push(await send(token, 60_000 + i));
const answers = await Promise.all(burst.map((token, i) => send(token, from + i)));
const { userCPUTime, systemCPUTime } = process.resourceUsage();
process.stdout.write(
  JSON.stringify({ alone: lone, burst: answers, cpuMs: (userCPUTime + systemCPUTime) / 1000 }),
);
