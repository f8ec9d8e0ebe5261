// The load generator of campaign-burst.ts, a process of its own: the lone validations one after another,
// then the whole burst at once, each request to the next of the API processes in turn; prints each answer's status and time (ms) as JSON.
import { readFileSync } from 'node:fs';

const { urls, body, alone, burst } = JSON.parse(readFileSync(process.argv[2], 'utf8'));

const send = async (token, i) => {
  const started = performance.now();
  const res = await fetch(urls[i % urls.length], {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-forwarded-for': `10.8.${Math.floor(i / 250)}.${i % 250}`,
    },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
};

const lone = [];
for (const [i, token] of alone.entries()) lone.push(await send(token, 60_000 + i));
const answers = await Promise.all(burst.map((token, i) => send(token, i)));
process.stdout.write(JSON.stringify({ alone: lone, burst: answers }));
