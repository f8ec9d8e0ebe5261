import type { QueryClient } from '@tanstack/react-query';
import { invalidateMoney } from '../../../api/money-keys.ts';

/** Query keys of the quests feature: every key starts with `quests`. */
export const questsRootKey = ['quests'] as const;
export const questListQueryKey = (query: Record<string, string | undefined>) =>
  [...questsRootKey, 'list', query] as const;
export const questFiltersQueryKey = [...questsRootKey, 'filters'] as const;
export const questQueryKey = (slug: string) => [...questsRootKey, 'by-slug', slug] as const;
/** The signed-in user's own answers (dropped on sign-out with the rest of the cache). */
export const myQuestsQueryKey = [...questsRootKey, 'me'] as const;
export const liveQuestsQueryKey = [...questsRootKey, 'live'] as const;
/** Today's quests (the recurring ones, with the user's progress in the current period). */
export const todayQuestsQueryKey = [...questsRootKey, 'today'] as const;
export const questStatusQueryKey = (questId: string) => [...questsRootKey, 'status', questId] as const;
export const questSlotsQueryKey = (questId: string) => [...questsRootKey, 'slots', questId] as const;
export const proofMethodsQueryKey = [...questsRootKey, 'proof-methods'] as const;
/** The partner hubs the signed-in user follows. */
export const followedHubsQueryKey = [...questsRootKey, 'hubs', 'followed'] as const;

/** The earnings screen's root key (its list and totals change when a quest grants K-Cash). */
const EARNINGS_ROOT_KEY = ['collect-earning'] as const;

/**
 * After a start, a validation or a proof: the quest's status, /userquest/me and /userquest/live, its
 * slots and the quest lists (remaining slots) are asked again; a completed quest also moved money.
 */
export function invalidateQuestProgress(
  queryClient: QueryClient,
  questId: string,
  { completed = false }: { completed?: boolean } = {},
): Promise<void> {
  const jobs: Promise<unknown>[] = [
    queryClient.invalidateQueries({ queryKey: questStatusQueryKey(questId) }),
    queryClient.invalidateQueries({ queryKey: myQuestsQueryKey }),
    queryClient.invalidateQueries({ queryKey: liveQuestsQueryKey }),
    queryClient.invalidateQueries({ queryKey: todayQuestsQueryKey }),
    queryClient.invalidateQueries({ queryKey: questSlotsQueryKey(questId) }),
    queryClient.invalidateQueries({ queryKey: [...questsRootKey, 'list'] }),
  ];
  if (completed) {
    jobs.push(invalidateMoney(queryClient));
    jobs.push(queryClient.invalidateQueries({ queryKey: EARNINGS_ROOT_KEY }));
  }
  return Promise.all(jobs).then(() => undefined);
}
