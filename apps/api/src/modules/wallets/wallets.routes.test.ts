import {
  AMOUNT_FORMAT_MESSAGE,
  BALANCE_CURRENCY_MISMATCH_MESSAGE,
  defineRoute,
  IDEMPOTENCY_KEY_INVALID_MESSAGE,
  IDEMPOTENCY_KEY_REQUIRED_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
} from '@khel/core/contract';
import { schema } from '@khel/db';
import { and, eq, like } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../app.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, envelope, errorResponse } from '../../lib/http.ts';
import {
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_RETENTION_MS,
  mountIdempotent,
  pruneIdempotencyKeys,
  requestFingerprint,
} from '../../lib/idempotency.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { completeSignIn } from '../auth/sign-in.ts';
import { ensureLedgerAccountsHook, transfer, userAccount, verifyLedger } from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';

const CONFLICT = 'Conflict: Resource already in progress';
let keyCounter = 0;
const freshKey = () => `key-${Date.now()}-${keyCounter++}`;

describe.each(DB_KINDS)('wallets and money writes on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const grant = async (auth: Record<string, string>, key: string | null, body: unknown) =>
    ctx.app.request('/dev/ledger/grant', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...auth,
        ...(key === null ? {} : { 'idempotency-key': key }),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const read = async (res: Response) => ({
    status: res.status,
    replayed: res.headers.get('idempotent-replayed'),
    retryAfter: res.headers.get('retry-after'),
    text: await res.text(),
  });
  const transfersOf = (userId: string) =>
    ctx.deps.db
      .select()
      .from(schema.ledgerTransfers)
      .where(like(schema.ledgerTransfers.idempotencyKey, `dev_grant:${userId}:%`));
  const kcash = { balance: 'kcashEarned', amount: '2500', currency: 'KCASH' } as const;

  describe('GET /wallets/balance', () => {
    it('needs a sign-in', async () => {
      expect((await ctx.json('/wallets/balance')).status).toBe(401);
    });

    it('returns every balance as a string of minor units with its currency and decimals, zero for a new user', async () => {
      const { auth } = await signedInUser(ctx);
      const res = await ctx.json('/wallets/balance', { headers: auth });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        usdt: { amount: '0', currency: 'USDT', decimals: 6 },
        kcashBought: { amount: '0', currency: 'KCASH', decimals: 3 },
        kcashEarned: { amount: '0', currency: 'KCASH', decimals: 3 },
        kcashTotal: { amount: '0', currency: 'KCASH', decimals: 3 },
        rkhel: { amount: '0', currency: 'RKHEL', decimals: 6 },
        kpoints: { amount: '0', currency: 'KPOINTS', decimals: 0 },
      });
    });

    it('shows what was granted; K-Cash total is bought + earned; cached balances equal the entries', async () => {
      const { auth } = await signedInUser(ctx);
      const grants = [
        { balance: 'usdt', amount: '1500000', currency: 'USDT' },
        { balance: 'kcashBought', amount: '1000000', currency: 'KCASH' },
        { balance: 'kcashEarned', amount: '2500', currency: 'KCASH' },
        { balance: 'rkhel', amount: '42', currency: 'RKHEL' },
        { balance: 'kpoints', amount: '7', currency: 'KPOINTS' },
      ];
      for (const body of grants) expect((await grant(auth, freshKey(), body)).status).toBe(201);
      const res = await ctx.json('/wallets/balance', { headers: auth });
      expect(res.body.data).toMatchObject({
        usdt: { amount: '1500000' },
        kcashBought: { amount: '1000000' },
        kcashEarned: { amount: '2500' },
        // 1000 K-Cash bought (= 1 USDT at 1 USDT = 1000 K-Cash) + 2.5 earned.
        kcashTotal: { amount: '1002500', currency: 'KCASH', decimals: 3 },
        rkhel: { amount: '42' },
        kpoints: { amount: '7' },
      });
      expect((await verifyLedger(ctx.deps.db)).problems).toEqual([]);
    });
  });

  describe('POST /dev/ledger/grant with Idempotency-Key', () => {
    it('credits the signed-in user from the treasury: 201 with the amount and new balance', async () => {
      const { user, auth } = await signedInUser(ctx);
      const res = await ctx.json('/dev/ledger/grant', {
        body: kcash,
        headers: { ...auth, 'idempotency-key': freshKey() },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Granted',
        data: {
          transferId: expect.stringMatching(/^\d+$/),
          balance: 'kcashEarned',
          credited: { amount: '2500', currency: 'KCASH', decimals: 3 },
          newBalance: { amount: '2500', currency: 'KCASH', decimals: 3 },
        },
      });
      expect(await transfersOf(user.id)).toHaveLength(1);
    });

    it('the same key and body replays the first answer byte for byte and moves nothing', async () => {
      const { user, auth } = await signedInUser(ctx);
      const key = freshKey();
      const first = await read(await grant(auth, key, kcash));
      expect(first).toMatchObject({ status: 201, replayed: null });
      // Same body with its keys in another order and other spacing is the same request.
      const again = await read(
        await grant(auth, key, '{ "currency": "KCASH", "amount": "2500", "balance": "kcashEarned" }'),
      );
      expect(again).toEqual({ ...first, replayed: 'true' });
      expect(await transfersOf(user.id)).toHaveLength(1);
      expect((await ctx.json('/wallets/balance', { headers: auth })).body.data.kcashEarned.amount).toBe(
        '2500',
      );
    });

    it('the same key with another body is a 422 that moves nothing', async () => {
      const { user, auth } = await signedInUser(ctx);
      const key = freshKey();
      expect((await grant(auth, key, kcash)).status).toBe(201);
      for (const other of [
        { ...kcash, amount: '2501' },
        { ...kcash, balance: 'kcashBought' },
      ]) {
        const res = await grant(auth, key, other);
        expect(res.status).toBe(422);
        expect((await res.json()) as unknown).toEqual({
          success: false,
          status: 422,
          data: { code: 'IDEMPOTENCY_KEY_REUSED' },
          message: IDEMPOTENCY_KEY_REUSED_MESSAGE,
        });
      }
      expect(await transfersOf(user.id)).toHaveLength(1);
    });

    it('keys belong to a user: the same key from two users is two grants', async () => {
      const a = await signedInUser(ctx);
      const b = await signedInUser(ctx);
      const key = freshKey();
      expect((await grant(a.auth, key, kcash)).status).toBe(201);
      expect((await grant(b.auth, key, kcash)).status).toBe(201);
      expect(await transfersOf(a.user.id)).toHaveLength(1);
      expect(await transfersOf(b.user.id)).toHaveLength(1);
    });

    it('a missing or malformed key is a 400 and nothing is recorded', async () => {
      const { user, auth } = await signedInUser(ctx);
      const missing = await grant(auth, null, kcash);
      expect(missing.status).toBe(400);
      expect(((await missing.json()) as { message: string }).message).toBe(IDEMPOTENCY_KEY_REQUIRED_MESSAGE);
      for (const bad of ['has space', 'x'.repeat(256), 'clé']) {
        const res = await grant(auth, bad, kcash);
        expect(res.status, bad).toBe(400);
        expect(((await res.json()) as { message: string }).message).toBe(IDEMPOTENCY_KEY_INVALID_MESSAGE);
      }
      // A structured-field string is the same key as its content.
      const key = freshKey();
      expect((await grant(auth, `"${key}"`, kcash)).status).toBe(201);
      expect((await grant(auth, key, kcash)).headers.get('idempotent-replayed')).toBe('true');
      expect(await transfersOf(user.id)).toHaveLength(1);
    });

    it('bad bodies are refused by the contract before the key is claimed', async () => {
      const { user, auth } = await signedInUser(ctx);
      const key = freshKey();
      for (const [body, message] of [
        [{ ...kcash, amount: 2500 }, AMOUNT_FORMAT_MESSAGE],
        [{ ...kcash, amount: '25.00' }, AMOUNT_FORMAT_MESSAGE],
        [{ ...kcash, amount: '0' }, AMOUNT_FORMAT_MESSAGE],
        [{ ...kcash, amount: '-5' }, AMOUNT_FORMAT_MESSAGE],
        [{ ...kcash, currency: 'USDT' }, BALANCE_CURRENCY_MISMATCH_MESSAGE],
      ] as const) {
        const res = await grant(auth, key, body);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { message: string }).message).toBe(message);
      }
      expect((await grant(auth, key, kcash)).status).toBe(201);
      expect(await transfersOf(user.id)).toHaveLength(1);
    });

    it(`a key held by a request still in flight is a 409 '${CONFLICT}'; after its lease the key is taken over`, async () => {
      const { user, auth } = await signedInUser(ctx);
      const key = freshKey();
      // Another replica claimed the key and died before answering.
      await ctx.deps.db.insert(schema.idempotencyKeys).values({
        userId: user.id,
        key,
        operationId: crypto.randomUUID(),
        requestMethod: 'POST',
        requestPath: '/dev/ledger/grant',
        requestHash: requestFingerprint('POST', '/dev/ledger/grant', {}, JSON.stringify(kcash)),
        status: 'in_flight',
        lockToken: crypto.randomUUID(),
        lockedUntil: new Date(ctx.now().getTime() + IDEMPOTENCY_LEASE_MS),
        createdAt: ctx.now(),
        expiresAt: new Date(ctx.now().getTime() + 86_400_000),
      });
      const busy = await read(await grant(auth, key, kcash));
      expect(busy.status).toBe(409);
      expect(JSON.parse(busy.text)).toEqual({
        success: false,
        status: 409,
        data: { code: 'IN_PROGRESS' },
        message: CONFLICT,
      });
      expect(Number(busy.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(await transfersOf(user.id)).toHaveLength(0);

      ctx.advance(IDEMPOTENCY_LEASE_MS + 1);
      const taken = await read(await grant(auth, key, kcash));
      expect(taken.status).toBe(201);
      expect(await read(await grant(auth, key, kcash))).toEqual({ ...taken, replayed: 'true' });
      expect(await transfersOf(user.id)).toHaveLength(1);
      const [row] = await ctx.deps.db
        .select()
        .from(schema.idempotencyKeys)
        .where(and(eq(schema.idempotencyKeys.userId, user.id), eq(schema.idempotencyKeys.key, key)));
      expect(row).toMatchObject({ status: 'completed', attempts: 2, lockToken: null });
    });

    it('the same key sent 20 times at once: one grant; every answer is that grant or the 409', async () => {
      const { user, auth } = await signedInUser(ctx);
      const key = freshKey();
      const answers = await Promise.all(
        Array.from({ length: 20 }, async () => read(await grant(auth, key, kcash))),
      );
      const created = answers.filter((a) => a.status === 201);
      const busy = answers.filter((a) => a.status === 409);
      expect(created.length + busy.length).toBe(20);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((a) => a.text)).size).toBe(1);
      for (const b of busy) expect(JSON.parse(b.text).message).toBe(CONFLICT);
      expect(await transfersOf(user.id)).toHaveLength(1);
      expect((await ctx.json('/wallets/balance', { headers: auth })).body.data.kcashEarned.amount).toBe(
        '2500',
      );
    });

    it.runIf(kind === 'postgres')(
      'a request blocked mid-transaction holds its key (409); one whose lease was taken over rolls back',
      async () => {
        const { user, auth } = await signedInUser(ctx);
        expect((await grant(auth, freshKey(), kcash)).status).toBe(201);
        const [account] = await ctx.deps.db
          .select()
          .from(schema.ledgerAccounts)
          .where(
            and(
              eq(schema.ledgerAccounts.ownerUserId, user.id),
              eq(schema.ledgerAccounts.kind, 'user_kcash_earned'),
            ),
          );
        const claimed = (key: string, attempts: number) =>
          vi.waitFor(
            async () => {
              const [row] = await ctx.deps.db
                .select()
                .from(schema.idempotencyKeys)
                .where(and(eq(schema.idempotencyKeys.userId, user.id), eq(schema.idempotencyKeys.key, key)));
              expect(row, 'the request claims its key').toMatchObject({ status: 'in_flight', attempts });
            },
            { timeout: 20_000, interval: 10 },
          );
        // Hold the user's account lock from another connection, so a grant stops inside its transaction.
        let release!: () => void;
        const held = new Promise<void>((r) => {
          release = r;
        });
        let locked!: () => void;
        const isLocked = new Promise<void>((r) => {
          locked = r;
        });
        const holder = ctx.deps.db.transaction(async (tx) => {
          await tx
            .select()
            .from(schema.ledgerAccounts)
            .where(eq(schema.ledgerAccounts.id, account!.id))
            .for('update');
          locked();
          await held;
        });
        await isLocked;

        const key = freshKey();
        const first = grant(auth, key, kcash).then(read);
        await claimed(key, 1);
        const busy = await read(await grant(auth, key, kcash));
        expect(busy.status).toBe(409);
        expect(JSON.parse(busy.text).message).toBe(CONFLICT);

        // The first request outlives its lease; a retry takes the key over and queues on the same lock.
        ctx.advance(IDEMPOTENCY_LEASE_MS + 1);
        const retry = grant(auth, key, kcash).then(read);
        await claimed(key, 2);
        release();
        await holder;
        const [a, b] = await Promise.all([first, retry]);
        // The first one no longer holds the key: its transaction rolled back and it says so.
        expect(a.status).toBe(409);
        expect(b.status).toBe(201);
        expect(await read(await grant(auth, key, kcash))).toEqual({ ...b, replayed: 'true' });
        expect(await transfersOf(user.id)).toHaveLength(2);
        expect((await verifyLedger(ctx.deps.db)).problems).toEqual([]);
      },
    );

    it('answers are kept for a day; then they are pruned and the key is free again', async () => {
      const { user, auth } = await signedInUser(ctx);
      const key = freshKey();
      expect((await grant(auth, key, kcash)).status).toBe(201);
      expect(await pruneIdempotencyKeys(ctx.deps.db, ctx.now())).toBe(0);
      ctx.advance(IDEMPOTENCY_RETENTION_MS + 1);
      expect(await pruneIdempotencyKeys(ctx.deps.db, ctx.now())).toBeGreaterThanOrEqual(1);
      const again = await completeSignIn(ctx.deps, user, false, 'website');
      const res = await grant({ authorization: `Bearer ${again.accessToken}` }, key, {
        ...kcash,
        amount: '1',
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
      expect(await transfersOf(user.id)).toHaveLength(2);
    });

    it('is not served in production (404), while GET /wallets/balance is', async () => {
      const { auth } = await signedInUser(ctx);
      const production = createApp({ ...ctx.deps, env: { ...ctx.deps.env, NODE_ENV: 'production' } });
      const res = await production.request('/dev/ledger/grant', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': freshKey(), ...auth },
        body: JSON.stringify(kcash),
      });
      expect(res.status).toBe(404);
      expect((await production.request('/wallets/balance', { headers: auth })).status).toBe(200);
    });
  });

  describe('mountIdempotent semantics (a probe route)', () => {
    const probeRoute = defineRoute({
      method: 'POST',
      path: '/probe/:name',
      summary: 'test probe',
      tag: 'Test',
      auth: 'bearer',
      body: z.object({ outcome: z.enum(['ok', 'forbidden', 'busy', 'crash']) }),
      response: z.object({ runs: z.number(), transferId: z.string() }),
      successStatus: 201,
      idempotent: true,
    });
    let probe: Hono<AppEnv>;
    const runs = new Map<string, number>();
    beforeAll(() => {
      probe = new Hono<AppEnv>();
      probe.use(async (c, next) => {
        c.set('deps', ctx.deps);
        c.set('log', ctx.deps.logger);
        await next();
      });
      mountIdempotent(probe, probeRoute, async ({ tx, body, userId, idempotencyKey, operationId }) => {
        const n = (runs.get(idempotencyKey) ?? 0) + 1;
        runs.set(idempotencyKey, n);
        // A write in the request's transaction, undone when the handler fails.
        const { transfer: t } = await transfer(tx, {
          idempotencyKey: `probe:${operationId}:${n}`,
          debit: { system: 'treasury' },
          credit: userAccount(userId, 'user_kpoints'),
          amount: 1n,
          currency: 'KPOINTS',
          kind: 'adjustment',
        });
        if (body.outcome === 'forbidden') throw new AppError(403, 'Not for you', { reason: 'test' });
        if (body.outcome === 'busy') throw new AppError(409, 'Busy, try again');
        if (body.outcome === 'crash') throw new Error('boom');
        return { data: { runs: n, transferId: String(t.id) } };
      });
      probe.onError((err, c) =>
        err instanceof AppError ? errorResponse(c, err) : envelope(c, 500, null, 'Something went wrong'),
      );
    });
    const call = async (auth: Record<string, string>, key: string, outcome: string, name = 'a') =>
      read(
        await probe.request(`/probe/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key, ...auth },
          body: JSON.stringify({ outcome }),
        }),
      );
    const points = async (auth: Record<string, string>) =>
      (await ctx.json('/wallets/balance', { headers: auth })).body.data.kpoints.amount;

    it('a 4xx answer of the handler is stored and replayed; its writes were rolled back', async () => {
      const { auth } = await signedInUser(ctx);
      const key = freshKey();
      const first = await call(auth, key, 'forbidden');
      expect(first.status).toBe(403);
      expect(JSON.parse(first.text)).toEqual({
        success: false,
        status: 403,
        data: { reason: 'test' },
        message: 'Not for you',
      });
      expect(await call(auth, key, 'forbidden')).toEqual({ ...first, replayed: 'true' });
      expect(runs.get(key)).toBe(1);
      expect(await points(auth)).toBe('0');
    });

    it('a crash (5xx) or a passing conflict (409) releases the key: the retry runs again', async () => {
      const { auth } = await signedInUser(ctx);
      for (const outcome of ['crash', 'busy']) {
        const key = freshKey();
        expect((await call(auth, key, outcome)).status).toBe(outcome === 'crash' ? 500 : 409);
        expect((await call(auth, key, outcome)).replayed).toBeNull();
        expect(runs.get(key)).toBe(2);
      }
      expect(await points(auth)).toBe('0');
    });

    it('the path is part of the request: the same key on another path is a 422', async () => {
      const { auth } = await signedInUser(ctx);
      const key = freshKey();
      expect((await call(auth, key, 'ok', 'a')).status).toBe(201);
      expect((await call(auth, key, 'ok', 'b')).status).toBe(422);
      expect(await points(auth)).toBe('1');
    });

    it('the answer and the money commit together: a success is stored with its transfer', async () => {
      const { user, auth } = await signedInUser(ctx);
      const key = freshKey();
      const ok = await call(auth, key, 'ok');
      expect(ok.status).toBe(201);
      const [row] = await ctx.deps.db
        .select()
        .from(schema.idempotencyKeys)
        .where(and(eq(schema.idempotencyKeys.userId, user.id), eq(schema.idempotencyKeys.key, key)));
      expect(row?.response).toEqual({
        status: 201,
        message: 'OK',
        dataJson: JSON.stringify(JSON.parse(ok.text).data),
      });
      expect(await points(auth)).toBe('1');
    });
  });

  it('ensureLedgerAccountsHook (for first sign-in) gives a user the five accounts, once', async () => {
    const { user } = await signedInUser(ctx);
    await ensureLedgerAccountsHook(ctx.deps, user);
    await ensureLedgerAccountsHook(ctx.deps, user);
    const rows = await ctx.deps.db
      .select()
      .from(schema.ledgerAccounts)
      .where(eq(schema.ledgerAccounts.ownerUserId, user.id));
    expect(rows.map((r) => `${r.kind}:${r.currency}:${r.balance}`).sort()).toEqual([
      'user_kcash_bought:KCASH:0',
      'user_kcash_earned:KCASH:0',
      'user_kpoints:KPOINTS:0',
      'user_rkhel:RKHEL:0',
      'user_usdt:USDT:0',
    ]);
  });

  it('after all of this the ledger still balances', async () => {
    const report = await verifyLedger(ctx.deps.db);
    expect(report.problems).toEqual([]);
    for (const currency of schema.LEDGER_CURRENCIES) expect(report.trialBalance[currency] ?? 0n).toBe(0n);
  });
});
