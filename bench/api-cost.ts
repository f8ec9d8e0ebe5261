/**
 * The API's cost per request (issue 9), as ratios to two baselines measured in the same run:
 *
 * - **same SQL**: a bare Hono app whose routes run exactly the queries of our handlers, through the
 *   same drizzle client and driver (they call the same service functions with the user id from a
 *   header): what a request costs with none of our middleware, auth, validation, idempotency or
 *   logging. `overhead` = same-SQL req/s ÷ API req/s, the median of the per-round ratios over BENCH_ROUNDS
 *   (3) rounds of BENCH_SECONDS a side that alternate baseline and API, so load that drifts during the run
 *   weighs on both (goal ≤ 2 on PostgreSQL).
 * - **bare Hono**: the same app answering a constant JSON envelope, no database at all.
 *
 * Reads: GET /users/me/profile, GET /wallets/balance, GET /k-store/items, GET /quest/list/v2 (the 20
 * demo quests), GET /campaigns/by-state (the live demo campaigns); writes: POST /userquest/task/validate
 * and POST /campaigns/:id/task/validate (a task the user has not done: the whole validation path,
 * failure recorded), POST /k-store/purchase (1 item, K-Cash; the baseline runs the same purchase transaction without the
 * Idempotency-Key claim). On PostgreSQL (a throwaway database) and on PGlite (in memory), through
 * `app.request()` and over a real socket, at BENCH_CONCURRENCY (10) requests in flight; the socket is driven by
 * the separate load generator (`load-generator.ts`, autocannon, one user for every connection). The API
 * logs every request at info level, as in production, into /dev/null.
 *
 *   pnpm --filter @khel/bench bench:api-cost
 *
 * It prints figures; it is not a test and asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { balances, systemAccount, transfer, userAccount } from '@khel/api/ledger';
import { createLogger } from '@khel/api/logger';
import { listCampaigns } from '@khel/api/modules/campaigns/campaigns.ts';
import { upsertCampaign } from '@khel/api/modules/campaigns/catalogue.ts';
import { seedDemoCampaigns } from '@khel/api/modules/campaigns/demo.ts';
import { startCampaign, validateCampaignTask } from '@khel/api/modules/campaigns/entries.ts';
import { getProfileView, requireActiveUser } from '@khel/api/modules/profile/profile.ts';
import { importQuest, seedDemoQuests } from '@khel/api/modules/quests/catalogue.ts';
import { listQuests } from '@khel/api/modules/quests/quests.ts';
import { startQuest, validateTask } from '@khel/api/modules/quests/user-quests.ts';
import { listStoreItems, purchaseItem } from '@khel/api/modules/store/store.ts';
import { createTestContext, type DbKind, signInitData, type TestContext } from '@khel/api/test-support';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { type Load, listen, load } from './load.ts';
import {
  ADMIN_URL,
  measure,
  measurePaired,
  median,
  positive,
  printTable,
  ROUNDS,
  type Row,
  ratio,
  SECONDS,
} from './support.ts';

const CONCURRENCY = Math.round(positive('BENCH_CONCURRENCY', 10));
/** `--only balance`: the rows whose endpoint contains the text (for profiling one route with --cpu-prof). */
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
/** `--cpu-profile <dir>`: a V8 CPU profile of each endpoint's rows (the same-SQL baseline and the API alternate), one file each. */
const PROFILE_DIR = process.argv.includes('--cpu-profile')
  ? process.argv[process.argv.indexOf('--cpu-profile') + 1]
  : undefined;
/** `--pglite-only` / `--postgres-only`. */
const KINDS: DbKind[] = process.argv.includes('--pglite-only')
  ? ['pglite']
  : process.argv.includes('--postgres-only')
    ? ['postgres']
    : ['postgres', 'pglite'];
const ITEM_PRICE = 1_000n;

type Fetch = (path: string, init?: RequestInit) => Promise<Response>;

async function expectStatus(res: Response, status: number) {
  if (res.status !== status) throw new Error(`HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`);
  await res.arrayBuffer();
}

/** The same service calls as our handlers, with nothing around them. */
function sameSqlApp(ctx: TestContext) {
  const { deps } = ctx;
  const { db } = deps;
  const ok = (data: unknown) => ({ success: true, status: 200, data, message: 'OK' });
  const app = new Hono();
  app.get('/users/me/profile', async (c) => {
    const user = await requireActiveUser(db, c.req.header('x-user') ?? '');
    return c.json(ok(await getProfileView(deps, user)));
  });
  app.get('/wallets/balance', async (c) => {
    const b = await balances(db, c.req.header('x-user') ?? '');
    return c.json(ok(Object.fromEntries(Object.entries(b).map(([k, v]) => [k, v.toString()]))));
  });
  app.get('/k-store/items', async (c) => c.json(ok({ items: await listStoreItems(db, undefined) })));
  app.get('/quest/list/v2', async (c) =>
    c.json(ok(await listQuests(db, { page: 1, limit: 100 }, deps.clock()))),
  );
  app.post('/userquest/task/validate', async (c) => {
    const body = (await c.req.json()) as { questId: string; taskId: string };
    const user = await requireActiveUser(db, c.req.header('x-user') ?? '');
    return c.json(ok(await validateTask(deps, user, body)));
  });
  app.get('/campaigns/by-state', async (c) =>
    c.json(ok(await listCampaigns(db, { status: 'LIVE', page: 1, limit: 100 }, deps.clock()))),
  );
  app.post('/campaigns/:campaignId/task/validate', async (c) => {
    const body = (await c.req.json()) as { taskId: string };
    const user = await requireActiveUser(db, c.req.header('x-user') ?? '');
    return c.json(ok(await validateCampaignTask(deps, user, c.req.param('campaignId'), body)));
  });
  app.post('/k-store/purchase', async (c) => {
    const body = (await c.req.json()) as { itemId: string; quantity: number; currency: 'KCASH' };
    const userId = c.req.header('x-user') ?? '';
    const order = await db.transaction((tx) =>
      purchaseItem(tx, { userId, operationId: randomUUID(), ...body }),
    );
    return c.json(ok(order), 201);
  });
  return app;
}

async function runOn(kind: DbKind, title: string) {
  let ctx: TestContext;
  const sink = createWriteStream('/dev/null');
  try {
    ctx = await createTestContext(
      kind,
      ADMIN_URL,
      { LOG_LEVEL: 'info' },
      {
        logger: createLogger('info', { service: 'khel' }, (line) => sink.write(`${line}\n`)),
      },
    );
  } catch (error) {
    console.log(`${title}: not reachable (${(error as Error).message.split('\n')[0]}); skipped`);
    return;
  }
  const servers: { close(): void }[] = [];
  try {
    const { deps } = ctx;
    const api = ctx.app as unknown as Hono;
    const sameSql = sameSqlApp(ctx);
    const bare = new Hono()
      .get('*', (c) => c.json({ success: true, status: 200, data: { ok: true }, message: 'OK' }))
      .post('*', async (c) =>
        c.json({ success: true, status: 201, data: await c.req.json(), message: 'OK' }, 201),
      );

    const serveOn = async (app: Hono): Promise<string> => {
      const server = await listen(app.fetch);
      servers.push(server);
      return server.url;
    };
    const inProcess =
      (app: Hono): Fetch =>
      async (path, init) =>
        app.request(path, init);
    const transports = [
      { name: 'app.request()', api: inProcess(api), sameSql: inProcess(sameSql), bare: inProcess(bare) },
    ];
    const socket = { api: await serveOn(api), sameSql: await serveOn(sameSql), bare: await serveOn(bare) };

    // One signed-in user per loop, funded, and a store item with stock for the whole run.
    const users: { id: string; authorization: string }[] = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      const initData = signInitData({ id: 7_200_000_000 + i, first_name: `Cost ${i}` }, new Date());
      const res = await ctx.json('/authentication/telegram', {
        method: 'POST',
        headers: { authorization: `tma ${initData}` },
      });
      if (res.status !== 200) throw new Error(`sign-in failed: HTTP ${res.status}`);
      users.push({ id: res.body.data.user.id, authorization: `Bearer ${res.body.data.accessToken}` });
      await deps.db.transaction((tx) =>
        transfer(tx, {
          idempotencyKey: `bench-cost:${randomUUID()}`,
          debit: systemAccount('treasury'),
          credit: userAccount(res.body.data.user.id, 'user_kcash_bought'),
          amount: 10n ** 12n,
          currency: 'KCASH',
          kind: 'dev_grant',
        }),
      );
    }
    for (let i = 0; i < 12; i++) {
      await deps.db.insert(schema.storeItems).values({
        sku: `bench-cost-${randomUUID()}`,
        name: `Bench Voucher ${i}`,
        category: 'voucher',
        priceKcash: ITEM_PRICE,
        priceRkhel: null,
        stock: 100_000_000,
      });
    }
    // The demo quests for the list, and a quest whose one task (link Discord) each user fails: every
    // validation takes the whole path (attempt counted, validator asked, failure recorded).
    await seedDemoQuests(deps.db, deps.clock());
    const now = deps.clock();
    const quest = await deps.db.transaction((tx) =>
      importQuest(
        tx,
        {
          slug: `bench-${randomUUID().slice(0, 8)}`,
          title: 'Bench quest',
          description: 'Validated again and again.',
          startsAt: new Date(now.getTime() - 3_600_000).toISOString(),
          endsAt: new Date(now.getTime() + 86_400_000).toISOString(),
          rewards: { kpoints: '1' },
          tasks: [{ title: 'Link Discord', config: { type: 'link_discord' } }],
        },
        { operatorId: null, name: 'bench' },
        { publish: true, now },
      ),
    );
    const [questTask] = await deps.db
      .select()
      .from(schema.questTasks)
      .where(eq(schema.questTasks.questId, quest.id));
    for (const u of users) {
      const [row] = await deps.db.select().from(schema.users).where(eq(schema.users.id, u.id));
      await startQuest(deps, row!, quest.id);
    }
    const validateBody = JSON.stringify({ questId: quest.id, taskId: questTask!.id });
    // The demo campaigns for the list, and a live campaign whose one task (link Discord) each user fails.
    await seedDemoCampaigns(deps.db, now);
    const campaign = await deps.db.transaction((tx) =>
      upsertCampaign(
        tx,
        {
          slug: `bench-${randomUUID().slice(0, 8)}`,
          title: 'Bench campaign',
          description: 'Validated again and again.',
          startsAt: new Date(now.getTime() - 3_600_000).toISOString(),
          endsAt: new Date(now.getTime() + 86_400_000).toISOString(),
          reward: { variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '1000000' },
          tasks: [{ title: 'Link Discord', config: { type: 'link_discord' } }],
        },
        { operatorId: null, name: 'bench' },
        { publish: true, now },
      ),
    );
    const [campaignRow] = await deps.db
      .select()
      .from(schema.campaigns)
      .where(eq(schema.campaigns.id, campaign.id));
    const [campaignTask] = await deps.db
      .select()
      .from(schema.questTasks)
      .where(eq(schema.questTasks.questId, campaignRow!.questId));
    for (const u of users) {
      const [row] = await deps.db.select().from(schema.users).where(eq(schema.users.id, u.id));
      await startCampaign(deps, row!, campaign.id, { ip: null });
    }
    const campaignValidateBody = JSON.stringify({ taskId: campaignTask!.id });
    const [item] = await deps.db.select().from(schema.storeItems).limit(1);
    const purchaseBody = JSON.stringify({ itemId: item!.id, quantity: 1, currency: 'KCASH' });

    const endpoints: {
      name: string;
      status: number;
      request: (w: number, via: 'api' | 'plain') => [string, RequestInit];
    }[] = [
      {
        name: 'GET /users/me/profile',
        status: 200,
        request: (w, via) => ['/users/me/profile', { headers: headersFor(users[w]!, via) }],
      },
      {
        name: 'GET /wallets/balance',
        status: 200,
        request: (w, via) => ['/wallets/balance', { headers: headersFor(users[w]!, via) }],
      },
      { name: 'GET /k-store/items', status: 200, request: () => ['/k-store/items', {}] },
      { name: 'GET /quest/list/v2', status: 200, request: () => ['/quest/list/v2', {}] },
      { name: 'GET /campaigns/by-state', status: 200, request: () => ['/campaigns/by-state', {}] },
      {
        name: 'POST /campaigns/…/task/validate',
        status: 200,
        request: (w, via) => [
          `/campaigns/${campaign.id}/task/validate`,
          {
            method: 'POST',
            headers: { ...headersFor(users[w]!, via), 'content-type': 'application/json' },
            body: campaignValidateBody,
          },
        ],
      },
      {
        name: 'POST /userquest/task/validate',
        status: 200,
        request: (w, via) => [
          '/userquest/task/validate',
          {
            method: 'POST',
            headers: { ...headersFor(users[w]!, via), 'content-type': 'application/json' },
            body: validateBody,
          },
        ],
      },
      {
        name: 'POST /k-store/purchase',
        status: 201,
        request: (w, via) => [
          '/k-store/purchase',
          {
            method: 'POST',
            headers: {
              ...headersFor(users[w]!, via),
              'content-type': 'application/json',
              ...(via === 'api' ? { 'idempotency-key': randomUUID() } : {}),
            },
            body: purchaseBody,
          },
        ],
      },
    ];

    const rows: Row[] = [];
    const overheads: string[] = [];
    for (const t of transports) {
      const bareFigures = await measure(CONCURRENCY, async () => {
        await expectStatus(await t.bare('/k-store/items'), 200);
      });
      rows.push({
        section: t.name,
        label: 'bare Hono (no database)',
        concurrency: CONCURRENCY,
        figures: bareFigures,
        ratios: [],
      });
      for (const e of endpoints) {
        if (ONLY && !e.name.includes(ONLY)) continue;
        const paired = await profiled(`${kind}-${t.name}-${e.name}`, () =>
          measurePaired(
            CONCURRENCY,
            async (w) => {
              const [path, init] = e.request(w, 'plain');
              await expectStatus(await t.sameSql(path, init), e.status);
            },
            async (w) => {
              const [path, init] = e.request(w, 'api');
              await expectStatus(await t.api(path, init), e.status);
            },
          ),
        );
        const { a: base, b: ours } = paired;
        rows.push({
          section: t.name,
          label: `${e.name}: same SQL, bare Hono`,
          concurrency: CONCURRENCY,
          figures: base,
          ratios: [ratio(base.opsPerSecond, bareFigures.opsPerSecond, 'bare Hono')],
        });
        const overhead = paired.ratio;
        rows.push({
          section: t.name,
          label: `${e.name}: the API`,
          concurrency: CONCURRENCY,
          figures: ours,
          ratios: [
            ratio(ours.opsPerSecond, bareFigures.opsPerSecond, 'bare Hono'),
            `overhead ${overhead.toFixed(2)} × same SQL`,
          ],
        });
        overheads.push(
          `${t.name.padEnd(14)} ${e.name.padEnd(24)} overhead ${overhead.toFixed(2)} ×${overhead > 2 ? '  (goal ≤ 2)' : ''}`,
        );
      }
    }
    printTable(title, rows);

    // Over a real socket, driven by the separate load generator (autocannon in a process of its own; one user for
    // every connection), same SQL and API taking turns in ROUNDS rounds, each row printed as it is measured.
    console.log(
      `\n${title}, HTTP socket: load from a separate process (autocannon), ${CONCURRENCY} connections, ` +
        `${ROUNDS} rounds of ${SECONDS} s a side`,
    );
    const row = (label: string, r: Load, extra = '') =>
      console.log(
        `  ${label.padEnd(52)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}${r.firstError ? ` (${r.firstError})` : ''}${extra}`,
      );
    const bareLoad = await load(`${socket.bare}/k-store/items`, CONCURRENCY);
    row('bare Hono (no database)', bareLoad);
    for (const e of endpoints) {
      if (ONLY && !e.name.includes(ONLY)) continue;
      const ratios: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const side = async (via: 'api' | 'plain') => {
          const [path, init] = e.request(0, via);
          const headers = { ...(init.headers as Record<string, string>) };
          const fresh = headers['idempotency-key'] !== undefined;
          delete headers['idempotency-key'];
          return load(`${via === 'api' ? socket.api : socket.sameSql}${path}`, CONCURRENCY, headers, {
            method: init.method ?? 'GET',
            ...(typeof init.body === 'string' ? { body: init.body } : {}),
            ...(fresh ? { freshIdempotencyKey: true } : {}),
          });
        };
        const base = await side('plain');
        row(
          `${e.name}: same SQL, round ${round + 1}`,
          base,
          `  ${ratio(base.requestsPerSecond, bareLoad.requestsPerSecond, 'bare Hono')}`,
        );
        const ours = await side('api');
        ratios.push(base.requestsPerSecond / ours.requestsPerSecond);
        row(
          `${e.name}: the API, round ${round + 1}`,
          ours,
          `  overhead ${ratios.at(-1)!.toFixed(2)} × same SQL`,
        );
      }
      const overhead = median(ratios);
      overheads.push(
        `${'HTTP socket'.padEnd(14)} ${e.name.padEnd(24)} overhead ${overhead.toFixed(2)} ×${overhead > 2 ? '  (goal ≤ 2)' : ''}`,
      );
    }
    console.log(`\n${title}: our cost over the same SQL (same-SQL req/s ÷ API req/s)`);
    for (const line of overheads) console.log(`  ${line}`);
  } finally {
    for (const s of servers) s.close();
    await ctx.close();
    sink.end();
  }
}

/** Runs `work`, under the CPU profiler when --cpu-profile is given. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    const file = join(PROFILE_DIR, `${name.replace(/[^\w.-]+/g, '_')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`profile: ${file}`);
    session.disconnect();
  }
}

function headersFor(
  user: { id: string; authorization: string },
  via: 'api' | 'plain',
): Record<string, string> {
  return via === 'api' ? { authorization: user.authorization } : { 'x-user': user.id };
}

console.log(
  `api-cost bench: Node ${process.version}, ${availableParallelism()} CPUs (load average ${loadavg()[0]!.toFixed(1)}), ` +
    `${CONCURRENCY} requests in flight (ratios against baselines of this run)`,
);
if (KINDS.includes('postgres'))
  await runOn('postgres', `PostgreSQL (${new URL(ADMIN_URL).host}, throwaway database)`);
if (KINDS.includes('pglite')) await runOn('pglite', 'PGlite (in memory, one connection)');
