import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { USERNAME_TAKEN_MESSAGE } from '@khel/core/validation';
import { createTestPostgresDatabase, schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { loadEnv } from '../../env.ts';
import { DEV_POG_CONTRACT, type EvmChain, evmChain } from '../../lib/chain/evm.ts';
import { KhelPog } from '../../lib/chain/pog-card/artifacts.ts';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { DEV_DEPLOYER_KEY, deployPog, serveEvmRpc } from './chain/evm/evm-pog.test-support.ts';
import { pogEvmChain } from './chain/evm/evm-pog.ts';
import { runMintJob } from './mint-job.ts';
import { customizeToAvatar, freshName, mintedUser, post, reserve, runMint } from './pog.test-support.ts';

/** PostgreSQL only (PGlite runs one transaction at a time and would hide every race). */
describe('POG races on PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('postgres', inject('postgresAdminUrl'), {
      PUBLIC_URL: 'https://khel.test',
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('50 users reserving one name at once: one wins, 49 hear Username already taken!', async () => {
    const users = await Promise.all(Array.from({ length: 50 }, () => signedInUser(ctx)));
    const name = freshName('race');
    const answers = await Promise.all(
      users.map((u, i) => reserve(ctx, u.auth, i % 2 ? name : name.toUpperCase())),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const lost = answers.filter((a) => a.status === 409);
    expect(lost).toHaveLength(49);
    expect(new Set(lost.map((a) => a.body.message))).toEqual(new Set([USERNAME_TAKEN_MESSAGE]));
    const rows = await ctx.deps.db
      .select()
      .from(schema.pogCards)
      .where(eq(schema.pogCards.nameKey, name.toLowerCase()));
    expect(rows).toHaveLength(1);
  }, 120_000);

  it('100 users liking one card at once count 100; one user liking twice at once counts 1', async () => {
    const owner = await mintedUser(ctx, 'evm');
    const fans = await Promise.all(Array.from({ length: 100 }, () => signedInUser(ctx)));
    const like = (auth: { authorization: string }) =>
      ctx.json(`/pog/posts/${owner.cardId}/like`, { method: 'POST', headers: auth });
    const answers = await Promise.all(fans.map((f) => like(f.auth)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const card = async () =>
      (await ctx.deps.db.select().from(schema.pogCards).where(eq(schema.pogCards.id, owner.cardId)))[0]!;
    expect((await card()).likes).toBe(100);
    const again = await Promise.all([like(fans[0]!.auth), like(fans[0]!.auth), like(fans[0]!.auth)]);
    expect(again.every((a) => a.status === 200)).toBe(true);
    expect((await card()).likes).toBe(100);
    const rows = await ctx.deps.db
      .select()
      .from(schema.pogLikes)
      .where(eq(schema.pogLikes.cardId, owner.cardId));
    expect(rows).toHaveLength(100);
  }, 180_000);

  it('two mints at once for one user, and two workers running its job at once: one token', async () => {
    const u = await signedInUser(ctx);
    await reserve(ctx, u.auth, freshName());
    await customizeToAvatar(ctx, u.auth);
    const both = await Promise.all([
      post(ctx, '/pog/mint/activate', u.auth, { chain: 'evm' }),
      post(ctx, '/pog/mint/activate', u.auth, { chain: 'evm' }),
    ]);
    expect(both.map((a) => a.status).sort()).toEqual([202, 409]);
    const [card] = await ctx.deps.db
      .select()
      .from(schema.pogCards)
      .where(eq(schema.pogCards.userId, u.user.id));
    const jobs = await ctx.deps.db
      .select()
      .from(schema.jobs)
      .where(eq(schema.jobs.dedupeKey, `pog-mint:${card!.id}`));
    expect(jobs).toHaveLength(1);
    await Promise.all([runMintJob(ctx.deps, card!.id), runMintJob(ctx.deps, card!.id)]);
    const minted = await runMint(ctx, u.user.id);
    const chain = (await evmChain(ctx.deps.env))!;
    expect(await chain.balanceOf(DEV_POG_CONTRACT as Address, minted.ownerAddress as Address)).toBe(1n);
    expect((await (await pogEvmChain(ctx.deps.env))!.findMint(minted.serial))?.txHash).toBe(minted.txHash);
  }, 120_000);
});

/**
 * DESIGN §6: the mint job killed between the chain and the database, then run again by another worker: one token,
 * the card Minted with the hash of the transaction that happened. The chain is the in-process EVM served over
 * JSON-RPC; the worker is a real `start:worker` process that the node kills (SIGKILL) once it has mined its mint.
 */
describe('the mint job killed mid-mint (PostgreSQL, a worker process)', () => {
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  let ctx: TestContext;
  let chain: EvmChain;
  let rpc: Awaited<ReturnType<typeof serveEvmRpc>>;
  let contract: Address;
  let dataDir: string;
  let worker: ChildProcess | null = null;
  let kills = 0;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    chain = (await evmChain(loadEnv({ NODE_ENV: 'test' })))!;
    contract = await deployPog(chain);
    rpc = await serveEvmRpc(chain, {
      onSendRawTransaction: async () => {
        const victim = worker;
        if (!victim || kills > 0) return;
        kills++;
        victim.kill('SIGKILL');
        await new Promise((done) => (victim.exitCode !== null ? done(null) : victim.once('exit', done)));
        throw new Error('the sender is gone');
      },
    });
    database = await createTestPostgresDatabase(inject('postgresAdminUrl'));
    dataDir = mkdtempSync(join(tmpdir(), 'khel-pog-crash-'));
    ctx = await createTestContext(
      'postgres',
      undefined,
      {
        EVM_RPC_URL: rpc.url,
        POG_EVM_CONTRACT: contract,
        POG_EVM_MINTER_KEY: DEV_DEPLOYER_KEY,
        PUBLIC_URL: 'https://khel.test',
      },
      { database, dataDir },
    );
  }, 120_000);
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await ctx?.close();
    await rpc?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function startWorker(): ChildProcess {
    const entry = fileURLToPath(new URL('../../main-worker.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SEED_DEMO_DATA: 'false',
        JOB_WORKER_INTERVAL_MS: '200',
        EVM_RPC_URL: rpc.url,
        POG_EVM_CONTRACT: contract,
        POG_EVM_MINTER_KEY: DEV_DEPLOYER_KEY,
        PUBLIC_URL: 'https://khel.test',
      },
      stdio: 'ignore',
    });
    children.push(child);
    return child;
  }

  async function cardOf(userId: string) {
    const [card] = await ctx.deps.db.select().from(schema.pogCards).where(eq(schema.pogCards.userId, userId));
    return card!;
  }

  it('a killed worker leaves a token the next run finds: one token, the card Minted with its hash', async () => {
    const u = await signedInUser(ctx);
    await reserve(ctx, u.auth, freshName());
    await customizeToAvatar(ctx, u.auth);
    expect((await post(ctx, '/pog/mint/activate', u.auth, { chain: 'evm' })).status).toBe(202);

    worker = startWorker();
    const exited = new Promise((done) => worker!.once('exit', done));
    await exited;
    expect(kills).toBe(1);
    const afterKill = await cardOf(u.user.id);
    expect(afterKill.state).toBe('MintInProgress');
    expect(afterKill.txHash).toBeNull();
    const pog = (await pogEvmChain(ctx.deps.env))!;
    const onChain = await pog.findMint(afterKill.serial);
    expect(onChain).not.toBeNull();

    // The killed worker's lease would end in 5 minutes; end it now, as time would.
    await ctx.deps.db
      .update(schema.jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(schema.jobs.dedupeKey, `pog-mint:${afterKill.id}`));
    worker = startWorker();
    const card = await vi.waitFor(
      async () => {
        const latest = await cardOf(u.user.id);
        expect(latest.mintedAt, 'the next run mints the card').not.toBeNull();
        return latest;
      },
      { timeout: 120_000, interval: 100 },
    );
    worker.kill('SIGTERM');
    expect(card.state).toBe('Minted');
    expect(card.txHash).toBe(onChain!.txHash);
    const balance = await chain.balanceOf(contract, card.ownerAddress as Address);
    expect(balance).toBe(1n);
    expect(KhelPog.abi.some((f) => 'name' in f && f.name === 'locked')).toBe(true);
  }, 180_000);
});
