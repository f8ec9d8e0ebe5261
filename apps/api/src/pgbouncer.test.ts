import { randomUUID } from 'node:crypto';
import {
  createDatabase,
  createTestPostgresDatabase,
  type DatabaseHandle,
  type PgBouncer,
  startPgBouncer,
} from '@khel/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { phoneSignIn } from './modules/auth/auth.test-support.ts';
import { signedInUser } from './modules/profile/profile.test-support.ts';
import { balancesOf } from './modules/store/store.test-support.ts';
import { createTestContext, type TestContext } from './test-support.ts';

/**
 * DATABASE_POOL_MODE=transaction: the API's pool through a real PgBouncer in transaction mode
 * (@khel/db test-servers.ts) with 2 server connections for the pool's 8, so consecutive transactions of
 * one client connection run on different server connections, as they do behind a busy pooler.
 */
describe('the API through PgBouncer in transaction mode', () => {
  let direct: DatabaseHandle & { url: string };
  let bouncer: PgBouncer;
  let ctx: TestContext;

  beforeAll(async () => {
    const adminUrl = inject('postgresAdminUrl');
    direct = await createTestPostgresDatabase(adminUrl, { migrated: true, max: 1 });
    bouncer = await startPgBouncer(adminUrl, 2);
    const database = createDatabase({
      kind: 'postgres',
      url: bouncer.url(new URL(direct.url).pathname.slice(1)),
      poolMode: 'transaction',
      migrationUrl: direct.url,
      max: 8,
    });
    ctx = await createTestContext('postgres', undefined, { DATABASE_POOL_MODE: 'transaction' }, { database });
  });
  afterAll(async () => {
    await ctx?.close();
    // The pooler goes first: its server connections would keep the test database from being dropped.
    await bouncer?.close();
    await direct?.close();
  });

  it('goes through the pooler: 16 statements at once meet 2 server connections', async () => {
    const pids = await Promise.all(
      Array.from({ length: 16 }, () => ctx.deps.db.execute(sql`select pg_backend_pid() as pid`)),
    );
    const distinct = new Set(pids.map((rows) => (rows as unknown as { pid: number }[])[0]!.pid));
    expect(distinct.size).toBeLessThanOrEqual(2);
  });

  it('signs in by phone and reads with the access token', async () => {
    const auth = await phoneSignIn(ctx);
    const res = await ctx.json('/rewards/daily', {
      headers: { authorization: `Bearer ${auth.accessToken}` },
    });
    expect(res.status, res.body.message).toBe(200);
  });

  it('pays a money write once when ten claims race, in time comparable to a lone claim', async () => {
    const claim = (auth: Record<string, string>) =>
      ctx.json('/rewards/daily/claim', {
        method: 'POST',
        body: {},
        headers: { ...auth, 'idempotency-key': randomUUID() },
      });
    // A first claim warms the pool; the second, alone, is the measure.
    expect((await claim((await signedInUser(ctx)).auth)).status).toBe(201);
    const lone = await signedInUser(ctx);
    let started = performance.now();
    expect((await claim(lone.auth)).status).toBe(201);
    const loneMs = performance.now() - started;

    const racer = await signedInUser(ctx);
    started = performance.now();
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(racer.auth)));
    const raceMs = performance.now() - started;
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect((await balancesOf(ctx, racer.user.id)).user_kpoints).toBe(10n);
    expect((await balancesOf(ctx, lone.user.id)).user_kpoints).toBe(10n);
    // Ten claims on two server connections: about ten lone claims' worth, not a stall.
    expect(raceMs).toBeLessThan(loneMs * 20);
  });

  it('refuses to migrate through the transaction-mode pool', async () => {
    // The server's `postgres` database has no migrations table: there would be something to apply.
    const pooled = createDatabase({
      kind: 'postgres',
      url: bouncer.url('postgres'),
      poolMode: 'transaction',
      max: 1,
    });
    try {
      await expect(pooled.migrate()).rejects.toThrow(/DATABASE_MIGRATION_URL/);
    } finally {
      await pooled.close();
    }
  });
});
