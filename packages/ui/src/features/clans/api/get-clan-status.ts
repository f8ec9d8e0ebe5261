import type { ApiClient } from '@khel/core/client';
import { type ClanStatus, clansRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { rememberClan } from '../lib/clan-memory.ts';
import { clanStatusQueryKey } from './clan-keys.ts';

/** GET /platform-clans/status: role, clan, pending requests, chief registration and the rules' dates. */
export async function getClanStatus(client: ApiClient, signal?: AbortSignal): Promise<ClanStatus> {
  return unwrap(await client.request(clansRoutes.clanStatus, signal ? { signal } : {}));
}

export function useClanStatus({ enabled = true }: { enabled?: boolean } = {}) {
  const { client, session } = useApi();
  return useQuery({
    queryKey: clanStatusQueryKey,
    queryFn: async ({ signal }) => {
      const status = await getClanStatus(client, signal);
      // SPEC §3 stored client keys (userClan, clan state and id): the promotion overlay reads them.
      rememberClan(session, status.clan ? { id: status.clan.id, role: status.role } : null);
      return status;
    },
    enabled,
    // A chief's answer, a removal or a handover changes it from elsewhere: each screen asks again.
    staleTime: 0,
  });
}
