/**
 * POG (issue 13), as ratios to baselines measured in the same run:
 *
 * - **mint jobs per minute** on each embedded chain (the in-process EVM, TON's emulator): cards waiting at
 *   MintInProgress, minted one job after another through `runMintJob` (chain + database), against the same
 *   chain's bare `mint()` calls (no database), so the ratio is what the job's bookkeeping costs.
 * - **feed requests per second**: GET /pog/feeds/all (20 cards of 200 minted) through `app.request()`,
 *   against a bare Hono app answering a constant envelope and against GET /pog/mint/states (a route that reads
 *   nothing), at BENCH_CONCURRENCY (10).
 *
 * On PGlite (in memory) by default, `--postgres` for a throwaway PostgreSQL database.
 *
 *   pnpm --filter @khel/bench bench:pog
 *
 * It prints figures; it is not a test and asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { evmChain } from '@khel/api/chain';
import { pogEvmChain } from '@khel/api/modules/pog/chain/evm/evm-pog.ts';
import { pogTonChain } from '@khel/api/modules/pog/chain/ton/ton-pog.ts';
import { runMintJob } from '@khel/api/modules/pog/mint-job.ts';
import { signedInUser } from '@khel/api/modules/profile/profile.test-support.ts';
import { createTestContext, type TestContext } from '@khel/api/test-support';
import type { PogChainKind } from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { ADMIN_URL, measure, positive, printTable, type Row, ratio } from './support.ts';

const CONCURRENCY = Math.round(positive('BENCH_CONCURRENCY', 10));
const MINTS = Math.round(positive('BENCH_POG_MINTS', 30));
const kind = process.argv.includes('--postgres') ? 'postgres' : 'pglite';

/** `count` users with a card waiting at MintInProgress on `chain` (the state `POST /pog/mint/activate` leaves). */
async function waitingCards(ctx: TestContext, chain: PogChainKind, count: number): Promise<string[]> {
  const ids: string[] = [];
  const avatar = Buffer.from('89504e470d0a1a0a', 'hex');
  for (let i = 0; i < count; i++) {
    const u = await signedInUser(ctx);
    const owner =
      chain === 'ton'
        ? `0:${randomBytes(32).toString('hex')}`
        : (
            await ctx.deps.db
              .select({ a: schema.custodialWallets.evmAddress })
              .from(schema.custodialWallets)
              .where(eq(schema.custodialWallets.userId, u.user.id))
          )[0]!.a;
    const name = `b${randomBytes(5).toString('hex')}`;
    const [card] = await ctx.deps.db
      .insert(schema.pogCards)
      .values({
        userId: u.user.id,
        name,
        nameKey: name,
        state: 'MintInProgress',
        chain,
        ownerAddress: owner,
        avatar,
        theme: 'Toon',
        mintStartedAt: new Date(),
      })
      .returning();
    ids.push(card!.id);
  }
  return ids;
}

async function mintRates(ctx: TestContext, chain: PogChainKind) {
  const engine = (chain === 'evm' ? await pogEvmChain(ctx.deps.env) : await pogTonChain(ctx.deps.env))!;
  // Warm the engine (deploys, first compile of the code paths).
  await engine.mint({
    tokenId: 10n ** 9n,
    owner: chain === 'ton' ? `0:${randomBytes(32).toString('hex')}` : `0x${randomBytes(20).toString('hex')}`,
    metadataUrl: 'https://khel.test/m',
  });
  const bareStart = performance.now();
  for (let i = 0; i < MINTS; i++)
    await engine.mint({
      tokenId: 10n ** 9n + 1n + BigInt(i),
      owner:
        chain === 'ton' ? `0:${randomBytes(32).toString('hex')}` : `0x${randomBytes(20).toString('hex')}`,
      metadataUrl: 'https://khel.test/m',
    });
  const bare = (MINTS / (performance.now() - bareStart)) * 60_000;
  const ids = await waitingCards(ctx, chain, MINTS);
  const jobStart = performance.now();
  for (const id of ids) await runMintJob(ctx.deps, id);
  const jobs = (MINTS / (performance.now() - jobStart)) * 60_000;
  return { bare, jobs };
}

async function main() {
  console.log(`POG bench on ${kind}, load average ${loadavg()[0]!.toFixed(1)}, ${MINTS} mints per chain`);
  const ctx = await createTestContext(kind, ADMIN_URL, { PUBLIC_URL: 'https://khel.test' });
  try {
    await evmChain(ctx.deps.env);
    console.log('\nmint jobs per minute (one after another)');
    for (const chain of ['evm', 'ton'] as const) {
      const { bare, jobs } = await mintRates(ctx, chain);
      console.log(
        `  ${chain === 'evm' ? 'EVM (in-process tevm)' : 'TON (@ton/sandbox)   '}  job ${jobs.toFixed(0).padStart(6)}/min  ` +
          `bare mint ${bare.toFixed(0).padStart(6)}/min  job ÷ bare ${(jobs / bare).toFixed(2)} ×`,
      );
    }

    // Feed: 200 minted cards (some liked) to page through.
    const ids = await waitingCards(ctx, 'evm', 200 - MINTS);
    for (const id of ids)
      await ctx.deps.db
        .update(schema.pogCards)
        .set({ state: 'Minted', mintedAt: new Date(), txHash: `0x${randomBytes(32).toString('hex')}` })
        .where(eq(schema.pogCards.id, id));
    const bareApp = new Hono();
    bareApp.get('/x', (c) => c.json({ success: true, status: 200, data: null, message: 'OK' }));
    const call =
      (app: { request: (p: string) => Response | Promise<Response> }, path: string) => async () => {
        const res = await app.request(path);
        if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
        await res.arrayBuffer();
      };
    const rows: Row[] = [];
    const bareFigures = await measure(CONCURRENCY, call(bareApp, '/x'));
    rows.push({
      section: 'baseline',
      label: 'bare Hono',
      concurrency: CONCURRENCY,
      figures: bareFigures,
      ratios: [],
    });
    const states = await measure(CONCURRENCY, call(ctx.app, '/pog/mint/states'));
    rows.push({
      section: 'baseline',
      label: 'GET /pog/mint/states (no SQL)',
      concurrency: CONCURRENCY,
      figures: states,
      ratios: [ratio(states.opsPerSecond, bareFigures.opsPerSecond, 'bare Hono')],
    });
    for (const path of ['/pog/feeds/all', '/pog/feeds/legendary', '/pog/list']) {
      const figures = await measure(CONCURRENCY, call(ctx.app, path));
      rows.push({
        section: 'feeds',
        label: `GET ${path}`,
        concurrency: CONCURRENCY,
        figures,
        ratios: [
          ratio(figures.opsPerSecond, bareFigures.opsPerSecond, 'bare Hono'),
          ratio(figures.opsPerSecond, states.opsPerSecond, 'no-SQL route'),
        ],
      });
    }
    printTable('feed requests per second', rows);
  } finally {
    await ctx.close();
  }
}

await main();
process.exit(0);
