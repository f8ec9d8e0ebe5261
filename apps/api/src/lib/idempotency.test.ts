import { randomUUID } from 'node:crypto';
import { defineRoute, type RouteDef, routes } from '@khel/core/contract';
import { schema } from '@khel/db';
import { and, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { signedInUser } from '../modules/profile/profile.test-support.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../test-support.ts';
import type { AppEnv } from './context.ts';
import {
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_PRUNE_EVERY_MS,
  IDEMPOTENCY_PRUNE_JOB,
  IDEMPOTENCY_RETENTION_MS,
  mountIdempotent,
  pruneIdempotencyKeys,
} from './idempotency.ts';
import { runDueJobs, startJobWorker } from './jobs.ts';
import { mount } from './route.ts';

const probe = (idempotent: boolean | undefined) =>
  defineRoute({
    method: 'POST',
    path: '/probe',
    summary: 'probe',
    tag: 'Test',
    auth: 'bearer',
    body: z.object({ n: z.number() }),
    response: z.object({ ok: z.boolean() }),
    ...(idempotent === undefined ? {} : { idempotent }),
  });
const handler = async () => ({ data: { ok: true } });

describe('the contract and the server agree on Idempotency-Key routes', () => {
  it('mount refuses a route the contract marks idempotent, at mount time', () => {
    expect(() => mount(new Hono<AppEnv>(), probe(true), handler)).toThrow(
      'POST /probe is idempotent in the contract: mount it with mountIdempotent',
    );
    expect(() => mount(new Hono<AppEnv>(), probe(false), handler)).not.toThrow();
    expect(() => mount(new Hono<AppEnv>(), probe(undefined), handler)).not.toThrow();
  });

  it('mountIdempotent refuses a route without `idempotent: true`, at mount time', () => {
    for (const flag of [undefined, false]) {
      expect(() => mountIdempotent(new Hono<AppEnv>(), probe(flag), handler)).toThrow(
        'POST /probe: mountIdempotent needs a route marked `idempotent: true` in the contract',
      );
    }
    expect(() => mountIdempotent(new Hono<AppEnv>(), probe(true), handler)).not.toThrow();
  });

  it('every idempotent route of the contract can be mounted with mountIdempotent (bearer, not GET)', () => {
    const idempotent = Object.entries(routes as Record<string, RouteDef>).filter(([, r]) => r.idempotent);
    expect(idempotent.map(([name]) => name)).toEqual(
      expect.arrayContaining(['storePurchase', 'onrampSwap', 'devLedgerGrant']),
    );
    for (const [, route] of idempotent) {
      expect(() => mountIdempotent(new Hono<AppEnv>(), route, handler)).not.toThrow();
      expect(() => mount(new Hono<AppEnv>(), route, handler)).toThrow();
    }
  });
});

describe.each(DB_KINDS)('pruning idempotency records on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const t = schema.idempotencyKeys;
  /** Records as mountIdempotent leaves them, created at `now`. */
  const addRecords = async (
    userId: string,
    count: number,
    state: 'completed' | 'in_flight',
    now: Date = ctx.now(),
  ) => {
    const keys = Array.from({ length: count }, () => `prune-${randomUUID()}`);
    await ctx.deps.db.insert(t).values(
      keys.map((key) => ({
        userId,
        key,
        operationId: randomUUID(),
        requestMethod: 'POST',
        requestPath: '/k-store/purchase',
        requestHash: 'hash',
        status: state,
        response: state === 'completed' ? { status: 201, message: 'OK', dataJson: '{}' } : null,
        lockToken: state === 'in_flight' ? randomUUID() : null,
        lockedUntil: state === 'in_flight' ? new Date(now.getTime() + IDEMPOTENCY_LEASE_MS) : null,
        createdAt: now,
        completedAt: state === 'completed' ? now : null,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS),
      })),
    );
    return keys;
  };
  const remaining = async (userId: string, keys: string[]) =>
    (
      await ctx.deps.db
        .select({ key: t.key })
        .from(t)
        .where(and(eq(t.userId, userId), inArray(t.key, keys)))
    ).length;
  const pruneJobs = () =>
    ctx.deps.db.select().from(schema.jobs).where(eq(schema.jobs.kind, IDEMPOTENCY_PRUNE_JOB));

  it('deletes only records past retention, in batches, and leaves a request in flight alone', async () => {
    const { user } = await signedInUser(ctx);
    const t0 = ctx.now();
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const old = await addRecords(user.id, 25, 'completed', t0);
    const abandoned = await addRecords(user.id, 2, 'in_flight', t0);
    const younger = await addRecords(user.id, 3, 'completed', at(IDEMPOTENCY_RETENTION_MS / 2));
    expect(await pruneIdempotencyKeys(ctx.deps.db, at(IDEMPOTENCY_RETENTION_MS - 1), { batchSize: 10 })).toBe(
      0,
    );

    const due = at(IDEMPOTENCY_RETENTION_MS);
    // A request that took over an abandoned key (fresh lease) past retention keeps it.
    const [held] = abandoned;
    await ctx.deps.db
      .update(t)
      .set({ lockedUntil: new Date(due.getTime() + IDEMPOTENCY_LEASE_MS) })
      .where(and(eq(t.userId, user.id), eq(t.key, held!)));
    // Two batches of 10 only: the next run goes on.
    expect(await pruneIdempotencyKeys(ctx.deps.db, due, { batchSize: 10, maxBatches: 2 })).toBe(20);
    expect(await pruneIdempotencyKeys(ctx.deps.db, due, { batchSize: 10 })).toBe(6);
    expect(await remaining(user.id, old)).toBe(0);
    expect(await remaining(user.id, abandoned)).toBe(1);
    expect(await remaining(user.id, younger)).toBe(3);

    const later = at(IDEMPOTENCY_RETENTION_MS * 1.5 + IDEMPOTENCY_LEASE_MS);
    expect(await pruneIdempotencyKeys(ctx.deps.db, later)).toBe(4);
    expect(await remaining(user.id, [...abandoned, ...younger])).toBe(0);
  });

  it('several pruners at once delete each record once', async () => {
    const { user } = await signedInUser(ctx);
    const t0 = ctx.now();
    const keys = await addRecords(user.id, 60, 'completed', t0);
    const due = new Date(t0.getTime() + IDEMPOTENCY_RETENTION_MS);
    const counts = await Promise.all(
      Array.from({ length: 4 }, () => pruneIdempotencyKeys(ctx.deps.db, due, { batchSize: 7 })),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect(await remaining(user.id, keys)).toBe(0);
  });

  it('an hourly recurring job: scheduled once by any number of workers, prunes, and comes back an hour later', async () => {
    expect(ctx.deps.recurringJobs).toContainEqual({
      kind: IDEMPOTENCY_PRUNE_JOB,
      everyMs: IDEMPOTENCY_PRUNE_EVERY_MS,
    });
    expect(IDEMPOTENCY_PRUNE_EVERY_MS).toBe(60 * 60 * 1000);
    // Three workers start at once (they poll far later than this test lasts). They schedule only this
    // job: the other modules' recurring jobs (campaigns' lifecycle, every 5 s) would run in the polls too.
    const pruneOnly = {
      ...ctx.deps,
      recurringJobs: (ctx.deps.recurringJobs ?? []).filter((j) => j.kind === IDEMPOTENCY_PRUNE_JOB),
    };
    const workers = Array.from({ length: 3 }, () => startJobWorker(pruneOnly, { intervalMs: 3_600_000 }));
    await Promise.all(workers.map((w) => w.stop()));
    const [job, ...others] = await pruneJobs();
    expect(others).toEqual([]);
    expect(job).toMatchObject({ dedupeKey: `recurring:${IDEMPOTENCY_PRUNE_JOB}`, doneAt: null });

    const { user } = await signedInUser(ctx);
    const first = await addRecords(user.id, 5, 'completed');
    ctx.advance(IDEMPOTENCY_RETENTION_MS + 1);
    // Two workers poll at the same moment: one runs the job.
    const polls = await Promise.all([
      runDueJobs(ctx.deps, { limit: 50 }),
      runDueJobs(ctx.deps, { limit: 50 }),
    ]);
    expect(polls.reduce((n, p) => n + p.done, 0)).toBe(1);
    expect(await remaining(user.id, first)).toBe(0);
    const [after] = await pruneJobs();
    expect(after!.doneAt).toBeNull();
    expect(after!.attempts).toBe(0);
    expect(after!.lockedUntil).toBeNull();
    const nextRun = after!.runAt.getTime();
    expect(nextRun - ctx.now().getTime()).toBeGreaterThan(IDEMPOTENCY_PRUNE_EVERY_MS - 5_000);
    expect(nextRun - ctx.now().getTime()).toBeLessThanOrEqual(IDEMPOTENCY_PRUNE_EVERY_MS);

    // Not before the hour is up.
    const second = await addRecords(user.id, 4, 'completed');
    ctx.advance(IDEMPOTENCY_RETENTION_MS + 1);
    const early = new Date(nextRun - 1);
    expect(await runDueJobs({ ...ctx.deps, clock: () => early }, { limit: 50 }).then((r) => r.taken)).toBe(0);
    expect(await remaining(user.id, second)).toBe(4);
    // Then it runs again.
    expect((await runDueJobs(ctx.deps, { limit: 50 })).done).toBe(1);
    expect(await remaining(user.id, second)).toBe(0);
    expect(await pruneJobs()).toHaveLength(1);

    // A worker starting later does not add a second row.
    await startJobWorker(pruneOnly, { intervalMs: 3_600_000 }).stop();
    expect(await pruneJobs()).toHaveLength(1);
  });
});
