import type { ApiClient } from '@khel/core/client';
import { type Progression, type ProgressionRules, progressionRoutes, type Season } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { progressionQueryKey } from '../../../api/money-keys.ts';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export const progressionRulesQueryKey = ['progression', 'rules'] as const;
export const seasonQueryKey = ['progression', 'season'] as const;

/** GET /progression: XP, level, the next level and the newest XP earned. */
export async function getProgression(client: ApiClient, signal?: AbortSignal): Promise<Progression> {
  return unwrap(await client.request(progressionRoutes.progression, signal ? { signal } : {}));
}

/** GET /progression/rules: what gives XP and what each level pays. */
export async function getProgressionRules(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<ProgressionRules> {
  return unwrap(await client.request(progressionRoutes.progressionRules, signal ? { signal } : {}));
}

/** The signed-in user's progression; asked again after every gain (invalidateMoney). */
export function useProgression() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: progressionQueryKey,
      queryFn: ({ signal }) => getProgression(client, signal),
    }),
  );
}

/** The rules, fetched when first shown; they change only with a release. */
export function useProgressionRules({ enabled }: { enabled: boolean }) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: progressionRulesQueryKey,
      queryFn: ({ signal }) => getProgressionRules(client, signal),
      enabled,
      staleTime: 60 * 60_000,
    }),
  );
}

/** GET /progression/season: the season now, its countdown, bands, top and the user's rank (null before the first). */
export async function getSeason(client: ApiClient, signal?: AbortSignal): Promise<Season | null> {
  return unwrap(await client.request(progressionRoutes.season, signal ? { signal } : {}));
}

/** The season; asked again with the progression after a gain (its rank moves once the XP is counted). */
export function useSeason() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: seasonQueryKey,
      queryFn: ({ signal }) => getSeason(client, signal),
      staleTime: 30_000,
    }),
  );
}
