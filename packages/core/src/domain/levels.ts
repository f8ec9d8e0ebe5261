/**
 * Levels from XP (issue 26): one score that only rises. Reaching level n takes 50·n·(n−1) XP in all,
 * so level 2 is 100 XP, level 3 is 300, level 4 is 600: each level asks 100 XP more than the one
 * before. Written once here, so the API (which pays the level rewards) and the screens (the bar) agree.
 */

/** The whole XP that level `level` starts at (level 1 at 0). */
export function xpForLevel(level: number): number {
  const n = Math.max(1, Math.floor(level));
  return 50 * n * (n - 1);
}

/** The level a total of `xp` has reached (1 at 0 XP). */
export function levelForXp(xp: number): number {
  if (!(xp > 0)) return 1;
  // The largest n with 50·n·(n−1) ≤ xp, from the quadratic's root, then mended for rounding.
  let n = Math.floor((1 + Math.sqrt(1 + xp / 12.5)) / 2);
  while (xpForLevel(n + 1) <= xp) n += 1;
  while (n > 1 && xpForLevel(n) > xp) n -= 1;
  return n;
}

/** K-Points paid once when a gamer reaches `level` (2 and up): 50 per level, so reaching 10 pays 500. */
export function levelRewardKPoints(level: number): number {
  return level >= 2 ? 50 * Math.floor(level) : 0;
}

/** Where `xp` stands in its level: the level, its start, the next level's start, the share done (0–1). */
export function levelProgress(xp: number) {
  const level = levelForXp(xp);
  const start = xpForLevel(level);
  const next = xpForLevel(level + 1);
  return { level, start, next, share: Math.min(1, Math.max(0, (xp - start) / (next - start))) };
}

/** What each level above 1 adds to every daily reward, in K-Points, and the level where the bonus stops growing. */
export const DAILY_LEVEL_BONUS_KPOINTS = 2;
export const DAILY_LEVEL_BONUS_TOP_LEVEL = 11;

/**
 * What a level unlocks (issue 26): every daily reward pays DAILY_LEVEL_BONUS_KPOINTS more per level above 1,
 * up to level DAILY_LEVEL_BONUS_TOP_LEVEL (+20 K-Points a day). The API adds it to the claim; the screens say so.
 */
export function dailyLevelBonus(level: number): number {
  const above = Math.min(Math.max(1, Math.floor(level)), DAILY_LEVEL_BONUS_TOP_LEVEL) - 1;
  return above * DAILY_LEVEL_BONUS_KPOINTS;
}
