import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bracket, bracketSize, seedEntries, seedOrder } from './bracket.ts';

const MATCH_MS = 60 * 60 * 1000;
const ids = (n: number) =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

/** What can happen to an open match at a step: both sides report, one reports, nobody does, an operator decides. */
const actionArb = fc.oneof(
  fc.record({
    kind: fc.constant('reports' as const),
    a: fc.constantFrom('won', 'lost'),
    b: fc.constantFrom('won', 'lost'),
  }),
  fc.record({
    kind: fc.constant('one' as const),
    side: fc.constantFrom(0, 1),
    report: fc.constantFrom('won', 'lost'),
  }),
  fc.record({ kind: fc.constant('nothing' as const) }),
  fc.record({ kind: fc.constant('operator' as const), side: fc.constantFrom(0, 1) }),
);

describe('Klash brackets', () => {
  it('places seeds in the standard order', () => {
    expect(seedOrder(4)).toEqual([1, 4, 2, 3]);
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(bracketSize(5)).toBe(8);
    expect(bracketSize(64)).toBe(64);
  });

  it('seeds verifiably: the same seed gives the same order, whatever the order the entries came in', () => {
    const entries = ids(10);
    const a = seedEntries('abc', entries);
    expect(seedEntries('abc', [...entries].reverse())).toEqual(a);
    expect(seedEntries('abd', entries)).not.toEqual(a);
    expect([...a].sort()).toEqual(entries);
  });

  it('reaches exactly one champion whatever is reported (fast-check: byes, disputes, forfeits and no-shows by deadline)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.string({ minLength: 1, maxLength: 16 }),
        fc.infiniteStream(actionArb),
        (n, seed, actions) => {
          const entries = seedEntries(seed, ids(n));
          const seedOf = (id: string) => entries.indexOf(id) + 1;
          let now = new Date('2026-06-01T10:00:00Z');
          const bracket = Bracket.create(entries, now, MATCH_MS);
          const size = bracketSize(n);
          expect(bracket.matches).toHaveLength(size - 1);
          // Byes: exactly size − n, each in round 1, settled at once for the better seed.
          const byes = bracket.matches.filter((m) => m.resolution === 'bye');
          expect(byes).toHaveLength(size - n);
          for (const m of bracket.matches) expect(m.byeA && m.byeB).toBe(false);
          const it = actions[Symbol.iterator]();
          let steps = 0;
          while (!bracket.champion) {
            steps++;
            expect(steps).toBeLessThan(10 * size);
            const open = bracket.matches.filter((m) => m.state !== 'settled' && m.state !== 'waiting');
            expect(open.length).toBeGreaterThan(0);
            for (const m of open) {
              const action = it.next().value!;
              if (action.kind === 'reports') {
                if (m.state === 'ready') {
                  bracket.report(m, 0, action.a, null, now);
                  bracket.report(m, 1, action.b, null, now);
                }
              } else if (action.kind === 'one') {
                if (m.state === 'ready') bracket.report(m, action.side as 0 | 1, action.report, 3, now);
              } else if (action.kind === 'operator' || m.state === 'disputed') {
                bracket.decide(m, (action.kind === 'operator' ? action.side : 0) as 0 | 1, 'operator', now);
              }
            }
            now = new Date(now.getTime() + MATCH_MS + 1);
            bracket.expire(now, seedOf);
          }
          // One champion; everyone else lost exactly once; the champion never lost; every match is settled.
          expect(bracket.matches.every((m) => m.state === 'settled')).toBe(true);
          const standings = bracket.standings();
          expect(standings).toHaveLength(n);
          expect(new Set(standings.map((s) => s.entryId)).size).toBe(n);
          expect(standings.filter((s) => s.rank === 1)).toEqual([{ entryId: bracket.champion, rank: 1 }]);
          expect(standings.filter((s) => s.rank === 2)).toHaveLength(1);
          for (const m of bracket.matches) {
            const winner = m.winnerSide === 0 ? m.entryA : m.entryB;
            expect(winner).not.toBeNull();
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('settles agreement, disputes disagreement, and refuses a second report or a settled match', () => {
    const now = new Date('2026-06-01T10:00:00Z');
    const b = Bracket.create(ids(2), now, MATCH_MS);
    const final = b.final!;
    expect(final.state).toBe('ready');
    b.report(final, 0, 'won', 2, now);
    expect(final.state).toBe('reported');
    expect(() => b.report(final, 0, 'lost', null, now)).toThrow('already_reported');
    b.report(final, 1, 'won', 1, now);
    expect(final.state).toBe('disputed');
    b.decide(final, 1, 'operator', now);
    expect(b.champion).toBe(final.entryB);
    expect(() => b.decide(final, 0, 'operator', now)).toThrow('settled');
  });

  it('at the deadline a side that reported won beats one that reported nothing; with no reports the better seed advances', () => {
    const start = new Date('2026-06-01T10:00:00Z');
    const entries = ids(4);
    const b = Bracket.create(entries, start, MATCH_MS);
    const [m0, m1] = [b.byKey.get('1:0')!, b.byKey.get('1:1')!];
    b.report(m0, 1, 'won', null, start);
    const later = new Date(start.getTime() + MATCH_MS + 1);
    b.expire(later, (id) => entries.indexOf(id) + 1);
    expect(m0).toMatchObject({ state: 'settled', winnerSide: 1, resolution: 'forfeit' });
    // Seeds 2 and 3 meet in 1:1: seed 2 (entries[1]) advances.
    expect(m1.resolution).toBe('no_show');
    expect(m1.winnerSide === 0 ? m1.entryA : m1.entryB).toBe(entries[1]);
    expect(b.final!.state).toBe('ready');
  });
});
