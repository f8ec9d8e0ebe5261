/**
 * Transaction history benchmark (issue 9): what the first page of GET /api/transactions costs for a
 * user with 1 000 ledger transfers and for one with 100 000, through the real API (`app.request()`),
 * printed as a ratio of the two measured in the same run (goal: ≤ 2×, i.e. the cost does not grow
 * with history), on PostgreSQL and then on PGlite. It prints figures; it asserts nothing.
 *
 *   pnpm --filter @khel/bench bench:transactions
 *
 * BENCH_DATABASE_URL / TEST_DATABASE_URL: admin URL of the PostgreSQL server (a throwaway database is
 * created and dropped); BENCH_SECONDS (2) per measurement.
 */
import { systemAccount, transferMany, userAccount } from '@khel/api/ledger';
import { createTestContext, type DbKind, signInitData, type TestContext } from '@khel/api/test-support';

const SECONDS = Number(process.env.BENCH_SECONDS || 2);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';
const SIZES = [1_000, 100_000];
const BATCH = 1_000;

async function run(kind: DbKind) {
  let ctx: TestContext;
  try {
    ctx = await createTestContext(kind, ADMIN_URL);
  } catch (error) {
    console.log(`${kind}: not reachable (${(error as Error).message.split('\n')[0]}); skipped`);
    return;
  }
  try {
    const { app, deps } = ctx;
    const rows: string[] = [];
    const perSize = new Map<number, number>();
    for (const [i, size] of SIZES.entries()) {
      const signIn = await app.request('/authentication/telegram', {
        method: 'POST',
        headers: {
          authorization: `tma ${signInitData({ id: 900_000 + i, first_name: 'Bench' }, new Date())}`,
        },
      });
      const { data } = (await signIn.json()) as { data: { accessToken: string; user: { id: string } } };
      const userId = data.user.id;
      const started = performance.now();
      // Half in, half out: treasury → user, then user → treasury, so both sides of the index are used.
      for (let done = 0; done < size; done += BATCH) {
        await deps.db.transaction((tx) =>
          transferMany(
            tx,
            Array.from({ length: Math.min(BATCH, size - done) }, (_, j) => {
              const n = done + j;
              const toUser = n % 2 === 0;
              return {
                idempotencyKey: `bench-history:${userId}:${n}`,
                debit: toUser ? systemAccount('treasury') : userAccount(userId, 'user_kcash_earned'),
                credit: toUser ? userAccount(userId, 'user_kcash_earned') : systemAccount('treasury'),
                amount: 1n,
                currency: 'KCASH' as const,
                kind: 'dev_grant' as const,
              };
            }),
          ),
        );
      }
      const seedSeconds = (performance.now() - started) / 1000;
      const headers = { authorization: `Bearer ${data.accessToken}` };
      const page = async () => {
        const res = await app.request('/transactions?limit=20', { headers });
        if (res.status !== 200) throw new Error(`GET /transactions answered ${res.status}`);
        await res.arrayBuffer();
      };
      for (let w = 0; w < 20; w++) await page();
      let count = 0;
      const t0 = performance.now();
      while (performance.now() - t0 < SECONDS * 1000) {
        await page();
        count++;
      }
      const msPerPage = (performance.now() - t0) / count;
      perSize.set(size, msPerPage);
      rows.push(
        `  ${String(size).padStart(7)} transfers: page 1 in ${msPerPage.toFixed(2)} ms (${count} pages; history written in ${seedSeconds.toFixed(1)} s)`,
      );
    }
    console.log(`${kind}: GET /api/transactions?limit=20, first page`);
    for (const row of rows) console.log(row);
    const small = perSize.get(SIZES[0]!)!;
    const large = perSize.get(SIZES[1]!)!;
    console.log(
      `  ratio ${SIZES[1]} ÷ ${SIZES[0]} = ${(large / small).toFixed(2)} × (goal ≤ 2 ×: a page costs the same whatever the history)`,
    );
  } finally {
    await ctx.close();
  }
}

await run('postgres');
await run('pglite');
