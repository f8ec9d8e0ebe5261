import { randomBytes } from 'node:crypto';
import { schema } from '@khel/db';
import { Address, beginCell } from '@ton/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  burstBesideHeldRequest,
  createTestContext,
  DB_KINDS,
  medianMs,
  type TestContext,
  timed,
} from '../../test-support.ts';
import { systemAccountBalance, verifyLedger } from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import type { TonDepositChain } from './chain.ts';
import { SANDBOX_TON_RATE, type sandboxTonRates } from './rates.ts';
import { applyInbound, watchTonDeposits } from './watcher.ts';

const TON = 1_000_000_000n;
/** A gamer's wallet on the emulator (any address: the sandbox plays the wallet). */
const gamerWallet = (n: number) => new Address(0, Buffer.alloc(32, n));
const comment = (text: string) => beginCell().storeUint(0, 32).storeStringTail(text).endCell();

describe.each(DB_KINDS)('TON deposits on %s', (kind) => {
  let ctx: TestContext;
  let chain: TonDepositChain;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    chain = (await ctx.deps.tonDeposits.chain())!;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const rates = () => ctx.deps.tonDeposits.rates as ReturnType<typeof sandboxTonRates>;
  const kcashBought = async (auth: Record<string, string>) =>
    BigInt((await ctx.json('/wallets/balance', { headers: auth })).body.data.kcashBought.amount);
  const startDeposit = async (auth: Record<string, string>, body: Record<string, string>) => {
    const res = await ctx.json('/onramp/ton/deposit', { method: 'POST', headers: auth, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as {
      depositId: string;
      address: string;
      memo: string;
      payload: string;
      pay: { amount: string };
      receive: { amount: string };
      expiresAt: string;
    };
  };
  const pay = (input: {
    from?: Address;
    value: bigint;
    text?: string | null;
    bounced?: boolean;
    to?: Address;
  }) =>
    chain.sandboxSend!({
      from: input.from ?? gamerWallet(1),
      to: input.to ?? chain.address,
      value: input.value,
      body: input.text === null || input.text === undefined ? null : comment(input.text),
      bounce: false,
      bounced: input.bounced ?? false,
    });
  const statusOf = async (auth: Record<string, string>, id: string) =>
    (await ctx.json(`/onramp/ton/deposit/${id}`, { headers: auth })).body.data;
  const custody = () => systemAccountBalance(ctx.deps.db, 'ton_custody', 'TON');
  const ledgerOk = async () => {
    const report = await verifyLedger(ctx.deps.db);
    expect(report.problems).toEqual([]);
    expect(report.trialBalance.TON ?? 0n).toBe(0n);
    expect(report.trialBalance.KCASH ?? 0n).toBe(0n);
  };

  /**
   * Watchers at once after `send`, and on PostgreSQL their time, as in the race tests before it
   * (referrals, recurring quests). Measured first: a watcher alone crediting one payment, the median of
   * three. Then, `send` done, the watchers run while another gamer's deposit being credited holds its
   * transaction open with all a credit writes (its deposit and inbound rows, the treasury's and
   * custody's shards, the gamer's K-Cash, the push), and must end within 100 lone runs: no credit holds
   * a row every credit touches. Watchers that wait on the held credit end only when the bound lets it
   * go, and fail whatever the machine's load; watchers that do not end far within it. The held payment
   * is applied as a watcher applies one but is not on the chain: a chain's payments are applied in its
   * order, so watchers that saw it would queue behind it by design. On PGlite, which runs one
   * transaction at a time and would hide every race, just the watchers.
   */
  async function watchersBesideHeldCredit<T>(send: () => Promise<unknown>, watchers: () => Promise<T>) {
    if (kind !== 'postgres') {
      await send();
      return watchers();
    }
    const other = await signedInUser(ctx);
    const otherDeposit = async () => {
      const deposit = await startDeposit(other.auth, { kcash: '1000000' });
      return { ...deposit, value: BigInt(deposit.pay.amount) };
    };
    const lone: number[] = [];
    for (let i = 0; i < 3; i++) {
      const alone = await otherDeposit();
      await pay({ from: gamerWallet(2), value: alone.value, text: alone.memo });
      lone.push(
        await timed(async () => expect((await watchTonDeposits(ctx.deps)).results).toEqual(['credited'])),
      );
    }
    const held = await otherDeposit();
    await send();
    const bound = 100 * medianMs(lone);
    const { result, burstMs, releasedByBound } = await burstBesideHeldRequest(
      ctx.deps,
      bound,
      async (holding) =>
        expect(
          await applyInbound(holding, chain, {
            hash: randomBytes(32).toString('hex'),
            lt: 1n,
            at: ctx.now(),
            source: gamerWallet(2).toRawString(),
            destination: chain.address.toRawString(),
            value: held.value,
            comment: held.memo,
            bounced: false,
          }),
        ).toBe('credited'),
      watchers,
    );
    // Nobody waited for the open credit: the watchers ended before the bound let it go.
    expect(releasedByBound).toBe(false);
    expect(burstMs).toBeLessThan(bound);
    return result;
  }

  it('quotes TON → K-Cash at the rate provider’s rate, either way round', async () => {
    const byTon = await ctx.json('/onramp/ton/quote?amount=2500000000');
    expect(byTon.status).toBe(200);
    expect(byTon.body.data.pay).toEqual({ amount: '2500000000', currency: 'TON', decimals: 9 });
    expect(byTon.body.data.receive).toEqual({ amount: '7500000', currency: 'KCASH', decimals: 3 });
    const byKcash = await ctx.json('/onramp/ton/quote?kcash=1000000');
    expect(byKcash.body.data.pay.amount).toBe('333333334');
    expect(BigInt(byKcash.body.data.receive.amount)).toBeGreaterThanOrEqual(1_000_000n);
    expect((await ctx.json('/onramp/ton/quote?amount=1000')).status).toBe(400);
    expect((await ctx.json('/onramp/ton/quote?amount=1&kcash=1')).status).toBe(400);
    expect((await ctx.json('/onramp/ton/quote')).status).toBe(400);
  });

  it('a payment seen on the emulator is credited once, at the locked quote, however often the watcher runs', async () => {
    const gamer = await signedInUser(ctx);
    const before = await kcashBought(gamer.auth);
    const deposit = await startDeposit(gamer.auth, {
      amount: (2n * TON).toString(),
      wallet: gamerWallet(1).toRawString(),
    });
    expect(deposit.memo).toMatch(/^KHEL-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(Address.parse(deposit.address).equals(chain.address)).toBe(true);
    expect(deposit.receive.amount).toBe('6000000');
    // The rate moves after the quote: the quote holds.
    rates().set({ fromMajor: 1n, toMajor: 1000n });
    const custodyBefore = await custody();
    const inbound = await pay({ value: 2n * TON, text: deposit.memo.toLowerCase() });
    expect((await statusOf(gamer.auth, deposit.depositId)).status).toBe('pending');

    const first = await watchTonDeposits(ctx.deps);
    expect(first.results).toEqual(['credited']);
    expect((await watchTonDeposits(ctx.deps)).results).toEqual([]);
    expect(await kcashBought(gamer.auth)).toBe(before + 6_000_000n);
    expect(await custody()).toBe(custodyBefore + 2n * TON);
    const status = await statusOf(gamer.auth, deposit.depositId);
    expect(status).toMatchObject({ status: 'credited', txHash: inbound!.hash });
    expect(status.credited.amount).toBe('6000000');
    const [push] = await ctx.deps.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.dedupeKey, `ton-deposit-credited:${deposit.depositId}`));
    expect(push).toMatchObject({ kind: 'ton_deposit_credited', userId: gamer.user.id });
    expect(push!.payload).toMatchObject({ kcash: '6000000', ton: '2000000000' });
    rates().set(SANDBOX_TON_RATE);
    await ledgerOk();
  });

  it('two watchers at once credit a payment once', async () => {
    const gamer = await signedInUser(ctx);
    const deposit = await startDeposit(gamer.auth, { kcash: '3000000' });
    const runs = await watchersBesideHeldCredit(
      () => pay({ value: BigInt(deposit.pay.amount), text: deposit.memo }),
      () => Promise.all([watchTonDeposits(ctx.deps), watchTonDeposits(ctx.deps), watchTonDeposits(ctx.deps)]),
    );
    expect(runs.flatMap((r) => r.results).filter((r) => r === 'credited')).toHaveLength(1);
    expect(await kcashBought(gamer.auth)).toBe(BigInt(deposit.receive.amount));
    const ton = await ctx.deps.db
      .select()
      .from(schema.ledgerTransfers)
      .where(eq(schema.ledgerTransfers.kind, 'ton_deposit'));
    expect(
      ton.filter(
        (t) =>
          (t.metadata as { depositId?: string }).depositId === deposit.depositId && t.currency === 'KCASH',
      ),
    ).toHaveLength(1);
    await ledgerOk();
  }, 60_000);

  it('an unknown memo, a payment too small and a bounce credit nobody; TON that stayed is in custody', async () => {
    const gamer = await signedInUser(ctx);
    const deposit = await startDeposit(gamer.auth, { amount: TON.toString() });
    const custodyBefore = await custody();
    await pay({ value: TON, text: 'KHEL-0000-0000' });
    await pay({ value: TON, text: null });
    await pay({ value: TON / 100n, text: deposit.memo });
    await pay({ value: TON, text: deposit.memo, bounced: true });
    const { results } = await watchTonDeposits(ctx.deps);
    expect(results).toEqual(['unknown_memo', 'unknown_memo', 'too_small', 'bounced']);
    expect(await kcashBought(gamer.auth)).toBe(0n);
    expect((await statusOf(gamer.auth, deposit.depositId)).status).toBe('held');
    expect(await custody()).toBe(custodyBefore + 2n * TON + TON / 100n);
    const held = await ctx.deps.db.select().from(schema.tonInboundTransactions);
    expect(held.filter((r) => r.outcome === 'unknown_memo').every((r) => r.depositId === null)).toBe(true);

    // The right payment afterwards is credited; a second one with the same memo is not.
    await pay({ value: TON, text: deposit.memo });
    await pay({ value: TON, text: deposit.memo });
    expect((await watchTonDeposits(ctx.deps)).results).toEqual(['credited', 'memo_used']);
    expect(await kcashBought(gamer.auth)).toBe(3_000_000n);
    await ledgerOk();
  });

  it('a payment after the quote expired is credited at the rate of then; another amount too', async () => {
    const gamer = await signedInUser(ctx);
    const late = await startDeposit(gamer.auth, { amount: TON.toString() });
    const other = await startDeposit(gamer.auth, { amount: TON.toString() });
    ctx.advance(16 * 60 * 1000);
    rates().set({ fromMajor: 2n, toMajor: 5000n });
    await pay({ value: TON, text: late.memo });
    await pay({ value: 2n * TON, text: other.memo });
    expect((await watchTonDeposits(ctx.deps)).results).toEqual(['credited', 'credited']);
    // (The access token has expired by now: read the rows.)
    const credited = async (id: string) =>
      (await ctx.deps.db.select().from(schema.tonDeposits).where(eq(schema.tonDeposits.id, id)))[0]!
        .creditedKcash;
    expect(await credited(late.depositId)).toBe(2_500_000n);
    expect(await credited(other.depositId)).toBe(5_000_000n);
    rates().set(SANDBOX_TON_RATE);
    await ledgerOk();
  });

  it('a refused request changes nothing; another user’s deposit is not found', async () => {
    const gamer = await signedInUser(ctx);
    const count = async () => (await ctx.deps.db.select().from(schema.tonDeposits)).length;
    const before = await count();
    for (const body of [
      { amount: '1000' },
      { amount: '1', kcash: '1' },
      {},
      { amount: TON.toString(), wallet: 'nope' },
    ]) {
      const res = await ctx.json('/onramp/ton/deposit', { method: 'POST', headers: gamer.auth, body });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect(
      (await ctx.json('/onramp/ton/deposit', { method: 'POST', body: { amount: TON.toString() } })).status,
    ).toBe(401);
    expect(await count()).toBe(before);
    const mine = await startDeposit(gamer.auth, { amount: TON.toString() });
    const stranger = await signedInUser(ctx);
    expect((await ctx.json(`/onramp/ton/deposit/${mine.depositId}`, { headers: stranger.auth })).status).toBe(
      404,
    );
  });

  it('the sandbox wallet route sends on the emulator and asks the watcher to look', async () => {
    const gamer = await signedInUser(ctx);
    const deposit = await startDeposit(gamer.auth, { amount: TON.toString() });
    const res = await ctx.json('/sandbox/ton/transfers', {
      method: 'POST',
      body: {
        from: gamerWallet(7).toRawString(),
        to: deposit.address,
        amount: TON.toString(),
        payload: deposit.payload,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.txHash).toMatch(/^[0-9a-f]{64}$/);
    const [job] = await ctx.deps.db
      .select()
      .from(schema.jobs)
      .where(eq(schema.jobs.dedupeKey, 'ton-deposits.watch:now'));
    expect(job?.kind).toBe('ton-deposits.watch');
    expect((await watchTonDeposits(ctx.deps)).results).toEqual(['credited']);
    expect((await ctx.json('/sandbox/ton/transfers', { method: 'POST', body: { from: 'x' } })).status).toBe(
      400,
    );
  });
});
