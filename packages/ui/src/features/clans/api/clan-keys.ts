import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the clans feature: every key starts with `clans`. */
export const clansRootKey = ['clans'] as const;
export const clanConfigQueryKey = [...clansRootKey, 'config'] as const;
/** The signed-in user's role, clan, requests and registration (dropped on sign-out with the cache). */
export const clanStatusQueryKey = [...clansRootKey, 'status'] as const;
export const clanListQueryKey = (kind: 'list' | 'recommended' | 'search', q = '') =>
  [...clansRootKey, kind, q] as const;
export const clanQueryKey = (clanId: string) => [...clansRootKey, 'by-id', clanId] as const;
export const clanMembersQueryKey = (clanId: string) => [...clansRootKey, 'members', clanId] as const;
export const clanStatsQueryKey = (clanId: string) => [...clansRootKey, 'stats', clanId] as const;
export const clanPogScoresQueryKey = (clanId: string) => [...clansRootKey, 'pog-scores', clanId] as const;
export const clanRequestsQueryKey = [...clansRootKey, 'me', 'requests'] as const;
export const clanDashboardQueryKey = [...clansRootKey, 'me', 'dashboard'] as const;
export const clanQuestsQueryKey = [...clansRootKey, 'me', 'quests'] as const;
/** My clan's war this week and its last results. */
export const clanWarQueryKey = [...clansRootKey, 'me', 'war'] as const;
export const clanBoardQueryKey = (board: 'global' | 'me' | `partner:${string}`) =>
  [...clansRootKey, 'board', board] as const;

/** After a change to a membership or a clan: everything clan-related is asked again. */
export function invalidateClans(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: clansRootKey });
}
