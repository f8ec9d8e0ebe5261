/**
 * Issue 23: does drawing a card image stall everyone else? A cheap route's p99 latency while uncached
 * card images are drawn, as a ratio of the same route's p99 alone, measured in the same run.
 *
 * Three processes: this one (the orchestrator, which also fetches the card images), the API (the built
 * server, `npm start`'s all-in-one entry, on a throwaway PostgreSQL database with BENCH_CARDS cards
 * seeded, each with a 512×512 avatar) and a load generator (this file forked with `--load`), which
 * sends GET /api/health open-loop at BENCH_RATE requests/s (latency counted from the moment each
 * request was due, so a stalled server is not hidden by requests that were never sent). Rounds of
 * BENCH_ROUND_SECONDS: alone, one card loop, two card loops, repeated BENCH_ROUNDS times, interleaved.
 * A card loop fetches one card image after another, each never asked for before (card × face ×
 * language), so every one is drawn, not answered from the cache. It also prints the CPU time (Linux
 * /proc) of the API process by thread (the request thread, threads niced below it, every other thread
 * at its priority: V8's platform threads, libuv's pool) and of its child processes (the card render
 * children), and the children's scheduling policy and nice value.
 *
 *   pnpm --filter @khel/bench bench:card-stall
 *
 * It prints figures; it is not a test and asserts nothing.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestPostgresDatabase, schema } from '@khel/db';
import { buildServer, serverEntry } from '../tooling/scripts/build-server.mjs';
import { root } from '../tooling/scripts/lib.mjs';
import { freePort, waitForReady } from './server.ts';
import { ADMIN_URL, positive } from './support.ts';

const RATE = Math.round(positive('BENCH_RATE', 100));
const ROUND_SECONDS = positive('BENCH_ROUND_SECONDS', 6);
const ROUNDS = Math.round(positive('BENCH_ROUNDS', 3));
const CARDS = Math.round(positive('BENCH_CARDS', 40));

interface LoadOrder {
  url: string;
  rate: number;
  seconds: number;
}
interface LoadReport {
  latencies: number[];
  errors: number;
}

/** One HTTP GET on a keep-alive agent; resolves with the status once the body is read. */
function fetchStatus(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    }).on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------------
// The load generator (a process of its own): open-loop GETs, latency from when each was due.

async function openLoop({ url, rate, seconds }: LoadOrder): Promise<LoadReport> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * seconds);
  const gap = 1000 / rate;
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + i * gap;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      fetchStatus(url, agent).then(
        (status) => {
          if (status === 200) latencies.push(performance.now() - due);
          else errors++;
        },
        () => {
          errors++;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { latencies, errors };
}

// ---------------------------------------------------------------------------------------------------
// The orchestrator.

/** CPU time by thread kind of a process so far (Linux /proc; clock ticks of 10 ms). */
interface ThreadCpu {
  /** The thread that answers requests (the process's first thread). */
  request: number;
  /** Threads niced below it (render worker threads, before the render children). */
  niced: number;
  /** Every other thread at the request thread's priority: V8's platform threads (GC, compilation), libuv's pool. */
  other: number;
  /** The API's child processes, all their threads: the card render children. */
  children: number;
}

/** The fields of a /proc stat file after the process name: index 0 is field 3 (state). */
const fieldsOf = (path: string) => {
  const stat = readFileSync(path, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

/** Pids of a process's children (Linux /proc: every process whose parent it is). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(fieldsOf(`/proc/${entry}/stat`)[1]) === pid) found.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/** How a process's threads are scheduled, e.g. `SCHED_IDLE (13 threads), /autogroup-42 nice 19`. */
function schedulingOf(pid: number): string {
  const kinds = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = fieldsOf(`/proc/${pid}/task/${tid}/stat`);
      const policy =
        { '0': 'normal', '3': 'SCHED_BATCH', '5': 'SCHED_IDLE' }[fields[38]!] ?? `policy ${fields[38]}`;
      const kind = `${policy}${fields[16] === '0' ? '' : `, nice ${fields[16]}`}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    } catch {
      // the thread ended meanwhile
    }
  }
  let group = '';
  try {
    group = `, ${readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim()}`; // e.g. "/autogroup-42 nice 19"
  } catch {
    // no autogroups here
  }
  return `${[...kinds].map(([kind, threads]) => `${kind} (${threads} threads)`).join(' + ')}${group}`;
}

function threadCpuMs(pid: number): ThreadCpu {
  const cpu: ThreadCpu = { request: 0, niced: 0, other: 0, children: 0 };
  try {
    for (const child of childrenOf(pid)) {
      const fields = fieldsOf(`/proc/${child}/stat`);
      cpu.children += (Number(fields[11]) + Number(fields[12])) * 10;
    }
    const mainNice = Number(fieldsOf(`/proc/${pid}/stat`)[16]);
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      let fields: string[];
      try {
        fields = fieldsOf(`/proc/${pid}/task/${tid}/stat`);
      } catch {
        continue; // the thread ended meanwhile
      }
      const ms = (Number(fields[11]) + Number(fields[12])) * 10;
      if (tid === String(pid)) cpu.request += ms;
      else if (Number(fields[16]) > mainNice) cpu.niced += ms;
      else cpu.other += ms;
    }
  } catch {
    // Not Linux, or the process is gone: zeros.
  }
  return cpu;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main(): Promise<void> {
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  try {
    database = await createTestPostgresDatabase(ADMIN_URL, { migrated: true });
  } catch (error) {
    console.log(
      `card-stall bench: no PostgreSQL at ${ADMIN_URL} (${(error as Error).message}); start one or set BENCH_DATABASE_URL`,
    );
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'khel-card-stall-'));
  let api: ChildProcess | undefined;
  let load: ChildProcess | undefined;
  try {
    console.log(
      `card-stall bench: Node ${process.version}, ${availableParallelism()} CPUs (load average ${loadavg()[0]!.toFixed(1)}), ` +
        `GET /api/health at ${RATE}/s open-loop from a separate process, ${ROUNDS} × (alone, 1 card loop, 2 card loops) rounds of ${ROUND_SECONDS} s`,
    );
    const outDir = join(work, 'server');
    await buildServer({ quiet: true, outDir });

    // Cards with a real-looking avatar (sharp is a dependency of @khel/api: load it from there).
    const fromApi = createRequire(import.meta.resolve('@khel/api/modules/pog/card/card-image.ts'));
    const sharp = fromApi('sharp') as (input: Buffer) => { png(): { toBuffer(): Promise<Buffer> } };
    const names: string[] = [];
    for (let i = 0; i < CARDS; i++) {
      const avatar = await sharp(
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
          <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1a2a6c"/><stop offset="1" stop-color="hsl(${(i * 37) % 360} 70% 45%)"/></linearGradient></defs>
          <rect width="512" height="512" fill="url(#g)"/><circle cx="256" cy="220" r="120" fill="#f5c6a5"/><rect x="136" y="360" width="240" height="152" rx="60" fill="#222"/>
        </svg>`),
      )
        .png()
        .toBuffer();
      const [user] = await database.db.insert(schema.users).values({}).returning({ id: schema.users.id });
      const name = `Stall${String(i).padStart(4, '0')}`;
      await database.db.insert(schema.pogCards).values({
        userId: user!.id,
        name,
        nameKey: name.toLowerCase(),
        state: 'Minted',
        theme: (['Adventure', 'Fantasy', 'Action', 'Toon', 'Sci-Fi', 'Horror'] as const)[i % 6],
        avatar,
        avatarVersion: 1,
      });
      names.push(name);
    }
    // Every (card, face, language) is drawn once: a card loop takes the next one never asked for.
    const images = names.flatMap((name) =>
      ['front.png', 'back.png', 'share.png'].flatMap((face) =>
        ['en', 'hi', 'pt-BR'].map((lang) => `/api/pog/cards/${name}/${face}?lang=${lang}`),
      ),
    );
    let nextImage = 0;

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    api = spawn(process.execPath, ['--enable-source-maps', serverEntry('all', outDir)], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        DATA_DIR: join(work, 'data'),
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SERVE_FRONT_ENDS: 'false',
        JOB_WORKER_ENABLED: 'false',
        ...Object.fromEntries(
          ['CARD_RENDER_PROCESSES', 'CARD_RENDER_PRIORITY', 'CARD_RENDER_THREADS', 'CARD_RENDER_NICE']
            .filter((key) => process.env[key])
            .map((key) => [key, process.env[key]!]),
        ),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForReady(`${base}/api/health`, api, performance.now(), 120_000, 50);

    const cardAgent = new Agent({ keepAlive: true });
    let cardErrors = 0;
    let firstCardError = '';
    const cardLoop = async (until: () => boolean): Promise<number> => {
      let drawn = 0;
      while (!until()) {
        const path = images[nextImage++ % images.length]!;
        // Once more on a connection error: a kept-alive socket the server closed while the loop was idle.
        const status = await fetchStatus(`${base}${path}`, cardAgent).catch(() =>
          fetchStatus(`${base}${path}`, cardAgent).catch(() => 0),
        );
        if (status === 200) drawn++;
        else {
          cardErrors++;
          firstCardError ||= `${status} for ${path}`;
        }
      }
      return drawn;
    };
    // Warm-up: the first card loads satori, resvg and the fonts.
    for (let i = 0; i < 2; i++) await fetchStatus(`${base}${images[nextImage++]}`, cardAgent);

    load = fork(import.meta.filename, ['--load'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const loadRound = (seconds: number) =>
      new Promise<LoadReport>((resolve) => {
        load!.once('message', (report) => resolve(report as LoadReport));
        load!.send({ url: `${base}/api/health`, rate: RATE, seconds } satisfies LoadOrder);
      });
    await loadRound(3); // warm-up: the load generator's connections, the route's first calls

    const modes = [0, 1, 2] as const;
    const samples: Record<(typeof modes)[number], number[]> = { 0: [], 1: [], 2: [] };
    const drawnPerMode: Record<(typeof modes)[number], { drawn: number; seconds: number }> = {
      0: { drawn: 0, seconds: 0 },
      1: { drawn: 0, seconds: 0 },
      2: { drawn: 0, seconds: 0 },
    };
    const roundRatios: Record<1 | 2, number[]> = { 1: [], 2: [] };
    const cpuPerMode: Record<(typeof modes)[number], ThreadCpu> = {
      0: { request: 0, niced: 0, other: 0, children: 0 },
      1: { request: 0, niced: 0, other: 0, children: 0 },
      2: { request: 0, niced: 0, other: 0, children: 0 },
    };
    let loadErrors = 0;
    console.log('\nround  card loops  requests  p50 ms  p99 ms  cards drawn');
    for (let round = 1; round <= ROUNDS; round++) {
      let aloneThisRound = Number.NaN;
      for (const loops of modes) {
        let done = false;
        const cpuBefore = threadCpuMs(api!.pid!);
        const started = performance.now();
        const cards = Array.from({ length: loops }, () => cardLoop(() => done));
        const report = await loadRound(ROUND_SECONDS);
        done = true;
        const drawn = (await Promise.all(cards)).reduce((a, b) => a + b, 0);
        const seconds = (performance.now() - started) / 1000;
        const cpuAfter = threadCpuMs(api!.pid!);
        for (const kind of ['request', 'niced', 'other', 'children'] as const)
          cpuPerMode[loops][kind] += cpuAfter[kind] - cpuBefore[kind];
        samples[loops].push(...report.latencies);
        drawnPerMode[loops].drawn += drawn;
        drawnPerMode[loops].seconds += seconds;
        loadErrors += report.errors;
        const p99 = percentile(report.latencies, 99);
        if (loops === 0) aloneThisRound = p99;
        else roundRatios[loops].push(p99 / aloneThisRound);
        console.log(
          `${String(round).padStart(5)}  ${String(loops).padStart(10)}  ${String(report.latencies.length).padStart(8)}  ` +
            `${percentile(report.latencies, 50).toFixed(1).padStart(6)}  ${percentile(report.latencies, 99).toFixed(1).padStart(6)}  ${String(drawn).padStart(11)}`,
        );
      }
    }
    const alone = percentile(samples[0], 99);
    console.log(
      `\nGET /api/health p99 over all rounds (errors: health ${loadErrors}, cards ${cardErrors}${firstCardError ? `, first: ${firstCardError}` : ''}):`,
    );
    for (const loops of modes) {
      const p99 = percentile(samples[loops], 99);
      const rate = drawnPerMode[loops].drawn / drawnPerMode[loops].seconds;
      console.log(
        `  ${loops === 0 ? 'alone          ' : `${loops} card loop${loops > 1 ? 's' : ' '}   `} p50 ${percentile(samples[loops], 50).toFixed(1).padStart(6)} ms  p99 ${p99.toFixed(1).padStart(6)} ms` +
          (loops === 0
            ? ''
            : `  = ${(p99 / alone).toFixed(2)} × alone (median of rounds ${median(roundRatios[loops]).toFixed(2)} ×)  ${rate.toFixed(2)} cards/s`),
      );
    }
    // CPU ms per second of each kind of round, and what a drawn card added over the alone rounds.
    const perSecond = (loops: (typeof modes)[number], kind: keyof ThreadCpu) =>
      cpuPerMode[loops][kind] / drawnPerMode[loops].seconds;
    console.log("\nthe API's CPU, ms per second (Linux): its process by thread, and its child processes");
    for (const loops of modes) {
      const label = loops === 0 ? 'alone        ' : `${loops} card loop${loops > 1 ? 's' : ' '} `;
      const { drawn, seconds } = drawnPerMode[loops];
      const added = (kind: keyof ThreadCpu) => (perSecond(loops, kind) - perSecond(0, kind)) * seconds;
      const signed = (ms: number) => `${ms < 0 ? '−' : '+'}${Math.abs(ms).toFixed(0)}`;
      const card =
        loops === 0 || drawn === 0
          ? ''
          : `   per card drawn: render children ${signed(added('children') / drawn)} ms, niced threads ${signed(added('niced') / drawn)} ms, ` +
            `request thread ${signed(added('request') / drawn)} ms, other threads ${signed(added('other') / drawn)} ms`;
      console.log(
        `  ${label}  request thread ${perSecond(loops, 'request').toFixed(0).padStart(4)}  niced threads ${perSecond(loops, 'niced').toFixed(0).padStart(4)}` +
          `  other threads at the request thread's priority ${perSecond(loops, 'other').toFixed(0).padStart(4)}` +
          `  render children ${perSecond(loops, 'children').toFixed(0).padStart(4)}${card}`,
      );
    }
    console.log(`  load average now ${loadavg()[0]!.toFixed(1)}`);
    const children = childrenOf(api!.pid!);
    console.log(
      `  render children now: ${children.length === 0 ? 'none' : children.map((pid) => `pid ${pid}: ${schedulingOf(pid)}`).join('; ')}`,
    );
    if (nextImage > images.length)
      console.log(
        `  note: ${nextImage} images asked of ${images.length}: some came from the cache (raise BENCH_CARDS)`,
      );
  } finally {
    load?.send('exit');
    if (api && api.exitCode === null) {
      const exited = new Promise((done) => api!.once('exit', done));
      api.kill('SIGTERM');
      await exited;
    }
    await database.close();
    rmSync(work, { recursive: true, force: true });
  }
}

// Last, so that everything above is initialised: this file is both processes.
if (process.argv[2] === '--load') {
  process.on('message', (order: LoadOrder | 'exit') => {
    if (order === 'exit') process.exit(0);
    void openLoop(order).then((report) => process.send!(report));
  });
} else {
  await main();
}
