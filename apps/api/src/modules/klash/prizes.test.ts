import type { KlashPrizesInput } from '@khel/core/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { poolOf, rankByScore, splitPrizes } from './prizes.ts';

const entry = (i: number) => `e${i}`;

const rankPrizesArb = fc.array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { minLength: 1, maxLength: 16 }).map(
  (amounts): KlashPrizesInput => ({
    kind: 'rank',
    ranks: amounts.map((a, i) => ({ rank: i + 1, amount: String(a) })),
  }),
);

const percentilePrizesArb = fc
  .tuple(
    fc.bigInt({ min: 1n, max: 10n ** 12n }),
    fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { maxLength: 6 }),
  )
  .chain(([pool, cuts]) => {
    const bounds = [0, ...[...cuts].sort((a, b) => a - b), 100];
    return fc
      .array(fc.integer({ min: 1, max: 100 }), { minLength: bounds.length - 1, maxLength: bounds.length - 1 })
      .map((weights): KlashPrizesInput => {
        const total = weights.reduce((s, w) => s + w, 0);
        const bps = weights.map((w) => Math.max(1, Math.floor((w * 10_000) / total)));
        bps[bps.length - 1] = 10_000 - bps.slice(0, -1).reduce((s, b) => s + b, 0);
        return {
          kind: 'percentile',
          pool: String(pool),
          bands: bounds
            .slice(1)
            .map((to, i) => ({ fromPercent: bounds[i]!, toPercent: to, shareBasisPoints: bps[i]! })),
        };
      })
      .filter((p) => p.kind === 'percentile' && p.bands.every((b) => b.shareBasisPoints >= 1));
  });

/** Standings as a leaderboard makes them: random scores, competition ranks (ties share a rank). */
const standingsArb = fc
  .array(fc.integer({ min: 0, max: 20 }), { maxLength: 60 })
  .map((scores) => rankByScore(scores.map((score, i) => ({ entryId: entry(i), score }))));

describe('Klash prize split', () => {
  it('pays 1st 1200 / 2nd 800 K-Cash by rank and refunds ranks nobody reached', () => {
    const prizes: KlashPrizesInput = {
      kind: 'rank',
      ranks: [
        { rank: 1, amount: '1200000' },
        { rank: 2, amount: '800000' },
        { rank: 3, amount: '500000' },
      ],
    };
    expect(
      splitPrizes(prizes, [
        { entryId: 'a', rank: 1 },
        { entryId: 'b', rank: 2 },
      ]),
    ).toEqual({
      allocations: [
        { entryId: 'a', rank: 1, amount: 1_200_000n },
        { entryId: 'b', rank: 2, amount: 800_000n },
      ],
      refund: 500_000n,
    });
    // A tie at 2 shares ranks 2 and 3's prizes.
    const tie = splitPrizes(prizes, [
      { entryId: 'a', rank: 1 },
      { entryId: 'b', rank: 2 },
      { entryId: 'c', rank: 2 },
    ]);
    expect(tie.allocations.map((a) => a.amount)).toEqual([1_200_000n, 650_000n, 650_000n]);
    expect(tie.refund).toBe(0n);
  });

  it('payouts plus refund equal the pool to the minor unit, never negative (fast-check, by rank and by percentile)', () => {
    fc.assert(
      fc.property(fc.oneof(rankPrizesArb, percentilePrizesArb), standingsArb, (prizes, standings) => {
        const pool = poolOf(prizes);
        const { allocations, refund } = splitPrizes(prizes, standings);
        const paid = allocations.reduce((s, a) => s + a.amount, 0n);
        expect(paid + refund).toBe(pool);
        expect(refund >= 0n).toBe(true);
        expect(allocations.every((a) => a.amount > 0n)).toBe(true);
        expect(new Set(allocations.map((a) => a.entryId)).size).toBe(allocations.length);
        // With as many distinct ranks as prize ranks, a rank table is paid in full.
        if (prizes.kind === 'rank' && standings.length >= prizes.ranks.length) expect(refund).toBe(0n);
      }),
      { numRuns: 500 },
    );
  });

  it('ranks by score with ties sharing a rank', () => {
    const ranked = rankByScore([
      { id: 'a', score: 5 },
      { id: 'b', score: 9 },
      { id: 'c', score: 5 },
      { id: 'd', score: 1 },
    ]);
    expect(ranked.map((r) => [r.id, r.rank])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 2],
      ['d', 4],
    ]);
  });
});
