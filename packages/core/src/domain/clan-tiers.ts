/**
 * SPEC §3 clan tiers, Bronze → Silver → Gold → Diamond, from the clan score (docs: apps/api/src/modules/clans
 * README, "Clan score and tiers"). The score is the sum of what the clan's current members earned while in it:
 * the K-Points of every quest they completed and the points of every campaign they finished. A tier is the highest
 * one whose threshold the score reaches; shared by the server (the score job) and the screens ("N more points to
 * Gold").
 */
export const CLAN_TIERS = ['Bronze', 'Silver', 'Gold', 'Diamond'] as const;
export type ClanTier = (typeof CLAN_TIERS)[number];

/** The least score of each tier. */
export const CLAN_TIER_THRESHOLDS: Readonly<Record<ClanTier, number>> = {
  Bronze: 0,
  Silver: 1_000,
  Gold: 5_000,
  Diamond: 20_000,
};

export function clanTierOf(score: number): ClanTier {
  let tier: ClanTier = 'Bronze';
  for (const t of CLAN_TIERS) if (score >= CLAN_TIER_THRESHOLDS[t]) tier = t;
  return tier;
}

export interface ClanTierProgress {
  tier: ClanTier;
  /** Null at Diamond. */
  nextTier: ClanTier | null;
  /** Points still needed for the next tier (0 at Diamond). */
  pointsToNext: number;
  /** How far from this tier's threshold to the next one, 0..1 (1 at Diamond). */
  progress: number;
}

export function clanTierProgress(score: number): ClanTierProgress {
  const safe = Number.isFinite(score) && score > 0 ? Math.floor(score) : 0;
  const tier = clanTierOf(safe);
  const next = CLAN_TIERS[CLAN_TIERS.indexOf(tier) + 1] ?? null;
  if (next === null) return { tier, nextTier: null, pointsToNext: 0, progress: 1 };
  const from = CLAN_TIER_THRESHOLDS[tier];
  const to = CLAN_TIER_THRESHOLDS[next];
  return { tier, nextTier: next, pointsToNext: to - safe, progress: (safe - from) / (to - from) };
}

/** Whether `a` is a higher tier than `b`. */
export const isHigherTier = (a: ClanTier, b: ClanTier): boolean =>
  CLAN_TIERS.indexOf(a) > CLAN_TIERS.indexOf(b);
