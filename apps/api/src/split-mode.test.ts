import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createTestPostgresDatabase,
  DEMO_QUESTS,
  DEMO_RECURRING_QUESTS,
  DEMO_USERS,
  MIGRATIONS_FOLDER,
  STORE_CATALOGUE,
  schema,
} from '@khel/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildServer, serverEntry } from '../../../tooling/scripts/build-server.mjs';
import { ACCOUNT_PURGE_JOB } from './modules/account-deletion/account-deletion.ts';
import { DEMO_CAMPAIGNS } from './modules/campaigns/demo.ts';

/**
 * PostgreSQL only. Split mode (DESIGN §2) as production runs it: two API processes (main-api.ts,
 * what `pnpm start:api` runs) and two job workers (main-worker.ts, `pnpm start:worker`) as real
 * child processes running the built JavaScript that `start` runs (tooling/scripts/build-server.mjs), all started at the same moment on one fresh, unmigrated database and one shared
 * DATA_DIR. Requests go through both APIs; the test shows that what replicas must share lives in
 * PostgreSQL (rate limits, nonces, sessions), that every job runs exactly once, and that SIGTERM
 * stops each process cleanly.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const ORIGIN = 'https://play.khel.test';
const PURGE_USERS = 24;
const STARTUP_MS = 45_000;

interface Child {
  name: string;
  proc: ChildProcess;
  /** Parsed JSON log lines (stdout). */
  logs: Record<string, unknown>[];
  stderr: string;
  exit: Promise<number | null>;
}

function spawnChild(name: string, entry: string, env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child: Child = {
    name,
    proc,
    logs: [],
    stderr: '',
    exit: new Promise((done) => proc.once('exit', (code) => done(code))),
  };
  let rest = '';
  proc.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      try {
        child.logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // Not a log line.
      }
    }
  });
  proc.stderr!.on('data', (chunk: Buffer) => {
    child.stderr += chunk.toString('utf8');
  });
  return child;
}

const alive = (c: Child) => c.proc.exitCode === null && c.proc.signalCode === null;

async function waitFor<T>(what: string, check: () => T | undefined | false, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('split mode on PostgreSQL only: 2 API processes + 2 job workers on one database', () => {
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  let dataDir: string;
  const children: Child[] = [];
  const apis: { name: string; url: string; requests: number }[] = [];
  let workers: Child[] = [];
  let childEnv: Record<string, string>;
  const refused: Child[] = [];

  beforeAll(async () => {
    database = await createTestPostgresDatabase(inject('postgresAdminUrl'));
    dataDir = await mkdtemp(join(tmpdir(), 'khel-split-'));
    await buildServer({ quiet: true, outDir: join(dataDir, 'server') });
    const apiEntry = serverEntry('api', join(dataDir, 'server'));
    const workerEntry = serverEntry('worker', join(dataDir, 'server'));
    // No secrets in the environment: the four share the development keys of one DATA_DIR, made
    // by whichever starts first (lib/dev-key-file.ts). In production they come from the environment.
    childEnv = {
      PATH: process.env.PATH ?? '',
      ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATABASE_POOL_MAX: '4',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      WORKER_HEALTH_PORT: '0',
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'true',
      PUBLIC_URL: ORIGIN,
      SERVE_FRONT_ENDS: 'false',
      JOB_WORKER_INTERVAL_MS: '100',
      ACCOUNT_DELETION_GRACE_DAYS: '0',
    };
    // All four at once, on a database with no tables yet: migrations, demo data and key files race.
    children.push(
      spawnChild('api-1', apiEntry, childEnv),
      spawnChild('api-2', apiEntry, childEnv),
      spawnChild('worker-1', workerEntry, childEnv),
      spawnChild('worker-2', workerEntry, childEnv),
    );
    workers = children.slice(2);
    const started = (c: Child) =>
      c.logs.find((l) => l.msg === 'khel api started' || l.msg === 'khel job worker started');
    await waitFor(
      'the four processes to start',
      () => {
        const dead = children.find((c) => !alive(c));
        if (dead) throw new Error(`${dead.name} exited (${dead.proc.exitCode}): ${dead.stderr.slice(-2000)}`);
        return children.every(started);
      },
      STARTUP_MS,
    );
    for (const c of children.slice(0, 2))
      apis.push({ name: c.name, url: started(c)!.url as string, requests: 0 });
    // Started now, checked by their own test: the same two entries without DATABASE_URL.
    const { DATABASE_URL: _url, ...withoutDatabase } = childEnv;
    refused.push(
      spawnChild('api-no-db', apiEntry, withoutDatabase),
      spawnChild('worker-no-db', workerEntry, withoutDatabase),
    );
    children.push(...refused);
  }, STARTUP_MS + 15_000);

  afterAll(async () => {
    for (const c of children) if (alive(c)) c.proc.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exit));
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function call(
    api: (typeof apis)[number],
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    api.requests++;
    const res = await fetch(`${api.url}/api${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  }

  let ipCounter = 0;
  /** A new client address per caller (TRUST_PROXY=true), so per-IP limits only bite where a test means them to. */
  const freshIp = () => {
    const n = ipCounter++;
    return `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };
  let phoneCounter = 0;
  const freshPhone = () => `+9198${String(phoneCounter++).padStart(8, '0')}`;

  async function otpFrom(api: (typeof apis)[number], phone: string): Promise<string> {
    const res = await call(api, `/dev/outbox?to=${encodeURIComponent(phone)}&limit=1`);
    const code = /\b(\d{6})\b/.exec(res.body.data[0]?.body ?? '')?.[1];
    if (!code) throw new Error(`no code in the outbox for ${phone}`);
    return code;
  }

  /** Code asked on `ask`, read from the outbox through `read`, signed in on `ask`. */
  async function signIn(ask: (typeof apis)[number], read: (typeof apis)[number], phone = freshPhone()) {
    const ip = freshIp();
    const sent = await call(ask, '/authentication/register', {
      body: { phone },
      headers: { 'x-forwarded-for': ip },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const verified = await call(ask, '/authentication/verify', {
      body: { phone, otp: await otpFrom(read, phone) },
      headers: { 'x-forwarded-for': ip },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    return verified.body.data as { accessToken: string; refreshToken: string; user: { id: string } };
  }

  it('four processes started at once on a fresh database: each migration applied once, demo data seeded once', async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const migrations = await database.db.execute(sql`select hash from drizzle.__drizzle_migrations`);
    expect(migrations).toHaveLength(journal.entries.length);
    const seeds = await database.db.select().from(schema.seedRuns);
    expect(seeds.map((s) => s.name).sort()).toEqual([
      'campaigns-demo-v1',
      'clans-demo-v1',
      'content-articles-v1',
      'demo-users-v1',
      'klash-demo-v1',
      'quests-demo-v1',
      'quests-recurring-demo-v1',
      'stars-demo-v1',
      'store-catalogue-v1',
      'store-catalogue-v2-regions',
      'third-party-clients-v1',
      'web-content-v1',
    ]);
    // Seeded once: the demo quests exist once each, whatever the number of starters.
    const questRows = await database.db
      .select({ slug: schema.quests.slug })
      .from(schema.quests)
      .where(eq(schema.quests.kind, 'quest'));
    expect(questRows).toHaveLength(DEMO_QUESTS.length + DEMO_RECURRING_QUESTS.length);
    expect(await database.db.select({ id: schema.campaigns.id }).from(schema.campaigns)).toHaveLength(
      DEMO_CAMPAIGNS.length,
    );
    const demo = await database.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(
        inArray(
          schema.users.phoneNumber,
          DEMO_USERS.map((u) => u.phoneNumber),
        ),
      );
    expect(demo).toHaveLength(DEMO_USERS.length);
    expect(await database.db.select().from(schema.storeItems)).toHaveLength(STORE_CATALOGUE.length);
    const seededBy = children.filter((c) => c.logs.some((l) => l.msg === 'demo data seeded'));
    expect(seededBy).toHaveLength(1);
    // Every process answers; the workers only on their health port.
    for (const api of apis) {
      const ready = await call(api, '/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.data.status).toBe('ok');
    }
    for (const w of workers) {
      const health = w.logs.find((l) => l.msg === 'khel job worker started')!.health as string;
      expect((await fetch(health, { signal: AbortSignal.timeout(5_000) })).status).toBe(200);
    }
  });

  it('rate limits are shared: a phone waiting for its next code waits on both APIs, and the per-IP hourly cap counts requests to either', async () => {
    const [a, b] = apis as [(typeof apis)[number], (typeof apis)[number]];
    const phone = freshPhone();
    expect(
      (
        await call(a, '/authentication/register', {
          body: { phone },
          headers: { 'x-forwarded-for': freshIp() },
        })
      ).status,
    ).toBe(200);
    const again = await call(b, '/authentication/register', {
      body: { phone },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(170);

    // OTP_PER_IP_PER_HOUR = 20 codes per address, whichever API is asked.
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await call(i % 2 === 0 ? a : b, '/authentication/register', {
        body: { phone: freshPhone() },
        headers: { 'x-forwarded-for': ip },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(20).fill(200), 429, 429]);
  });

  it('nonces are shared: a SIWE nonce issued by API 1 signs in once on API 2, and API 1 refuses it afterwards', async () => {
    const [a, b] = apis as [(typeof apis)[number], (typeof apis)[number]];
    const account = privateKeyToAccount(generatePrivateKey());
    const issued = await call(a, '/authentication/siwe/nonce', { headers: { 'x-forwarded-for': freshIp() } });
    expect(issued.status).toBe(200);
    const message = createSiweMessage({
      domain: new URL(ORIGIN).host,
      address: account.address,
      statement: 'Sign in to Khel',
      uri: `${ORIGIN}/login`,
      version: '1',
      chainId: 1,
      nonce: issued.body.data.nonce,
      issuedAt: new Date(Date.now() - 1_000),
    });
    const body = { message, signature: await account.signMessage({ message }) };
    const first = await call(b, '/authentication/siwe', { body });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const replay = await call(a, '/authentication/siwe', { body });
    expect(replay.status).toBe(401);
    expect(replay.body.data).toEqual({ reason: 'nonce', code: 'SIWE_FAILED' });
  });

  it('sessions are shared: signed in on API 1, the access token works on API 2, refresh on API 2, logout on API 1 ends it (refresh and access token) on API 2', async () => {
    const [a, b] = apis as [(typeof apis)[number], (typeof apis)[number]];
    const session = await signIn(a, b);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    const profile = await call(b, '/users/me/profile', { headers: bearer(session.accessToken) });
    expect(profile.status).toBe(200);
    expect(profile.body.data.id).toBe(session.user.id);

    const refreshed = await call(
      b,
      `/authentication/token/refresh?refresh_token=${encodeURIComponent(session.refreshToken)}`,
    );
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const pair = refreshed.body.data as { accessToken: string; refreshToken: string };
    expect((await call(a, '/users/me/profile', { headers: bearer(pair.accessToken) })).status).toBe(200);

    expect(
      (await call(a, '/authentication/logout', { body: { refreshToken: pair.refreshToken } })).status,
    ).toBe(200);
    const afterLogout = await call(
      b,
      `/authentication/token/refresh?refresh_token=${encodeURIComponent(pair.refreshToken)}`,
    );
    expect(afterLogout.status).toBe(400);
    // Access tokens are checked against their session row too: the logged-out one stops working on API 2.
    expect((await call(b, '/users/me/profile', { headers: bearer(pair.accessToken) })).status).toBe(401);
    // The rotated-out token is no good on either API either.
    const old = await call(
      a,
      `/authentication/token/refresh?refresh_token=${encodeURIComponent(session.refreshToken)}`,
    );
    expect(old.status).toBe(400);
  });

  it(`jobs run exactly once: ${PURGE_USERS} account purges requested through both APIs, and the recurring job, across two workers`, async () => {
    const [a, b] = apis as [(typeof apis)[number], (typeof apis)[number]];
    const sessions: Awaited<ReturnType<typeof signIn>>[] = [];
    for (let i = 0; i < PURGE_USERS; i += 6) {
      sessions.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(6, PURGE_USERS - i) }, (_, k) =>
            (i + k) % 2 === 0 ? signIn(a, b) : signIn(b, a),
          ),
        )),
      );
    }
    // All at once, half through each API: the purges (grace 0 days) are due as soon as they are enqueued.
    const requested = await Promise.all(
      sessions.map((s, i) =>
        call(i % 2 === 0 ? a : b, '/users/me/deletion-request', {
          method: 'POST',
          headers: { authorization: `Bearer ${s.accessToken}` },
        }),
      ),
    );
    expect(requested.map((r) => r.status)).toEqual(Array(PURGE_USERS).fill(202));

    const userIds = sessions.map((s) => s.user.id);
    const purgeJobs = () =>
      database.db.select().from(schema.jobs).where(eq(schema.jobs.kind, ACCOUNT_PURGE_JOB));
    await vi.waitFor(
      async () =>
        expect(
          (await purgeJobs()).filter((j) => j.doneAt),
          'purge jobs done',
        ).toHaveLength(PURGE_USERS),
      { timeout: 20_000, interval: 100 },
    );
    const doneLines = () =>
      workers.flatMap((w) =>
        w.logs
          .filter((l) => l.msg === 'job done')
          .map((l) => ({ ...l, worker: w.name }) as Record<string, unknown>),
      );
    await waitFor(
      'the workers to log every purge',
      () => doneLines().filter((l) => l.kind === ACCOUNT_PURGE_JOB).length >= PURGE_USERS,
      5_000,
    );
    // Each worker polls once more, taking every due job oldest first, and logs in order: a purge run twice
    // would show up by then. Probe jobs of a kind no worker handles go in one at a time until each worker has
    // taken (and failed) one.
    const probedBy = new Set<string>();
    for (let probes = 0; probedBy.size < workers.length; probes++) {
      if (probes === 50) throw new Error(`50 probe jobs, and only ${[...probedBy].join(', ')} took any`);
      const [probe] = await database.db
        .insert(schema.jobs)
        .values({ kind: 'split-mode.probe', runAt: new Date() })
        .returning();
      const taker = await waitFor(
        `a worker to take probe job ${probe!.id}`,
        () =>
          workers.find((w) =>
            w.logs.some((l) => l.msg === 'job failed, will retry' && l.jobId === probe!.id),
          ),
        20_000,
      );
      probedBy.add(taker.name);
    }

    const jobs = await purgeJobs();
    expect(jobs).toHaveLength(PURGE_USERS);
    expect(jobs.map((j) => j.payload.userId).sort()).toEqual([...userIds].sort());
    for (const job of jobs) {
      expect(job).toMatchObject({ attempts: 1, cancelledAt: null, lastError: null, lockedUntil: null });
      expect(job.doneAt).not.toBeNull();
    }
    const purgeLines = doneLines().filter((l) => l.kind === ACCOUNT_PURGE_JOB);
    expect(purgeLines.map((l) => l.jobId).sort()).toEqual(jobs.map((j) => j.id).sort());
    const purgedLines = workers.flatMap((w) => w.logs.filter((l) => l.msg === 'account purged'));
    expect(purgedLines.map((l) => l.userId).sort()).toEqual([...userIds].sort());
    const purged = await database.db
      .select({ deletedAt: schema.users.deletedAt, phone: schema.users.phoneNumber })
      .from(schema.users)
      .where(inArray(schema.users.id, userIds));
    expect(purged.every((u) => u.deletedAt !== null && u.phone === null)).toBe(true);

    // The recurring job: both workers scheduled it at start, one row exists and it ran once.
    const recurring = await database.db
      .select()
      .from(schema.jobs)
      .where(eq(schema.jobs.kind, 'idempotency.prune'));
    expect(recurring).toHaveLength(1);
    expect(
      doneLines()
        .filter((l) => l.kind === 'idempotency.prune')
        .map((l) => l.jobId),
    ).toEqual([recurring[0]!.id]);
    // The API processes ran no job.
    for (const c of children.slice(0, 2)) expect(c.logs.filter((l) => l.msg === 'job done')).toEqual([]);

    const byWorker = Object.fromEntries(
      workers.map((w) => [w.name, purgeLines.filter((l) => l.worker === w.name).length]),
    );
    console.info(
      `split mode: ${PURGE_USERS} purge jobs ran once each (${JSON.stringify(byWorker)}); requests: ${apis.map((x) => `${x.name} ${x.requests}`).join(', ')}`,
    );
  });

  it('a process refuses to start without DATABASE_URL, in one line', async () => {
    expect(refused.map((c) => c.name)).toEqual(['api-no-db', 'worker-no-db']);
    for (const c of refused) {
      expect(await c.exit).toBe(1);
      const lines = c.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/needs DATABASE_URL/);
    }
  });

  it('SIGTERM stops every process cleanly (exit 0)', async () => {
    const running = children.slice(0, 4);
    for (const c of running) c.proc.kill('SIGTERM');
    expect(await Promise.all(running.map((c) => c.exit))).toEqual([0, 0, 0, 0]);
    for (const c of running) {
      expect(c.logs.some((l) => l.msg === 'khel api stopped' || l.msg === 'khel job worker stopped')).toBe(
        true,
      );
      expect(c.stderr).toBe('');
    }
  });
});
