import type { Quest } from '@khel/core/contract';
import type { CurrencyCode } from '@khel/core/format';

export interface RewardAmount {
  currency: CurrencyCode;
  amount: string;
}

/** A quest's rewards in the order the chips show them: K-Points, K-Cash, rKHEL (none left out). */
export function rewardsOf(rewards: Quest['rewards'] | null | undefined): RewardAmount[] {
  if (!rewards) return [];
  return [rewards.kpoints, rewards.kcash, rewards.rkhel]
    .filter((r): r is NonNullable<typeof r> => r !== null)
    .map((r) => ({ currency: r.currency as CurrencyCode, amount: r.amount }));
}

/** Featured quests first, then the rest in the API's order. */
export function featuredFirst<T extends Pick<Quest, 'featured'>>(quests: readonly T[]): T[] {
  return [...quests.filter((q) => q.featured), ...quests.filter((q) => !q.featured)];
}

/** Slug of a quest details address: /quest-details/<slug>, or /quest-details/?slug=… (or ?quest=…). */
export function questSlugFromLocation(pathname: string, search: string): string | null {
  const match = /^\/quest-details\/([^/]+)\/?$/i.exec(pathname);
  if (match?.[1]) return decodeURIComponent(match[1]);
  const params = new URLSearchParams(search);
  return params.get('slug') ?? params.get('quest') ?? params.get('questSlug');
}
