import type { ApiClient } from '@khel/core/client';
import { type ClanWarStatus, clanWarsRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { clanWarQueryKey } from './clan-keys.ts';

/** GET /platform-clans/me/war: my clan's war this week (or why none), its last results and the week's rules. */
export async function getClanWar(client: ApiClient, signal?: AbortSignal): Promise<ClanWarStatus> {
  return unwrap(await client.request(clanWarsRoutes.myClanWar, signal ? { signal } : {}));
}

export function useClanWar({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery({
    queryKey: clanWarQueryKey,
    queryFn: ({ signal }) => getClanWar(client, signal),
    enabled,
    // The scores move as members earn XP: asked again each minute while the page is open.
    refetchInterval: 60_000,
  });
}
