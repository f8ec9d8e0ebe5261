import { schema } from '@khel/db';
import { eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { grantEarning } from '../earnings/earnings.ts';
import { verifyLedger } from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';

/** SPEC §6 boosts through grantEarning: generated amounts and boosts, each grant made twice. */
describe('a POG boost applies exactly once per earning', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('amount × boost / 10 000, the extra from the treasury in its own transfer, once whatever the repeats', async () => {
    const u = await signedInUser(ctx);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.constantFrom(10_000, 10_500, 11_000, 11_500, 12_000),
        fc.integer({ min: 1, max: 3 }),
        async (amount, bp, times) => {
          const grantKey = `boost-prop:${u.user.id}:${n++}`;
          for (let i = 0; i < times; i++)
            await ctx.deps.db.transaction((tx) =>
              grantEarning(tx, {
                userId: u.user.id,
                amount,
                source: 'kquest',
                title: 'Boost property',
                grantKey,
                boostBasisPoints: bp,
              }),
            );
          const rows = await ctx.deps.db
            .select()
            .from(schema.earnings)
            .where(eq(schema.earnings.grantKey, grantKey));
          expect(rows).toHaveLength(1);
          expect(rows[0]!.amount).toBe((amount * BigInt(bp)) / 10_000n);
          expect(rows[0]!.boostBasisPoints).toBe(rows[0]!.amount > amount ? bp : null);
          const extra = await ctx.deps.db
            .select()
            .from(schema.ledgerTransfers)
            .where(like(schema.ledgerTransfers.idempotencyKey, `earning-boost:${grantKey}`));
          expect(extra.reduce((s, t) => s + t.amount, 0n)).toBe(rows[0]!.amount - amount);
        },
      ),
      { numRuns: 40 },
    );
    const report = await verifyLedger(ctx.deps.db);
    expect(report.ok).toBe(true);
  }, 120_000);
});
