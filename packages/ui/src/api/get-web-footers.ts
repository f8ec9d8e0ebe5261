import type { ApiClient } from '@khel/core/client';
import { contentRoutes, type WebFooter } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../lib/api-result.ts';
import { useApi } from '../providers/api-context.ts';

/**
 * GET /web-footers: the footer's link groups operators manage. At low Fetch Priority: the footer is
 * below every screen, so the screen's own requests go first on a slow phone.
 */
export async function getWebFooters(client: ApiClient, signal?: AbortSignal): Promise<WebFooter> {
  return unwrap(
    await client.request(contentRoutes.webFooters, { priority: 'low', ...(signal ? { signal } : {}) }),
  );
}

export function useWebFooters() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: ['web-footers'] as const,
      queryFn: ({ signal }) => getWebFooters(client, signal),
      staleTime: 10 * 60_000,
    }),
  );
}
