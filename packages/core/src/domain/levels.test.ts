import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dailyLevelBonus, levelForXp, levelProgress, levelRewardKPoints, xpForLevel } from './levels.ts';

describe('levels', () => {
  it('starts at level 1 and asks 100 XP more for each level', () => {
    expect([0, 99, 100, 299, 300, 599, 600, 1000].map(levelForXp)).toEqual([1, 1, 2, 2, 3, 3, 4, 5]);
    expect([1, 2, 3, 4, 10].map(xpForLevel)).toEqual([0, 100, 300, 600, 4500]);
    expect(levelForXp(-5)).toBe(1);
  });

  it('is the inverse of the thresholds and never goes down as XP rises', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (xp, more) => {
          const level = levelForXp(xp);
          expect(xpForLevel(level)).toBeLessThanOrEqual(xp);
          expect(xpForLevel(level + 1)).toBeGreaterThan(xp);
          expect(levelForXp(xp + more)).toBeGreaterThanOrEqual(level);
        },
      ),
    );
  });

  it('says how far into the level a total is, and pays 50 K-Points per level reached', () => {
    expect(levelProgress(150)).toEqual({ level: 2, start: 100, next: 300, share: 0.25 });
    expect(levelRewardKPoints(1)).toBe(0);
    expect(levelRewardKPoints(10)).toBe(500);
    // The daily reward's level bonus: +2 per level above 1, growing until level 11.
    expect([1, 2, 5, 11, 12, 40].map(dailyLevelBonus)).toEqual([0, 2, 8, 20, 20, 20]);
  });
});
