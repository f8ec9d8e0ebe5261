import type { CampaignRewardInput, RankBand } from '@khel/core/contract';

/**
 * How a campaign's pool is split, for each variant, as pure functions on bigint minor units
 * (K-Cash: 1 K-Cash = 1000). Every function returns allocations, the rounding (what integer division
 * leaves, booked rewards_pool → rounding) and the refund (what nobody could take, booked
 * rewards_pool → treasury), and always: sum(allocations) + rounding + refund = pool, exactly.
 * Allocations of 0 are left out (a reward row is never 0); what they would have been stays in rounding.
 */

export interface Allocation {
  userId: string;
  amount: bigint;
  /** Leaderboard: the rank; raffle: the draw position (1 = first drawn). */
  rank?: number;
}

export interface Payout {
  allocations: Allocation[];
  rounding: bigint;
  refund: bigint;
}

/** Basis points in 100 %. */
export const BASIS_POINTS = 10_000;
/** The largest amount a ledger transfer (PostgreSQL bigint) can carry. */
export const MAX_MINOR_UNITS = 2n ** 63n - 1n;

function assertPool(pool: bigint) {
  if (pool <= 0n) throw new RangeError(`A pool is positive, got ${pool}`);
}

function settle(pool: bigint, allocations: Allocation[], refund: bigint): Payout {
  const kept = allocations.filter((a) => a.amount > 0n);
  const paid = kept.reduce((sum, a) => sum + a.amount, 0n);
  const rounding = pool - paid - refund;
  if (rounding < 0n || refund < 0n) throw new Error('A payout cannot pay more than its pool');
  return { allocations: kept, rounding, refund };
}

/**
 * FIXED_SLOT_FIXED_REWARD: the first `slots` finishers (in finishing order) get `amount` each; the
 * slots nobody took are refunded. pool = slots × amount; no rounding.
 */
export function fixedPayout(input: { slots: number; amount: bigint; finishers: readonly string[] }): Payout {
  const { slots, amount } = input;
  if (!Number.isSafeInteger(slots) || slots < 1)
    throw new RangeError('A fixed campaign has at least one slot');
  if (amount <= 0n) throw new RangeError('A fixed reward is positive');
  const winners = input.finishers.slice(0, slots);
  const pool = BigInt(slots) * amount;
  const allocations = winners.map((userId) => ({ userId, amount }));
  return settle(pool, allocations, BigInt(slots - winners.length) * amount);
}

/**
 * OPEN_SLOT_DYNAMIC_REWARD: finisher i gets floor(pool · p_i / P), P = Σ p; the remainder is rounding.
 * Nobody scored (P = 0): an equal split floor(pool / n). Nobody finished: the whole pool is refunded.
 */
export function dynamicPayout(input: {
  pool: bigint;
  finishers: readonly { userId: string; points: number | bigint }[];
}): Payout {
  const { pool, finishers } = input;
  assertPool(pool);
  if (finishers.length === 0) return settle(pool, [], pool);
  const points = finishers.map((f) => BigInt(f.points));
  if (points.some((p) => p < 0n)) throw new RangeError('Points are never negative');
  const total = points.reduce((a, b) => a + b, 0n);
  const allocations = finishers.map((f, i) => ({
    userId: f.userId,
    amount: total === 0n ? pool / BigInt(finishers.length) : (pool * points[i]!) / total,
  }));
  return settle(pool, allocations, 0n);
}

/** Each rank's share in basis points (index 0 = rank 1), from bands already checked by bandProblems. */
export function rankShares(bands: readonly RankBand[]): number[] {
  const last = Math.max(...bands.map((b) => b.toRank));
  const shares = new Array<number>(last).fill(0);
  for (const band of bands)
    for (let rank = band.fromRank; rank <= band.toRank; rank++) shares[rank - 1] = band.shareBasisPoints;
  return shares;
}

/**
 * What is wrong with a leaderboard's bands (empty: nothing). Bands start at rank 1, follow each other
 * without gaps or overlaps, never give a rank more than the rank before it, and the ranks' shares add
 * up to exactly 10 000 basis points (each rank of a band takes the band's share).
 */
export function bandProblems(bands: readonly RankBand[]): string[] {
  if (bands.length === 0) return ['A leaderboard campaign needs at least one rank band'];
  const sorted = [...bands].sort((a, b) => a.fromRank - b.fromRank);
  const problems: string[] = [];
  let next = 1;
  let previousShare = Number.POSITIVE_INFINITY;
  let total = 0;
  for (const band of sorted) {
    if (band.toRank < band.fromRank)
      problems.push(`Band ${band.fromRank}–${band.toRank} ends before it starts`);
    if (band.fromRank < next)
      problems.push(`Band ${band.fromRank}–${band.toRank} overlaps the ranks before it`);
    else if (band.fromRank > next) problems.push(`No band covers rank ${next}`);
    if (band.shareBasisPoints > previousShare)
      problems.push(`Band ${band.fromRank}–${band.toRank} gives a rank more than a better rank gets`);
    previousShare = band.shareBasisPoints;
    next = Math.max(next, band.toRank + 1);
    total += (band.toRank - band.fromRank + 1) * band.shareBasisPoints;
  }
  if (total !== BASIS_POINTS)
    problems.push(`The ranks' shares add up to ${total} basis points instead of ${BASIS_POINTS}`);
  return problems;
}

/**
 * OPEN_SLOT_LEADERBOARD_REWARD: `ranked` is the finishers in rank order (points, then who reached
 * them first). Rank r gets its band share; the shares of ranks nobody holds are spread over the ranks
 * present in proportion to their shares: rank r gets floor(pool · s_r / S), S = Σ s over the ranks
 * present, so paid = pool − rounding whenever anyone ranked in a band. Ranks beyond the bands get
 * nothing. Nobody ranked: the pool is refunded.
 */
export function leaderboardPayout(input: {
  pool: bigint;
  bands: readonly RankBand[];
  ranked: readonly string[];
}): Payout {
  const { pool, bands, ranked } = input;
  assertPool(pool);
  const problems = bandProblems(bands);
  if (problems.length > 0) throw new RangeError(problems[0]);
  const shares = rankShares(bands);
  const present = ranked.slice(0, shares.length);
  if (present.length === 0) return settle(pool, [], pool);
  const total = BigInt(present.reduce((sum, _, i) => sum + shares[i]!, 0));
  const allocations = present.map((userId, i) => ({
    userId,
    amount: (pool * BigInt(shares[i]!)) / total,
    rank: i + 1,
  }));
  return settle(pool, allocations, 0n);
}

/**
 * OPEN_SLOT_RAFFLE_REWARD: `drawn` is the winners in draw order (raffle.ts). Each of the W prizes is
 * floor(pool / W) and the remainder is rounding; prizes nobody won (fewer entrants than W) are
 * refunded. Nobody entered: the whole pool is refunded.
 */
export function rafflePayout(input: { pool: bigint; winners: number; drawn: readonly string[] }): Payout {
  const { pool, winners, drawn } = input;
  assertPool(pool);
  if (!Number.isSafeInteger(winners) || winners < 1) throw new RangeError('A raffle has at least one winner');
  const won = drawn.slice(0, winners);
  if (won.length === 0) return settle(pool, [], pool);
  const prize = pool / BigInt(winners);
  const allocations = won.map((userId, i) => ({ userId, amount: prize, rank: i + 1 }));
  return settle(pool, allocations, BigInt(winners - won.length) * prize);
}

/** The pool a reward rule needs funded: FIXED slots × amount, the others their pool. */
export function poolOf(reward: CampaignRewardInput): bigint {
  return reward.variant === 'FIXED_SLOT_FIXED_REWARD'
    ? BigInt(reward.slots) * BigInt(reward.amount)
    : BigInt(reward.pool);
}

/**
 * What stops a reward rule from being published (empty: nothing): the pool fits a ledger amount,
 * there is at least one minor unit per slot, band, rank and winner, and leaderboard bands are sound.
 */
export function rewardProblems(reward: CampaignRewardInput): string[] {
  const pool = poolOf(reward);
  const problems: string[] = [];
  if (pool > MAX_MINOR_UNITS) problems.push('The pool is larger than an amount the ledger can hold');
  switch (reward.variant) {
    case 'FIXED_SLOT_FIXED_REWARD':
      if (reward.slots < 1) problems.push('A fixed campaign has at least one slot');
      break;
    case 'OPEN_SLOT_DYNAMIC_REWARD':
      break;
    case 'OPEN_SLOT_LEADERBOARD_REWARD': {
      problems.push(...bandProblems(reward.bands));
      // The smallest share must still be worth a minor unit when every rank is filled.
      const smallest = Math.min(...reward.bands.map((b) => b.shareBasisPoints));
      if ((pool * BigInt(smallest)) / BigInt(BASIS_POINTS) < 1n)
        problems.push('The pool is too small for every rank of the bands to get something');
      break;
    }
    case 'OPEN_SLOT_RAFFLE_REWARD':
      if (pool < BigInt(reward.winners)) problems.push('The pool is too small to give every winner a prize');
      break;
  }
  return problems;
}
