import type { ApiClient } from '@khel/core/client';
import { KLASH_LEADERBOARD_MAX_LIMIT, type KlashLeaderboard, klashRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { readerRoute } from './as-reader.ts';
import { klashLeaderboardQueryKey } from './klash-keys.ts';

/** GET /klash/tournaments/:tournamentId/leaderboard: ranked scores with each rank's prize, and the reader's row. */
export async function getLeaderboard(
  client: ApiClient,
  tournamentId: string,
  signedIn: boolean,
  signal?: AbortSignal,
): Promise<KlashLeaderboard> {
  return unwrap(
    await client.request(readerRoute(klashRoutes.klashLeaderboard, signedIn), {
      params: { tournamentId },
      query: { limit: KLASH_LEADERBOARD_MAX_LIMIT },
      ...(signal ? { signal } : {}),
    }),
  );
}

/** The score board; live, asked again every 10 s. */
export function useLeaderboard(tournamentId: string, { enabled = true, live = false } = {}) {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: klashLeaderboardQueryKey(tournamentId, signedIn),
    queryFn: ({ signal }) => getLeaderboard(client, tournamentId, signedIn, signal),
    enabled,
    refetchInterval: live ? 10_000 : false,
  });
}
