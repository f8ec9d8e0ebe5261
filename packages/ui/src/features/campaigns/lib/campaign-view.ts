import type { Campaign, CampaignListState } from '@khel/core/contract';
import { type CampaignButtonKind, getCampaignButton, type Instant } from '@khel/core/domain';

/** The tabs of /k-drop/campaigns, in order (`?tab=`; featured when absent). */
export const CAMPAIGN_TABS = ['featured', 'live', 'upcoming', 'ended'] as const;
export type CampaignTab = (typeof CAMPAIGN_TABS)[number];

export function isCampaignTab(value: string | null): value is CampaignTab {
  return (CAMPAIGN_TABS as readonly string[]).includes(value ?? '');
}

/** The by-state query of a tab: featured = featured campaigns live now or coming. */
export function tabQuery(tab: CampaignTab): {
  status: CampaignListState;
  featured?: 'true';
  upcoming?: 'true';
} {
  switch (tab) {
    case 'featured':
      return { status: 'LIVE', featured: 'true', upcoming: 'true' };
    case 'live':
      return { status: 'LIVE' };
    case 'upcoming':
      return { status: 'UPCOMING' };
    case 'ended':
      return { status: 'ENDED' };
  }
}

/** The slug of /k-drop/campaigns/<slug> (and of its /verify page), else null. */
export function campaignSlugFromPath(pathname: string): string | null {
  const match = /^\/k-drop\/campaigns\/([^/]+)(?:\/verify)?\/?$/i.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** What a variant's badge says, as a game would show it: its key and the number in it. */
export function variantBadge(reward: Campaign['reward']): {
  key: 'slots' | 'pool' | 'top' | 'raffle';
  count: number | null;
} {
  switch (reward.variant) {
    case 'FIXED_SLOT_FIXED_REWARD':
      return { key: 'slots', count: reward.totalSlots ?? 0 };
    case 'OPEN_SLOT_DYNAMIC_REWARD':
      return { key: 'pool', count: null };
    case 'OPEN_SLOT_LEADERBOARD_REWARD':
      return { key: 'top', count: Math.max(0, ...(reward.bands ?? []).map((b) => b.toRank)) };
    case 'OPEN_SLOT_RAFFLE_REWARD':
      return { key: 'raffle', count: reward.winners ?? 0 };
  }
}

/** Slots taken of a fixed campaign, 0..1 (null for the open variants). */
export function slotsTaken(reward: Campaign['reward']): number | null {
  if (reward.totalSlots === null || reward.remainingSlots === null || reward.totalSlots <= 0) return null;
  return Math.min(1, Math.max(0, (reward.totalSlots - reward.remainingSlots) / reward.totalSlots));
}

/** A countdown as its two largest units: 2d 4h, 4h 12m, 12m 5s, 5s. */
export function countdownParts(remainingMs: number): { unit: 'd' | 'h' | 'm' | 's'; count: number }[] {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const units = [
    { unit: 'd' as const, count: Math.floor(total / 86_400) },
    { unit: 'h' as const, count: Math.floor(total / 3600) % 24 },
    { unit: 'm' as const, count: Math.floor(total / 60) % 60 },
    { unit: 's' as const, count: total % 60 },
  ];
  const first = units.findIndex((u) => u.count > 0);
  return first === -1 ? [{ unit: 's', count: 0 }] : units.slice(first, first + 2);
}

/** The SPEC §4 button of a visitor (or before the user's progress arrives): no entry, no claim. */
export function visitorButton(campaign: Campaign, now: Instant): CampaignButtonKind {
  return getCampaignButton({
    status: campaign.status,
    startsAt: campaign.startsAt,
    endsAt: campaign.endsAt,
    now,
    user: null,
  }).kind;
}

export { initialsOf } from '../../../lib/initials.ts';
