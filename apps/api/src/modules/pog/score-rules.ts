import {
  POG_BADGE_IDS,
  POG_BADGE_TYPE_OF,
  POG_SCORE_CATEGORIES,
  POG_SCORE_MAX,
  POG_SCORE_WEIGHTS,
  POG_VARIANT_THRESHOLDS,
  POG_VARIANTS,
  type PogBadgeId,
  type PogScoreCategory,
  type PogScores,
  type PogVariant,
} from '@khel/core/contract';

/**
 * The POG score rules (README.md "Scores"): pure functions of a user's verified activity counts, so the job,
 * the dashboard and the property tests compute the same thing. Each category reads only its own counts, so
 * activity of one kind moves only its own score, and every term only grows with its count.
 */
export const POG_ACTIVITY_KEYS = [
  // HUMAN
  'phoneVerified',
  'kycVerifiedDocs',
  'telegramLinked',
  'googleLinked',
  'emailVerified',
  // PLAY
  'questsCompleted',
  'gamesPlayed',
  'dailyClaims',
  // SKILL
  'campaignsFinished',
  'campaignRewards',
  'kpoints',
  // COMMERCE
  'storeOrders',
  'depositsCredited',
  'swaps',
  // SOCIAL
  'referrals',
  'clanMember',
  'clanChief',
  'xLinked',
  'discordLinked',
  'steamLinked',
  'cardShares',
  'xShares',
] as const;
export type PogActivityKey = (typeof POG_ACTIVITY_KEYS)[number];
export type PogActivity = Record<PogActivityKey, number>;

export const EMPTY_ACTIVITY: PogActivity = Object.fromEntries(
  POG_ACTIVITY_KEYS.map((k) => [k, 0]),
) as PogActivity;

/** Points per unit of a count, up to a cap: `points(count) = min(cap, count × each)`. */
interface Term {
  key: PogActivityKey;
  each: number;
  cap: number;
}

export const POG_SCORE_TERMS: Record<PogScoreCategory, readonly Term[]> = {
  // Proof of Human: a phone, KYC documents, Telegram, Google, an email.
  HUMAN: [
    { key: 'phoneVerified', each: 300, cap: 300 },
    { key: 'kycVerifiedDocs', each: 130, cap: 390 },
    { key: 'telegramLinked', each: 130, cap: 130 },
    { key: 'googleLinked', each: 100, cap: 100 },
    { key: 'emailVerified', each: 80, cap: 80 },
  ],
  // Proof of Play: quests completed, distinct games they were for, daily rewards claimed.
  PLAY: [
    { key: 'questsCompleted', each: 40, cap: 500 },
    { key: 'gamesPlayed', each: 75, cap: 300 },
    { key: 'dailyClaims', each: 10, cap: 200 },
  ],
  // Proof of Skill: campaigns finished, campaign rewards won (slots, ranks, raffles), K-Points earned.
  SKILL: [
    { key: 'campaignsFinished', each: 60, cap: 420 },
    { key: 'campaignRewards', each: 90, cap: 360 },
    { key: 'kpoints', each: 1, cap: 220 },
  ],
  // Proof of Commerce: store orders, K-Cash deposits, swaps.
  COMMERCE: [
    { key: 'storeOrders', each: 80, cap: 480 },
    { key: 'depositsCredited', each: 100, cap: 300 },
    { key: 'swaps', each: 55, cap: 220 },
  ],
  // Proof of Social: friends invited, a clan, linked X / Discord / Steam, shares of the card.
  SOCIAL: [
    { key: 'referrals', each: 60, cap: 300 },
    { key: 'clanMember', each: 150, cap: 150 },
    { key: 'clanChief', each: 100, cap: 100 },
    { key: 'xLinked', each: 80, cap: 80 },
    { key: 'discordLinked', each: 80, cap: 80 },
    { key: 'steamLinked', each: 80, cap: 80 },
    { key: 'cardShares', each: 30, cap: 150 },
    { key: 'xShares', each: 60, cap: 60 },
  ],
};

/** K-Points count for SKILL in hundreds: 1 point of score per 100 K-Points (kept as the raw count in activity). */
const KPOINTS_PER_POINT = 100;

function termPoints(term: Term, activity: PogActivity): number {
  const raw = Math.max(0, Math.floor(activity[term.key] ?? 0));
  const units = term.key === 'kpoints' ? Math.floor(raw / KPOINTS_PER_POINT) : raw;
  return Math.min(term.cap, units * term.each);
}

export function computeScores(activity: PogActivity): PogScores {
  const scores = {} as PogScores;
  for (const category of POG_SCORE_CATEGORIES) {
    const sum = POG_SCORE_TERMS[category].reduce((acc, term) => acc + termPoints(term, activity), 0);
    scores[category] = Math.min(POG_SCORE_MAX, sum);
  }
  return scores;
}

/** The weighted total (0..1000), rounded down. */
export function totalOf(scores: PogScores): number {
  let sum = 0;
  for (const category of POG_SCORE_CATEGORIES) sum += scores[category] * POG_SCORE_WEIGHTS[category];
  return Math.floor(sum / 100);
}

export function variantOf(total: number): PogVariant {
  let variant: PogVariant = 'Common';
  for (const v of POG_VARIANTS) if (total >= POG_VARIANT_THRESHOLDS[v]) variant = v;
  return variant;
}

export function nextVariantOf(total: number): { variant: PogVariant; pointsNeeded: number } | null {
  for (const v of POG_VARIANTS)
    if (total < POG_VARIANT_THRESHOLDS[v])
      return { variant: v, pointsNeeded: POG_VARIANT_THRESHOLDS[v] - total };
  return null;
}

/** Where each badge comes from (README.md "Badges"). */
export const POG_BADGE_RULES: Record<PogBadgeId, (s: PogScores, a: PogActivity) => boolean> = {
  ProofOfHuman: (s) => s.HUMAN >= 500,
  ProofOfPlay: (s) => s.PLAY >= 500,
  ProofOfSkill: (s) => s.SKILL >= 500,
  ProofOfCommerce: (s) => s.COMMERCE >= 400,
  ProofOfSocial: (s) => s.SOCIAL >= 500,
  // A clan member who brought at least three friends.
  ProofOfCommunity: (_s, a) => a.clanMember > 0 && a.referrals >= 3,
  TelegramerSocial: (_s, a) => a.telegramLinked > 0,
  // X linked and the card shared on X.
  XerSocial: (_s, a) => a.xLinked > 0 && a.xShares > 0,
  DiscorderSocial: (_s, a) => a.discordLinked > 0,
};

export function badgesOf(scores: PogScores, activity: PogActivity): PogBadgeId[] {
  return POG_BADGE_IDS.filter((id) => POG_BADGE_RULES[id](scores, activity));
}

export { POG_BADGE_TYPE_OF };
