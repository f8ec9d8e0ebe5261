import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { klashMyClanQueryKey } from './klash-keys.ts';

/** The reader's clan (GET /platform-clans/status), for entering a team for it; null when they have none. */
export async function getMyClan(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<{ id: string; name: string } | null> {
  const status = unwrap(await client.request(clansRoutes.clanStatus, signal ? { signal } : {}));
  return status.clan ? { id: status.clan.id, name: status.clan.clanName } : null;
}

export function useMyClan({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery({
    queryKey: klashMyClanQueryKey,
    queryFn: ({ signal }) => getMyClan(client, signal),
    enabled,
  });
}
