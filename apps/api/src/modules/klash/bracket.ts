import { createHash } from 'node:crypto';
import type { KlashMatchResolution, KlashMatchState, KlashReport } from '@khel/core/contract';

/**
 * Single-elimination brackets as pure functions over an in-memory list of matches (the service loads a
 * tournament's matches under its lock, applies one of these and writes back what changed). Round 1 has
 * size/2 matches, size the next power of two ≥ the field; seeds are placed in the standard order (1 meets
 * size, 2 meets size − 1 …), so the missing seeds are byes to the best seeds and two byes never meet.
 * Every function keeps one invariant: a settled match's winner is already placed in the next match.
 */

export interface BracketMatch {
  round: number;
  position: number;
  entryA: string | null;
  entryB: string | null;
  byeA: boolean;
  byeB: boolean;
  reportA: KlashReport | null;
  reportB: KlashReport | null;
  reportedAtA: Date | null;
  reportedAtB: Date | null;
  scoreA: number | null;
  scoreB: number | null;
  state: KlashMatchState;
  winnerSide: 0 | 1 | null;
  resolution: KlashMatchResolution | null;
  deadlineAt: Date | null;
  settledAt: Date | null;
}

export const matchKey = (m: { round: number; position: number }) => `${m.round}:${m.position}`;

export function bracketSize(entries: number): number {
  let size = 2;
  while (size < entries) size *= 2;
  return size;
}

export const roundCountOf = (size: number) => Math.round(Math.log2(size));

/** The seeds of round 1's slots, top to bottom: [1, 4, 2, 3] for 4, [1, 8, 4, 5, 2, 7, 3, 6] for 8. */
export function seedOrder(size: number): number[] {
  let order = [1, 2];
  while (order.length < size) {
    const n = order.length * 2 + 1;
    order = order.flatMap((s) => [s, n - s]);
  }
  return order;
}

/** Verifiable seeding: entries sorted by SHA-256(`<seed>:<entryId>`) ascending; seed 1 first. */
export function seedEntries(seed: string, entryIds: readonly string[]): string[] {
  const keyed = entryIds.map((id) => ({
    id,
    key: createHash('sha256').update(`${seed}:${id}`).digest('hex'),
  }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : 1));
  return keyed.map((k) => k.id);
}

const emptyMatch = (round: number, position: number): BracketMatch => ({
  round,
  position,
  entryA: null,
  entryB: null,
  byeA: false,
  byeB: false,
  reportA: null,
  reportB: null,
  reportedAtA: null,
  reportedAtB: null,
  scoreA: null,
  scoreB: null,
  state: 'waiting',
  winnerSide: null,
  resolution: null,
  deadlineAt: null,
  settledAt: null,
});

const entryOf = (m: BracketMatch, side: 0 | 1) => (side === 0 ? m.entryA : m.entryB);
const isBye = (m: BracketMatch, side: 0 | 1) => (side === 0 ? m.byeA : m.byeB);

export class Bracket {
  readonly byKey = new Map<string, BracketMatch>();
  readonly changed = new Set<string>();
  constructor(
    matches: readonly BracketMatch[],
    readonly matchMs: number,
  ) {
    for (const m of matches) this.byKey.set(matchKey(m), m);
  }

  get rounds(): number {
    let r = 0;
    for (const m of this.byKey.values()) r = Math.max(r, m.round);
    return r;
  }
  get final(): BracketMatch | undefined {
    return this.byKey.get(`${this.rounds}:0`);
  }
  /** The champion's entry id once the final is settled. */
  get champion(): string | null {
    const f = this.final;
    return f?.state === 'settled' && f.winnerSide !== null ? entryOf(f, f.winnerSide) : null;
  }
  get matches(): BracketMatch[] {
    return [...this.byKey.values()].sort((a, b) => a.round - b.round || a.position - b.position);
  }
  private touch(m: BracketMatch) {
    this.changed.add(matchKey(m));
  }

  /** A new bracket for entries already in seed order (seed 1 first). */
  static create(seeded: readonly string[], now: Date, matchMs: number): Bracket {
    if (seeded.length < 2) throw new RangeError('A bracket needs at least two entries');
    const size = bracketSize(seeded.length);
    const rounds = roundCountOf(size);
    const matches: BracketMatch[] = [];
    for (let r = 1; r <= rounds; r++) for (let p = 0; p < size / 2 ** r; p++) matches.push(emptyMatch(r, p));
    const bracket = new Bracket(matches, matchMs);
    const order = seedOrder(size);
    for (let p = 0; p < size / 2; p++) {
      const m = bracket.byKey.get(`1:${p}`)!;
      const [a, b] = [order[2 * p]!, order[2 * p + 1]!];
      m.entryA = seeded[a - 1] ?? null;
      m.entryB = seeded[b - 1] ?? null;
      m.byeA = m.entryA === null;
      m.byeB = m.entryB === null;
    }
    for (const m of bracket.matches) bracket.touch(m);
    for (let p = 0; p < size / 2; p++) bracket.refresh(bracket.byKey.get(`1:${p}`)!, now);
    return bracket;
  }

  /** A match whose sides are known becomes ready (with its deadline); a bye settles at once. */
  private refresh(m: BracketMatch, now: Date) {
    if (m.state !== 'waiting') return;
    if (m.byeA || m.byeB) {
      // Only a bye against an entry (two byes never meet in round 1; later rounds never have byes).
      const side: 0 | 1 = m.byeA ? 1 : 0;
      if (entryOf(m, side) === null) return;
      this.settle(m, side, 'bye', now);
      return;
    }
    if (m.entryA !== null && m.entryB !== null) {
      m.state = 'ready';
      m.deadlineAt = new Date(now.getTime() + this.matchMs);
      this.touch(m);
    }
  }

  private settle(m: BracketMatch, side: 0 | 1, resolution: KlashMatchResolution, now: Date) {
    m.state = 'settled';
    m.winnerSide = side;
    m.resolution = resolution;
    m.settledAt = now;
    this.touch(m);
    const winner = entryOf(m, side);
    const next = this.byKey.get(`${m.round + 1}:${Math.floor(m.position / 2)}`);
    if (!next || winner === null) return;
    if (m.position % 2 === 0) next.entryA = winner;
    else next.entryB = winner;
    this.touch(next);
    this.refresh(next, now);
  }

  /** Which side of `m` the entry plays, or null. */
  sideOf(m: BracketMatch, entryId: string): 0 | 1 | null {
    return m.entryA === entryId ? 0 : m.entryB === entryId ? 1 : null;
  }

  /** A side reports its result: agreement settles, disagreement disputes; a first report waits for the other. */
  report(m: BracketMatch, side: 0 | 1, report: KlashReport, score: number | null, now: Date): void {
    if (m.state !== 'ready' && m.state !== 'reported')
      throw new BracketError(
        m.state === 'settled' ? 'settled' : m.state === 'waiting' ? 'not_ready' : 'already_reported',
      );
    const own = side === 0 ? m.reportA : m.reportB;
    if (own !== null) throw new BracketError('already_reported');
    if (side === 0) {
      m.reportA = report;
      m.reportedAtA = now;
      m.scoreA = score;
    } else {
      m.reportB = report;
      m.reportedAtB = now;
      m.scoreB = score;
    }
    this.touch(m);
    const other = side === 0 ? m.reportB : m.reportA;
    if (other === null) {
      m.state = 'reported';
      return;
    }
    if (report !== other) {
      // One says won, the other lost: the one who said won wins.
      this.settle(m, report === 'won' ? side : ((1 - side) as 0 | 1), 'agreed', now);
      return;
    }
    m.state = 'disputed';
  }

  /** An operator (or the game API) names the winner of a match whose two sides are known. */
  decide(m: BracketMatch, side: 0 | 1, resolution: 'operator' | 'game_api', now: Date): void {
    if (m.state === 'settled') throw new BracketError('settled');
    if (m.state === 'waiting' || entryOf(m, side) === null || isBye(m, side))
      throw new BracketError('not_ready');
    this.settle(m, side, resolution, now);
  }

  /**
   * Matches past their deadline: a side that reported nothing forfeits to one that did (its report
   * `won` wins, `lost` concedes); with no report at all the better seed advances (`no_show`). Disputed
   * matches wait for the game API or an operator. Returns the matches settled.
   */
  expire(now: Date, seedOf: (entryId: string) => number): BracketMatch[] {
    const settled: BracketMatch[] = [];
    for (const m of this.matches) {
      if (m.deadlineAt === null || m.deadlineAt > now) continue;
      if (m.state === 'ready') {
        const side: 0 | 1 = seedOf(m.entryA!) <= seedOf(m.entryB!) ? 0 : 1;
        this.settle(m, side, 'no_show', now);
        settled.push(m);
      } else if (m.state === 'reported') {
        const reporter: 0 | 1 = m.reportA !== null ? 0 : 1;
        const said = reporter === 0 ? m.reportA : m.reportB;
        this.settle(m, said === 'won' ? reporter : ((1 - reporter) as 0 | 1), 'forfeit', now);
        settled.push(m);
      }
    }
    return settled;
  }

  /**
   * Final ranks: the champion 1, the final's loser 2, a loser k rounds before the final 2^k + 1 (both
   * semi-final losers 3, quarter-final losers 5 …). Byes lose nobody. Only once the final is settled.
   */
  standings(): { entryId: string; rank: number }[] {
    const champion = this.champion;
    if (!champion) return [];
    const out = [{ entryId: champion, rank: 1 }];
    const rounds = this.rounds;
    for (const m of this.matches) {
      if (m.state !== 'settled' || m.winnerSide === null || m.resolution === 'bye') continue;
      const loser = entryOf(m, (1 - m.winnerSide) as 0 | 1);
      if (loser !== null) out.push({ entryId: loser, rank: 2 ** (rounds - m.round) + 1 });
    }
    return out.sort((a, b) => a.rank - b.rank);
  }
}

export type BracketErrorReason = 'settled' | 'not_ready' | 'already_reported';
export class BracketError extends Error {
  constructor(readonly reason: BracketErrorReason) {
    super(`bracket: ${reason}`);
    this.name = 'BracketError';
  }
}
