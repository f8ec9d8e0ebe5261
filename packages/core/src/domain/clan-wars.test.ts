import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLAN_TIER_THRESHOLDS, CLAN_TIERS, type ClanTier, clanTierOf } from './clan-tiers.ts';
import { pairClansForWar, type WarCandidate } from './clan-wars.ts';

const candidate = fc.record({
  // Scores around every tier's threshold, with ties.
  score: fc.oneof(
    fc.integer({ min: 0, max: 30_000 }),
    fc.constantFrom(...Object.values(CLAN_TIER_THRESHOLDS), 999, 4_999, 19_999),
  ),
  createdAt: fc.integer({ min: 0, max: 1_000 }),
});
const clans = fc
  .array(candidate, { maxLength: 60 })
  .map((list): WarCandidate[] => list.map((c, i) => ({ ...c, id: `c${String(i).padStart(3, '0')}` })));

const rank = (tier: ClanTier) => CLAN_TIERS.indexOf(tier);

describe('pairClansForWar', () => {
  it('puts every clan in at most one war, within its tier except the odd one out, which meets the top of the tier below', () => {
    fc.assert(
      fc.property(clans, (list) => {
        const { pairs, alone } = pairClansForWar(list);
        const byId = new Map(list.map((c) => [c.id, c]));
        const seen = [...pairs.flatMap((p) => [p.a, p.b]), ...alone];
        // Each clan exactly once: in one war, or alone.
        expect(seen.length).toBe(list.length);
        expect(new Set(seen).size).toBe(list.length);
        const tierOf = (id: string) => clanTierOf(byId.get(id)!.score);
        const sortedTier = (tier: ClanTier) =>
          list
            .filter((c) => clanTierOf(c.score) === tier)
            .sort((x, y) => y.score - x.score || x.createdAt - y.createdAt || (x.id < y.id ? -1 : 1));
        const crossings = new Map<ClanTier, number>();
        for (const pair of pairs) {
          expect(pair.a).not.toBe(pair.b);
          expect(pair.tier).toBe(tierOf(pair.a));
          if (tierOf(pair.a) === tierOf(pair.b)) continue;
          // Across tiers: a is the lowest of its tier, one tier above b, and b the top of its tier.
          expect(rank(tierOf(pair.a)) - rank(tierOf(pair.b))).toBe(1);
          expect(sortedTier(tierOf(pair.a)).at(-1)!.id).toBe(pair.a);
          expect(sortedTier(tierOf(pair.b))[0]!.id).toBe(pair.b);
          // Its tier was odd once the clan it gave to the tier above (if any) left it.
          const gaveUp = pairs.some(
            (p) => p.b !== pair.a && tierOf(p.b) === tierOf(pair.a) && tierOf(p.a) !== tierOf(p.b),
          );
          expect((sortedTier(tierOf(pair.a)).length - (gaveUp ? 1 : 0)) % 2).toBe(1);
          crossings.set(tierOf(pair.a), (crossings.get(tierOf(pair.a)) ?? 0) + 1);
        }
        // At most one war down from each tier.
        for (const n of crossings.values()) expect(n).toBe(1);
        // A clan alone is the last of its tier, and the tier below had no one to give (or there is none).
        for (const id of alone) {
          const tier = tierOf(id);
          expect(sortedTier(tier).at(-1)!.id).toBe(id);
          const below = CLAN_TIERS[rank(tier) - 1];
          if (below) expect(sortedTier(below)).toHaveLength(0);
        }
        // Neighbours: within a tier, each war's two clans are next to each other once the crossings are set aside.
        for (const tier of CLAN_TIERS) {
          const ids = sortedTier(tier).map((c) => c.id);
          const taken = new Set(pairs.filter((p) => tierOf(p.a) !== tierOf(p.b)).flatMap((p) => [p.a, p.b]));
          const own = ids.filter((id) => !taken.has(id) && !alone.includes(id));
          for (let i = 0; i < own.length; i += 2) {
            const pair = pairs.find((p) => p.a === own[i]);
            expect(pair?.b).toBe(own[i + 1]);
          }
        }
      }),
    );
  });

  it('pairs neighbours by score and sends an odd Gold clan to the top Silver one', () => {
    const at = (id: string, score: number) => ({ id, score, createdAt: 0 });
    expect(
      pairClansForWar([
        at('g1', 9_000),
        at('g2', 7_000),
        at('g3', 6_000),
        at('s1', 4_000),
        at('s2', 2_000),
        at('b1', 10),
      ]),
    ).toEqual({
      pairs: [
        { a: 'g1', b: 'g2', tier: 'Gold' },
        { a: 'g3', b: 's1', tier: 'Gold' },
        { a: 's2', b: 'b1', tier: 'Silver' },
      ],
      alone: [],
    });
    expect(pairClansForWar([at('d1', 30_000), at('s1', 2_000)])).toEqual({ pairs: [], alone: ['d1', 's1'] });
  });
});
