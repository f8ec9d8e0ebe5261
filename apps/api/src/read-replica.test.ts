import { randomUUID } from 'node:crypto';
import { routes } from '@khel/core/contract';
import {
  createDatabase,
  type DatabaseHandle,
  type ReadReplicaOptions,
  type ReplicatedPostgres,
  schema,
  startReplicatedPostgres,
} from '@khel/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnv } from './env.ts';
import { signedInUser } from './modules/profile/profile.test-support.ts';
import { balancesOf } from './modules/store/store.test-support.ts';
import { openDatabase, StartupError } from './runtime.ts';
import { createTestContext, type TestContext } from './test-support.ts';

/**
 * DATABASE_READ_URL on a real streaming replica: a primary and a standby of this test's own
 * (@khel/db test-servers.ts), one database migrated on the primary and replayed on the standby.
 */
const OPS_TOKEN = 'ops-token-of-the-replica-test-0123456789';

describe('reads of readReplica routes on a streaming replica', () => {
  let pair: ReplicatedPostgres;
  const contexts: TestContext[] = [];

  /** The API on the pair's database, its replica checked as `read` says, once the replica is usable. */
  async function apiOnPair(read: Omit<ReadReplicaOptions, 'url'>) {
    const database: DatabaseHandle = createDatabase({
      kind: 'postgres',
      url: pair.primaryUrl('khel'),
      max: 4,
      read: { url: pair.standbyUrl('khel'), ...read },
    });
    const ctx = await createTestContext('postgres', undefined, { OPS_TOKEN }, { database });
    contexts.push(ctx);
    await pair.caughtUp();
    await vi.waitFor(
      async () => {
        const state = await database.reads!.check();
        if (!state.usable) throw new Error(`replica not usable yet: ${state.reason}`);
      },
      { timeout: 30_000, interval: 20 },
    );
    return { ctx, reads: database.reads! };
  }

  /** A game written on the primary (outside any read: `db` is the primary's there). */
  async function newGame(ctx: TestContext) {
    const slug = `replica-${randomUUID().slice(0, 8)}`;
    await ctx.deps.db
      .insert(schema.games)
      .values({ slug, name: slug, coverUrl: 'https://example.com/c.png' });
    return slug;
  }

  /**
   * Checked once at start only: the replica stays in use whatever its lag, to show who answers (and, in the
   * last test, to meet a stopped standby before any check does).
   */
  let checkedOnce: Awaited<ReturnType<typeof apiOnPair>>;

  beforeAll(async () => {
    pair = await startReplicatedPostgres();
    console.log(`primary and standby started in ${pair.startMs} ms`);
    await pair.createDatabase('khel');
    checkedOnce = await apiOnPair({ maxLagMs: 3_600_000, checkEveryMs: 3_600_000 });
  });
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close().catch(() => {});
    await pair?.close();
  });

  it('answers anonymous reads from the standby, signed-in reads and writes on the primary', async () => {
    const { ctx, reads } = checkedOnce;
    const reader = await signedInUser(ctx);
    await pair.pauseReplay();
    try {
      const slug = await newGame(ctx);
      const before = reads.stats();
      // The standby has not replayed the game: an anonymous reader does not see it yet...
      expect((await ctx.json(`/game/by-slug/${slug}`)).status).toBe(404);
      expect(reads.stats().replica).toBe(before.replica + 1);
      // ...a signed-in reader reads the primary (their own writes are there at once).
      expect((await ctx.json(`/game/by-slug/${slug}`, { headers: reader.auth })).status).toBe(200);
      expect(reads.stats().replica).toBe(before.replica + 1);
      // A money write on the primary while reads go to the standby.
      const claim = await ctx.json('/rewards/daily/claim', {
        method: 'POST',
        body: {},
        headers: { ...reader.auth, 'idempotency-key': randomUUID() },
      });
      expect(claim.status, claim.body.message).toBe(201);
      expect((await balancesOf(ctx, reader.user.id)).user_kpoints).toBe(10n);
      await pair.resumeReplay();
      await pair.caughtUp();
      expect((await ctx.json(`/game/by-slug/${slug}`)).status).toBe(200);
      expect(reads.stats()).toMatchObject({
        replica: before.replica + 2,
        primary: before.primary,
        fallbacks: 0,
      });
    } finally {
      await pair.resumeReplay();
    }
  });

  it('runs every readReplica route on the standby without a 500 or a fallback', async () => {
    const { ctx, reads } = checkedOnce;
    const slug = await newGame(ctx);
    await pair.caughtUp();
    const opted = Object.values(routes).filter((route) => route.readReplica);
    expect(opted.length).toBeGreaterThan(10);
    const before = reads.stats();
    for (const route of opted) {
      // Path parameters: the game's slug, or a fresh id (a 404 from the replica is a fine answer).
      const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
        name === 'slug' ? slug : name === 'status' ? 'active' : randomUUID(),
      );
      const res = await ctx.json(path);
      expect(res.status, `${path}: ${res.body.message}`).toBeLessThan(500);
    }
    expect(reads.stats().fallbacks).toBe(before.fallbacks);
    expect(reads.stats().replica).toBeGreaterThan(before.replica + opted.length / 2);
  });

  it('reads the primary while the standby lags more than DATABASE_READ_MAX_LAG_MS, and back after', async () => {
    const { ctx, reads } = await apiOnPair({ maxLagMs: 200, checkEveryMs: 25 });
    await pair.pauseReplay();
    try {
      const slug = await newGame(ctx);
      await expect.poll(() => reads.state().reason).toMatch(/behind/);
      // The operator sees it; the process stays ready.
      const ready = await ctx.json('/health/ready', { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
      expect(ready.status).toBe(200);
      expect(ready.body.data.readReplica).toMatchObject({
        usable: false,
        reason: expect.stringMatching(/behind/),
      });
      const before = reads.stats();
      expect((await ctx.json(`/game/by-slug/${slug}`)).status).toBe(200);
      expect(reads.stats()).toMatchObject({ replica: before.replica, primary: before.primary + 1 });
      await pair.resumeReplay();
      // Caught up, the replica answers again (polled: a loaded machine may put it behind for a moment).
      await expect
        .poll(async () => {
          const replicaReads = reads.stats().replica;
          expect((await ctx.json(`/game/by-slug/${slug}`)).status).toBe(200);
          return reads.stats().replica > replicaReads;
        })
        .toBe(true);
    } finally {
      await pair.resumeReplay();
    }
  });

  it('reads the primary again when the standby stops, the read in flight included', async () => {
    // Not checked again on its own: the first read after the stop meets the dead replica.
    const { ctx, reads } = checkedOnce;
    expect(reads.state().usable).toBe(true);
    const slug = await newGame(ctx);
    await pair.caughtUp();
    expect((await ctx.json(`/game/by-slug/${slug}`)).status).toBe(200);
    await pair.stopStandby();
    const before = reads.stats();
    expect((await ctx.json(`/game/by-slug/${slug}`)).status).toBe(200);
    expect(reads.stats().fallbacks).toBe(before.fallbacks + 1);
    // The failure checked the replica again: unreachable, so the next reads go straight to the primary.
    await expect.poll(() => reads.state().reason).toMatch(/unreachable/);
    expect((await ctx.json(`/game/by-slug/${slug}`)).status).toBe(200);
    expect(reads.stats()).toMatchObject({ fallbacks: before.fallbacks + 1, primary: before.primary + 1 });
  });
});

describe('the database settings of a replica and a pooler', () => {
  it('refuses DATABASE_READ_URL on PGlite, and a transaction-mode pool without a migration URL', () => {
    const pglite = loadEnv({ DATABASE_READ_URL: 'postgres://postgres@127.0.0.1:1/khel' });
    expect(() => openDatabase(pglite, '/nonexistent')).toThrow(StartupError);
    expect(() => openDatabase(pglite, '/nonexistent')).toThrow(/DATABASE_READ_URL.*need DATABASE_URL/);
    const pooled = loadEnv({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/khel',
      DATABASE_POOL_MODE: 'transaction',
    });
    expect(() => openDatabase(pooled, '/nonexistent')).toThrow(/DATABASE_MIGRATION_URL/);
  });
});
