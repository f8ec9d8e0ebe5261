import type { KlashListStatus } from '@khel/core/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the klash feature: every key starts with `klash`. */
export const klashRootKey = ['klash'] as const;
export const klashListQueryKey = (status: KlashListStatus) => [...klashRootKey, 'list', status] as const;
/** By slug or id, and whether the reader is signed in (the answer then carries their registration). */
export const klashTournamentQueryKey = (tournament: string, signedIn: boolean) =>
  [...klashRootKey, 'tournament', tournament.toLowerCase(), signedIn] as const;
export const klashBracketQueryKey = (tournamentId: string, signedIn: boolean) =>
  [...klashRootKey, 'bracket', tournamentId, signedIn] as const;
export const klashLeaderboardQueryKey = (tournamentId: string, signedIn: boolean) =>
  [...klashRootKey, 'leaderboard', tournamentId, signedIn] as const;
export const klashMyMatchesQueryKey = [...klashRootKey, 'me', 'matches'] as const;
export const klashMyClanQueryKey = [...klashRootKey, 'me', 'clan'] as const;

/** After a registration, a withdrawal or a report: everything klash-related is asked again. */
export function invalidateKlash(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: klashRootKey });
}
