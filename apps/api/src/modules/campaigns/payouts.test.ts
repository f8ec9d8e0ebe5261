import type { RankBand } from '@khel/core/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bandProblems,
  dynamicPayout,
  fixedPayout,
  leaderboardPayout,
  type Payout,
  rafflePayout,
  rewardProblems,
} from './payouts.ts';

const sum = (p: Payout) => p.allocations.reduce((s, a) => s + a.amount, 0n);
/** paid + rounding + refund = pool, nothing negative, no allocation of 0. */
function expectExact(p: Payout, pool: bigint) {
  expect(sum(p) + p.rounding + p.refund).toBe(pool);
  expect(p.rounding >= 0n && p.refund >= 0n).toBe(true);
  for (const a of p.allocations) expect(a.amount > 0n).toBe(true);
}

const pools = fc.bigInt({ min: 1n, max: 2n ** 62n });
const users = (max: number) =>
  fc.uniqueArray(fc.uuid(), { minLength: 0, maxLength: max }).map((ids) => ids.map((id) => id));

/** Bands from 1 without gaps, shares never increasing, adding up to exactly 10 000 basis points. */
const bandsArb: fc.Arbitrary<RankBand[]> = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 100 })), {
    minLength: 1,
    maxLength: 8,
  })
  .map((raw) => {
    // Weights never increasing; scale so Σ size·share = 10 000, the rest added to rank 1's own band.
    const sizes = raw.map(([size]) => size);
    const weights = raw.map(([, w]) => w).sort((a, b) => b - a);
    const mass = sizes.reduce((s, size, i) => s + size * weights[i]!, 0);
    const shares = weights.map((w) => Math.max(1, Math.floor((w * 10_000) / (mass * 2))));
    const bands: RankBand[] = [{ fromRank: 1, toRank: 1, shareBasisPoints: 0 }];
    let rank = 2;
    sizes.forEach((size, i) => {
      bands.push({ fromRank: rank, toRank: rank + size - 1, shareBasisPoints: shares[i]! });
      rank += size;
    });
    const used = bands.reduce((s, b) => s + (b.toRank - b.fromRank + 1) * b.shareBasisPoints, 0);
    bands[0]!.shareBasisPoints = 10_000 - used;
    return bands;
  })
  .filter((bands) => bands[0]!.shareBasisPoints >= (bands[1]?.shareBasisPoints ?? 1));

describe('fixedPayout', () => {
  it('pays the first N finishers and refunds the unfilled slots', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        users(80),
        (slots, amount, finishers) => {
          const p = fixedPayout({ slots, amount, finishers });
          expectExact(p, BigInt(slots) * amount);
          expect(p.rounding).toBe(0n);
          expect(p.allocations.map((a) => a.userId)).toEqual(finishers.slice(0, slots));
          expect(p.refund).toBe(BigInt(Math.max(0, slots - finishers.length)) * amount);
        },
      ),
    );
  });
});

describe('dynamicPayout', () => {
  const finishers = fc
    .uniqueArray(fc.uuid(), { minLength: 1, maxLength: 60 })
    .chain((ids) =>
      fc
        .array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: ids.length, maxLength: ids.length })
        .map((pts) => ids.map((userId, i) => ({ userId, points: pts[i]! }))),
    );

  it('pays the pool to the minor unit, floor(pool·p/P) each, more points never less', () => {
    fc.assert(
      fc.property(pools, finishers, (pool, list) => {
        const p = dynamicPayout({ pool, finishers: list });
        expectExact(p, pool);
        expect(p.refund).toBe(0n);
        const total = BigInt(list.reduce((s, f) => s + f.points, 0));
        const amountOf = (id: string) => p.allocations.find((a) => a.userId === id)?.amount ?? 0n;
        for (const f of list)
          expect(amountOf(f.userId)).toBe(
            total === 0n ? pool / BigInt(list.length) : (pool * BigInt(f.points)) / total,
          );
        // Rounding is below one unit per finisher.
        expect(p.rounding < BigInt(list.length)).toBe(true);
        for (const a of list)
          for (const b of list)
            if (a.points > b.points) expect(amountOf(a.userId) >= amountOf(b.userId)).toBe(true);
      }),
    );
  });

  it('splits equally when nobody scored and refunds everything when nobody finished', () => {
    const p = dynamicPayout({
      pool: 10n,
      finishers: [
        { userId: 'a', points: 0 },
        { userId: 'b', points: 0 },
        { userId: 'c', points: 0 },
      ],
    });
    expect(p.allocations.map((a) => a.amount)).toEqual([3n, 3n, 3n]);
    expect(p.rounding).toBe(1n);
    expect(dynamicPayout({ pool: 10n, finishers: [] })).toEqual({
      allocations: [],
      rounding: 0n,
      refund: 10n,
    });
  });
});

describe('leaderboardPayout', () => {
  it('generated bands are valid bands', () => {
    fc.assert(
      fc.property(bandsArb, (bands) => {
        expect(bandProblems(bands)).toEqual([]);
      }),
    );
  });

  it('pays the pool to the minor unit for any number of finishers, a better rank never less', () => {
    fc.assert(
      fc.property(pools, bandsArb, users(120), (pool, bands, ranked) => {
        const p = leaderboardPayout({ pool, bands, ranked });
        expectExact(p, pool);
        const lastRank = Math.max(...bands.map((b) => b.toRank));
        if (ranked.length === 0) expect(p.refund).toBe(pool);
        else {
          expect(p.refund).toBe(0n);
          // Spread over present ranks: what is left is below one unit per paid rank.
          expect(p.rounding < BigInt(Math.min(ranked.length, lastRank))).toBe(true);
        }
        expect(p.allocations.every((a) => a.rank! <= lastRank)).toBe(true);
        expect(p.allocations.map((a) => a.userId)).toEqual(ranked.slice(0, p.allocations.length));
        for (let i = 1; i < p.allocations.length; i++)
          expect(p.allocations[i - 1]!.amount >= p.allocations[i]!.amount).toBe(true);
      }),
    );
  });

  it('spreads the shares of empty ranks over the present ranks in proportion', () => {
    const bands = [
      { fromRank: 1, toRank: 1, shareBasisPoints: 5_000 },
      { fromRank: 2, toRank: 2, shareBasisPoints: 3_000 },
      { fromRank: 3, toRank: 4, shareBasisPoints: 1_000 },
    ];
    // All four present: 50 %, 30 %, 10 %, 10 %.
    expect(leaderboardPayout({ pool: 1000n, bands, ranked: ['a', 'b', 'c', 'd'] }).allocations).toEqual([
      { userId: 'a', amount: 500n, rank: 1 },
      { userId: 'b', amount: 300n, rank: 2 },
      { userId: 'c', amount: 100n, rank: 3 },
      { userId: 'd', amount: 100n, rank: 4 },
    ]);
    // Two present: 5000/8000 and 3000/8000 of 1000 = 625 and 375.
    const two = leaderboardPayout({ pool: 1000n, bands, ranked: ['a', 'b'] });
    expect(two.allocations.map((a) => a.amount)).toEqual([625n, 375n]);
    expect(two.rounding).toBe(0n);
    // Three present: 5000/9000 → 555, 3000/9000 → 333, 1000/9000 → 111; rounding 1.
    const three = leaderboardPayout({ pool: 1000n, bands, ranked: ['a', 'b', 'c', 'd', 'e'].slice(0, 3) });
    expect(three.allocations.map((a) => a.amount)).toEqual([555n, 333n, 111n]);
    expect(three.rounding).toBe(1n);
    // Beyond the last band nobody is paid.
    expect(
      leaderboardPayout({ pool: 1000n, bands, ranked: ['a', 'b', 'c', 'd', 'e'] }).allocations,
    ).toHaveLength(4);
  });

  it('refuses overlapping, gapped, increasing or short bands', () => {
    expect(
      bandProblems([
        { fromRank: 1, toRank: 2, shareBasisPoints: 4_000 },
        { fromRank: 2, toRank: 3, shareBasisPoints: 1_000 },
      ]),
    ).toContain('Band 2–3 overlaps the ranks before it');
    expect(
      bandProblems([
        { fromRank: 1, toRank: 1, shareBasisPoints: 9_000 },
        { fromRank: 3, toRank: 3, shareBasisPoints: 1_000 },
      ]),
    ).toContain('No band covers rank 2');
    expect(
      bandProblems([
        { fromRank: 1, toRank: 1, shareBasisPoints: 4_000 },
        { fromRank: 2, toRank: 2, shareBasisPoints: 6_000 },
      ]),
    ).toContain('Band 2–2 gives a rank more than a better rank gets');
    expect(bandProblems([{ fromRank: 1, toRank: 3, shareBasisPoints: 3_000 }])).toEqual([
      "The ranks' shares add up to 9000 basis points instead of 10000",
    ]);
    expect(() => leaderboardPayout({ pool: 10n, bands: [], ranked: ['a'] })).toThrow(RangeError);
  });
});

describe('rafflePayout', () => {
  it('gives each winner pool/W, the remainder to rounding, unused prizes back', () => {
    fc.assert(
      fc.property(pools, fc.integer({ min: 1, max: 200 }), users(300), (pool, winners, drawn) => {
        fc.pre(pool >= BigInt(winners));
        const p = rafflePayout({ pool, winners, drawn });
        expectExact(p, pool);
        const won = Math.min(winners, drawn.length);
        expect(p.allocations).toHaveLength(won);
        p.allocations.forEach((a, i) => {
          expect(a.amount).toBe(pool / BigInt(winners));
          expect(a.rank).toBe(i + 1);
          expect(a.userId).toBe(drawn[i]);
        });
        if (won === 0) expect(p.refund).toBe(pool);
        else {
          expect(p.rounding).toBe(pool % BigInt(winners));
          expect(p.refund).toBe(BigInt(winners - won) * (pool / BigInt(winners)));
        }
      }),
    );
  });
});

describe('rewardProblems', () => {
  it('accepts sound rules and names what is wrong with others', () => {
    expect(rewardProblems({ variant: 'FIXED_SLOT_FIXED_REWARD', slots: 100, amount: '5000' })).toEqual([]);
    expect(rewardProblems({ variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '1000000' })).toEqual([]);
    expect(rewardProblems({ variant: 'OPEN_SLOT_RAFFLE_REWARD', pool: '9', winners: 10 })).toEqual([
      'The pool is too small to give every winner a prize',
    ]);
    expect(rewardProblems({ variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '99999999999999999999' })).toEqual([
      'The pool is larger than an amount the ledger can hold',
    ]);
    expect(
      rewardProblems({
        variant: 'OPEN_SLOT_LEADERBOARD_REWARD',
        pool: '50',
        bands: [
          { fromRank: 1, toRank: 1, shareBasisPoints: 9_900 },
          { fromRank: 2, toRank: 2, shareBasisPoints: 100 },
        ],
      }),
    ).toEqual(['The pool is too small for every rank of the bands to get something']);
  });
});
