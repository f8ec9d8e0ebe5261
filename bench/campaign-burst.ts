/**
 * A burst of finishers (issue 23): BENCH_BURST_FINISHERS (300) gamers send the last task of a fixed-slot
 * campaign with BENCH_BURST_SLOTS (30) slots at the same moment, to one API process on PostgreSQL; how long
 * each waits for its answer. Baseline in the same run: the same validation sent alone, five times, by
 * gamers in the same state.
 *
 * Three processes: this one prepares a throwaway database (campaign, entries, sessions: written directly,
 * tokens from the API's own sign-in), starts the API (`src/main-api.ts`, the split-mode API, front ends
 * off) and then a separate load generator (`campaign-burst-load.mjs`) that sends the requests with
 * `fetch` and reports each answer's time. Prints first / median / p95 / last answer of the burst as
 * milliseconds and as multiples of the lone validation, the answers per second, and how many of the
 * burst were rewarded. It asserts nothing.
 *
 *   pnpm --filter @khel/bench bench:campaign-burst
 *   BENCH_BURST_FINISHERS=1000 BENCH_BURST_SLOTS=100 pnpm --filter @khel/bench bench:campaign-burst
 *   BENCH_BURST_PROFILE=/tmp/prof pnpm --filter @khel/bench bench:campaign-burst   # + the API's CPU profile
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { completeSignIn } from '@khel/api/modules/auth/sign-in.ts';
import { liveCampaign } from '@khel/api/modules/campaigns/campaigns.test-support.ts';
import { createTestContext } from '@khel/api/test-support';
import { createTestPostgresDatabase, schema } from '@khel/db';
import { sql } from 'drizzle-orm';
import { root } from '../tooling/scripts/lib.mjs';
import { ADMIN_URL, positive } from './support.ts';

const FINISHERS = Math.round(positive('BENCH_BURST_FINISHERS', 300));
const SLOTS = Math.round(positive('BENCH_BURST_SLOTS', 30));
const ALONE = 5;
const here = dirname(fileURLToPath(import.meta.url));

interface Answer {
  status: number;
  ms: number;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

async function main() {
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  try {
    database = await createTestPostgresDatabase(ADMIN_URL, { migrated: true, max: 10 });
  } catch (error) {
    console.log(`postgres: not reachable (${(error as Error).message.split('\n')[0]}); skipped`);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'khel-burst-'));
  const ctx = await createTestContext('postgres', ADMIN_URL, { DATA_DIR: dataDir }, { database, dataDir });
  const db = ctx.deps.db;
  const c = await liveCampaign(ctx, { variant: 'FIXED_SLOT_FIXED_REWARD', slots: SLOTS, amount: '1000' });
  const now = ctx.now().toISOString();
  const users = await db
    .insert(schema.users)
    .values(Array.from({ length: FINISHERS + ALONE }, () => ({ isVerified: true })))
    .returning();
  const ids = sql.raw(`array['${users.map((u) => u.id).join("','")}']::uuid[]`);
  await db.execute(sql`insert into campaign_entries (campaign_id, user_id, status, points, started_at)
    select ${c.id}, u, 'STARTED', 10, ${now}::timestamptz from unnest(${ids}) as u`);
  await db.execute(sql`insert into user_quests (user_id, quest_id, started_at)
    select u, ${c.row.questId}, ${now}::timestamptz from unnest(${ids}) as u`);
  await db.execute(sql`insert into user_tasks (user_id, task_id, quest_id, status, attempts, verified_at)
    select u, ${c.taskIds[0]}, ${c.row.questId}, 'VERIFIED', 1, ${now}::timestamptz from unnest(${ids}) as u`);
  const tokens: string[] = [];
  for (let i = 0; i < users.length; i += 50)
    tokens.push(
      ...(await Promise.all(
        users
          .slice(i, i + 50)
          .map(async (u) => (await completeSignIn(ctx.deps, u, false, 'website')).accessToken),
      )),
    );

  const port = 39_700 + Math.floor(Math.random() * 200);
  // BENCH_BURST_PROFILE=<dir>: the API writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_BURST_PROFILE;
  const args = [...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []), '--import', 'tsx'];
  const server = spawn(process.execPath, [...args, 'apps/api/src/main-api.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      SERVE_FRONT_ENDS: 'false',
      LOG_LEVEL: 'error',
      TRUST_PROXY: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(process.env.API_MAX_IN_FLIGHT ? { API_MAX_IN_FLIGHT: process.env.API_MAX_IN_FLIGHT } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((done) => server.once('exit', done));
  try {
    const base = `http://127.0.0.1:${port}/api`;
    for (;;) {
      if (server.exitCode !== null) throw new Error('the API exited before answering');
      const ok = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const work = join(dataDir, 'burst.json');
    writeFileSync(
      work,
      JSON.stringify({
        url: `${base}/campaigns/${c.id}/task/validate`,
        body: { taskId: c.taskIds[1], value: 'KDROP2' },
        alone: tokens.slice(0, ALONE),
        burst: tokens.slice(ALONE),
      }),
    );
    const out = await run(process.execPath, [join(here, 'campaign-burst-load.mjs'), work], {});
    const { alone, burst } = JSON.parse(out) as { alone: Answer[]; burst: Answer[] };
    const rewarded = await db.execute(
      sql`select count(*)::int as n from campaign_rewards where campaign_id = ${c.id}`,
    );
    const n = (Array.isArray(rewarded) ? rewarded[0] : (rewarded as { rows: { n: number }[] }).rows[0]) as {
      n: number;
    };
    const sorted = burst.map((a) => a.ms).sort((a, b) => a - b);
    const lone = alone.map((a) => a.ms).sort((a, b) => a - b)[Math.floor(ALONE / 2)]!;
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    const row = (label: string, ms: number) =>
      console.log(
        `  ${label.padEnd(22)} ${ms.toFixed(0).padStart(7)} ms  = ${(ms / lone).toFixed(1).padStart(6)} × alone`,
      );
    console.log(
      `campaign burst: ${FINISHERS} finishers at once on ${SLOTS} slots, one API process on PostgreSQL ` +
        `(Node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)})`,
    );
    console.log(`  validation alone (median of ${ALONE}) ${lone.toFixed(0).padStart(5)} ms`);
    row('first answer', sorted[0]!);
    row('median answer', at(0.5));
    row('p95 answer', at(0.95));
    row('last answer', sorted.at(-1)!);
    console.log(`  answers per second     ${(burst.length / (sorted.at(-1)! / 1000)).toFixed(1)}`);
    console.log(
      `  non-200 answers ${burst.filter((a) => a.status !== 200).length}; rewarded ${n.n} of ${SLOTS} slots`,
    );
  } finally {
    server.kill('SIGTERM');
    await exited;
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
