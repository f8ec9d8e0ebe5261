import { CLAN_TIERS, type ClanTier, clanTierOf } from './clan-tiers.ts';

/**
 * Weekly clan wars (issue 26): how the week's wars are paired. Shared by the server (the wars job, which writes
 * the pairs once a week) and the screens and the rules answer, which explain it.
 *
 * Clans are grouped by tier (from their score when the week's wars are made), ordered by score within a tier
 * (a tie goes to the older clan, then the smaller id, as on the clan boards) and paired neighbour by neighbour
 * from the top: 1st with 2nd, 3rd with 4th, … When a tier has an odd clan out (its lowest), it meets the highest
 * clan of the tier just below, which then leaves that tier's own pairing; a Bronze clan left over, or one whose
 * tier below has no clan, has no war that week. Every clan is in at most one war.
 */
export interface WarCandidate {
  id: string;
  score: number;
  /** Breaks a tie of scores: the older clan first (ms since the epoch), then the smaller id. */
  createdAt: number;
}

export interface WarPair {
  /** The clan of the higher tier (or the higher place within one tier). */
  a: string;
  b: string;
  /** Clan a's tier: a war across two tiers is counted in the upper one. */
  tier: ClanTier;
}

export interface WarPairing {
  pairs: WarPair[];
  /** Clans with no opponent this week. */
  alone: string[];
}

const byPlace = (x: WarCandidate, y: WarCandidate) =>
  y.score - x.score || x.createdAt - y.createdAt || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

/** The week's wars for these clans (each id once); deterministic for the same clans and scores. */
export function pairClansForWar(candidates: readonly WarCandidate[]): WarPairing {
  const tiers = new Map<ClanTier, WarCandidate[]>(CLAN_TIERS.map((t) => [t, []]));
  for (const clan of candidates) tiers.get(clanTierOf(clan.score))!.push(clan);
  const pairs: WarPair[] = [];
  const alone: string[] = [];
  let carried: { clan: WarCandidate; tier: ClanTier } | null = null;
  // From the top tier down.
  for (const tier of [...CLAN_TIERS].reverse()) {
    const queue = [...tiers.get(tier)!].sort(byPlace);
    if (carried) {
      const nearest = queue.shift();
      if (nearest) pairs.push({ a: carried.clan.id, b: nearest.id, tier: carried.tier });
      else alone.push(carried.clan.id);
      carried = null;
    }
    for (let i = 0; i + 1 < queue.length; i += 2) pairs.push({ a: queue[i]!.id, b: queue[i + 1]!.id, tier });
    if (queue.length % 2 === 1) carried = { clan: queue.at(-1)!, tier };
  }
  if (carried) alone.push(carried.clan.id);
  return { pairs, alone };
}
