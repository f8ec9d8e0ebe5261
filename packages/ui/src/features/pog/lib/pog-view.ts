import {
  POG_BADGE_IDS,
  POG_BADGE_TYPE_OF,
  POG_SCORE_CATEGORIES,
  POG_SCORE_MAX,
  POG_VARIANT_THRESHOLDS,
  POG_VARIANTS,
  type PogBadgeId,
  type PogMintRecord,
  type PogScores,
  type PogVariant,
} from '@khel/core/contract';

/** The variant after `variant`, and how many points it needs from `total`; null at Legendary. */
export function nextVariantOf(total: number): { variant: PogVariant; pointsNeeded: number } | null {
  for (const variant of POG_VARIANTS) {
    const threshold = POG_VARIANT_THRESHOLDS[variant];
    if (threshold > total) return { variant, pointsNeeded: threshold - total };
  }
  return null;
}

/** The share of the way from this variant's threshold to the next (1 at Legendary), for a bar. */
export function variantProgress(total: number): number {
  const next = nextVariantOf(total);
  if (!next) return 1;
  const index = POG_VARIANTS.indexOf(next.variant);
  const from = POG_VARIANT_THRESHOLDS[POG_VARIANTS[index - 1] ?? 'Common'];
  const to = POG_VARIANT_THRESHOLDS[next.variant];
  return to > from ? (total - from) / (to - from) : 0;
}

/** Earnings boost in percent from basis points (10 500 → 5): SPEC §6, only minters have one. */
export function boostPercent(basisPoints: number): number {
  return Math.round((basisPoints - 10_000) / 100);
}

/** A transaction hash shortened for the eye: 0x1234…cdef. The link and title keep it whole. */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash;
}

/** Badges the user has and the ones still to earn, in the SPEC §3 order. */
export function badgeBoard(earned: readonly { id: PogBadgeId }[]) {
  const have = new Set(earned.map((b) => b.id));
  return POG_BADGE_IDS.map((id) => ({ id, type: POG_BADGE_TYPE_OF[id], earned: have.has(id) }));
}

/** The five scores as shares of the maximum (0..1), in the SPEC §3 order. */
export function scoreShares(scores: PogScores): number[] {
  return POG_SCORE_CATEGORIES.map((c) => Math.max(0, Math.min(1, scores[c] / POG_SCORE_MAX)));
}

/** Points of an SVG radar polygon: one share (0..1) per axis, in a square of `size`. */
export function radarPoints(shares: readonly number[], size: number): string {
  const c = size / 2;
  const r = (size / 2) * 0.72;
  return shares
    .map((share, i) => {
      const angle = -Math.PI / 2 + (i * 2 * Math.PI) / shares.length;
      return `${(c + Math.cos(angle) * r * share).toFixed(1)},${(c + Math.sin(angle) * r * share).toFixed(1)}`;
    })
    .join(' ');
}

/** Where a radar axis label sits (a bit outside the full-score ring). */
export function radarLabelAt(index: number, size: number): { x: number; y: number } {
  const c = size / 2;
  const r = (size / 2) * 0.88;
  const angle = -Math.PI / 2 + (index * 2 * Math.PI) / POG_SCORE_CATEGORIES.length;
  return { x: c + Math.cos(angle) * r, y: c + Math.sin(angle) * r };
}

/** The mint record's explorer link, if the chain has one, and the short hash to show. */
export function mintRecordView(mint: PogMintRecord) {
  return { hash: shortHash(mint.txHash), explorerUrl: mint.explorerUrl, tokenId: mint.tokenId };
}

/** The `?username=` of /pog-showcase, trimmed; null when absent. */
export function showcaseUsername(search: string): string | null {
  const name = new URLSearchParams(search).get('username')?.trim();
  return name ? name : null;
}

export const showcasePath = (name: string) => `/pog-showcase?username=${encodeURIComponent(name)}`;

/** Share addresses built here, for a card that is not the reader's (POST /pog/share shares one's own). */
export function shareIntentUrl(
  channel: 'x' | 'telegram' | 'facebook' | 'whatsapp',
  url: string,
  text: string,
) {
  const u = encodeURIComponent(url);
  const tx = encodeURIComponent(text);
  switch (channel) {
    case 'x':
      return `https://x.com/intent/post?text=${tx}&url=${u}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${tx}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
  }
}
