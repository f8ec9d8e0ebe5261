import type { KlashPrizesInput } from '@khel/core/contract';

/**
 * How a prize pool is paid, as a pure function on bigint minor units: every entry's prize by its final
 * rank (ties share a rank: 1, 2, 2, 4), and the refund (what nobody could take: prize ranks or bands
 * without anyone in them, returned to the treasury). Always: Σ prizes + refund = pool, exactly.
 * - By rank: ranks r..r+c−1 of a tie of c entries pool their prizes and split them equally.
 * - By percentile: an entry ranked `rank` of n is in a band when from% · n ≤ (rank − 1) · 100 < to% · n;
 *   each band's share of the pool is split equally among its entries.
 * A split's remainder goes one minor unit at a time to the first entries of the group, in the order given.
 */

export interface Standing {
  entryId: string;
  rank: number;
}

export interface PrizeAllocation {
  entryId: string;
  rank: number;
  amount: bigint;
}

export interface PrizeSplit {
  allocations: PrizeAllocation[];
  refund: bigint;
}

/** The pool a prize table pays: the sum of the rank prizes, or the percentile pool. */
export function poolOf(prizes: KlashPrizesInput): bigint {
  return prizes.kind === 'rank'
    ? prizes.ranks.reduce((sum, r) => sum + BigInt(r.amount), 0n)
    : BigInt(prizes.pool);
}

/** Each band's amount: pool × bps / 10 000, the last band taking what integer division left. */
export function bandAmounts(pool: bigint, bands: readonly { shareBasisPoints: number }[]): bigint[] {
  const amounts = bands.map((b) => (pool * BigInt(b.shareBasisPoints)) / 10_000n);
  const rest = pool - amounts.reduce((s, a) => s + a, 0n);
  if (amounts.length > 0) amounts[amounts.length - 1] = amounts[amounts.length - 1]! + rest;
  return amounts;
}

function splitEqually(total: bigint, group: readonly Standing[]): PrizeAllocation[] {
  const n = BigInt(group.length);
  const each = total / n;
  let rest = total - each * n;
  return group.map((s) => {
    const extra = rest > 0n ? 1n : 0n;
    rest -= extra;
    return { entryId: s.entryId, rank: s.rank, amount: each + extra };
  });
}

export function splitPrizes(prizes: KlashPrizesInput, standings: readonly Standing[]): PrizeSplit {
  const pool = poolOf(prizes);
  const ordered = [...standings].sort((a, b) => a.rank - b.rank);
  const allocations: PrizeAllocation[] = [];
  if (prizes.kind === 'rank') {
    const amountAt = (position: number) => BigInt(prizes.ranks[position - 1]?.amount ?? '0');
    const groups = new Map<number, Standing[]>();
    for (const s of ordered) groups.set(s.rank, [...(groups.get(s.rank) ?? []), s]);
    let paid = 0n;
    for (const [rank, group] of groups) {
      let total = 0n;
      for (let p = rank; p < rank + group.length; p++) total += amountAt(p);
      if (total === 0n) continue;
      paid += total;
      allocations.push(...splitEqually(total, group));
    }
    return { allocations: allocations.filter((a) => a.amount > 0n), refund: pool - paid };
  }
  const n = ordered.length;
  const amounts = bandAmounts(pool, prizes.bands);
  let paid = 0n;
  prizes.bands.forEach((band, i) => {
    const members = ordered.filter(
      (s) => band.fromPercent * n <= (s.rank - 1) * 100 && (s.rank - 1) * 100 < band.toPercent * n,
    );
    if (members.length === 0) return;
    paid += amounts[i]!;
    allocations.push(...splitEqually(amounts[i]!, members));
  });
  return { allocations: allocations.filter((a) => a.amount > 0n), refund: pool - paid };
}

/** Competition ranks by score, best first (1, 2, 2, 4); ties keep the order given (earlier score first). */
export function rankByScore<T extends { score: number }>(rows: readonly T[]): (T & { rank: number })[] {
  const sorted = [...rows].sort((a, b) => b.score - a.score);
  let rank = 0;
  return sorted.map((row, i) => {
    if (i === 0 || row.score !== sorted[i - 1]!.score) rank = i + 1;
    return { ...row, rank };
  });
}
