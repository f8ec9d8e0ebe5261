import { POG_SCORE_CATEGORIES, POG_SCORE_MAX, type PogScoreCategory } from '@khel/core/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boostOf } from '../earnings/boost.ts';
import {
  badgesOf,
  computeScores,
  EMPTY_ACTIVITY,
  nextVariantOf,
  POG_ACTIVITY_KEYS,
  POG_SCORE_TERMS,
  type PogActivity,
  totalOf,
  variantOf,
} from './score-rules.ts';

const activityArb = fc.record(
  Object.fromEntries(
    POG_ACTIVITY_KEYS.map((k) => [k, fc.nat({ max: k === 'kpoints' ? 200_000 : 60 })]),
  ) as Record<keyof PogActivity, fc.Arbitrary<number>>,
);

/** The category whose terms read this activity key. */
const categoryOf = (key: keyof PogActivity): PogScoreCategory =>
  POG_SCORE_CATEGORIES.find((c) => POG_SCORE_TERMS[c].some((t) => t.key === key))!;

describe('POG score rules (generated activity)', () => {
  it('every activity key counts for exactly one category', () => {
    for (const key of POG_ACTIVITY_KEYS) {
      const owners = POG_SCORE_CATEGORIES.filter((c) => POG_SCORE_TERMS[c].some((t) => t.key === key));
      expect(owners, key).toHaveLength(1);
    }
  });

  it('more of one activity only grows its own score and never moves the others', () => {
    fc.assert(
      fc.property(
        activityArb,
        fc.constantFrom(...POG_ACTIVITY_KEYS),
        fc.integer({ min: 1, max: 500 }),
        (a, key, more) => {
          const before = computeScores(a);
          const after = computeScores({ ...a, [key]: a[key] + more });
          const own = categoryOf(key);
          for (const c of POG_SCORE_CATEGORIES) {
            if (c === own) expect(after[c]).toBeGreaterThanOrEqual(before[c]);
            else expect(after[c]).toBe(before[c]);
          }
          expect(totalOf(after)).toBeGreaterThanOrEqual(totalOf(before));
        },
      ),
    );
  });

  it('scores and the total stay within 0..1000; the variant and the next one agree with the total', () => {
    fc.assert(
      fc.property(activityArb, (a) => {
        const s = computeScores(a);
        for (const c of POG_SCORE_CATEGORIES) expect(s[c]).toBeGreaterThanOrEqual(0);
        for (const c of POG_SCORE_CATEGORIES) expect(s[c]).toBeLessThanOrEqual(POG_SCORE_MAX);
        const total = totalOf(s);
        expect(total).toBeGreaterThanOrEqual(0);
        expect(total).toBeLessThanOrEqual(POG_SCORE_MAX);
        const next = nextVariantOf(total);
        if (next) expect(variantOf(total + next.pointsNeeded)).toBe(next.variant);
        else expect(variantOf(total)).toBe('Legendary');
      }),
    );
  });

  it('badges once earned stay earned as activity grows', () => {
    fc.assert(
      fc.property(
        activityArb,
        fc.constantFrom(...POG_ACTIVITY_KEYS),
        fc.nat({ max: 100 }),
        (a, key, more) => {
          const grown = { ...a, [key]: a[key] + more };
          const before = badgesOf(computeScores(a), a);
          const after = badgesOf(computeScores(grown), grown);
          for (const b of before) expect(after).toContain(b);
        },
      ),
    );
  });

  it('nobody starts with a score; a full profile reaches Legendary; only minters are boosted', () => {
    expect(totalOf(computeScores(EMPTY_ACTIVITY))).toBe(0);
    const full = Object.fromEntries(POG_ACTIVITY_KEYS.map((k) => [k, 100_000])) as PogActivity;
    expect(variantOf(totalOf(computeScores(full)))).toBe('Legendary');
    expect(boostOf(null)).toBe(10_000);
    expect(boostOf('Common')).toBeGreaterThan(10_000);
    expect(boostOf('Legendary')).toBeGreaterThan(boostOf('Common'));
  });
});
