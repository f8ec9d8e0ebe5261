import type { ApiClient } from '@khel/core/client';
import { type KlashTournamentDetails, klashRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { readerRoute } from './as-reader.ts';
import { klashTournamentQueryKey } from './klash-keys.ts';

/** GET /klash/tournaments/:tournament (slug or id); signed in, with the reader's registration. */
export async function getTournament(
  client: ApiClient,
  tournament: string,
  signedIn: boolean,
  signal?: AbortSignal,
): Promise<KlashTournamentDetails> {
  return unwrap(
    await client.request(readerRoute(klashRoutes.klashTournament, signedIn), {
      params: { tournament },
      ...(signal ? { signal } : {}),
    }),
  );
}

/** A tournament's page; asked again every 15 s while it is live (matches settle, the board moves). */
export function useTournament(tournament: string) {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: klashTournamentQueryKey(tournament, signedIn),
    queryFn: ({ signal }) => getTournament(client, tournament, signedIn, signal),
    enabled: tournament.length > 0,
    refetchInterval: (query) => (query.state.data?.status === 'live' ? 15_000 : false),
  });
}
