import type { ApiClient } from '@khel/core/client';
import { type KlashBracket, klashRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { readerRoute } from './as-reader.ts';
import { klashBracketQueryKey } from './klash-keys.ts';

/** GET /klash/tournaments/:tournamentId/bracket: rounds, matches, reports, the champion. */
export async function getBracket(
  client: ApiClient,
  tournamentId: string,
  signedIn: boolean,
  signal?: AbortSignal,
): Promise<KlashBracket> {
  return unwrap(
    await client.request(readerRoute(klashRoutes.klashBracket, signedIn), {
      params: { tournamentId },
      ...(signal ? { signal } : {}),
    }),
  );
}

/** The bracket; asked again every 10 s while the tournament is live. */
export function useBracket(tournamentId: string, { enabled = true, live = false } = {}) {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: klashBracketQueryKey(tournamentId, signedIn),
    queryFn: ({ signal }) => getBracket(client, tournamentId, signedIn, signal),
    enabled,
    refetchInterval: live ? 10_000 : false,
  });
}
