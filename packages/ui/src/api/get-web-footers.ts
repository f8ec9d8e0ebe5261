import type { ApiClient } from '@khel/core/client';
import { contentRoutes, type WebFooter } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../lib/api-result.ts';
import { useApi } from '../providers/api-context.ts';

/** GET /web-footers: the footer's link groups operators manage. */
export async function getWebFooters(client: ApiClient, signal?: AbortSignal): Promise<WebFooter> {
  return unwrap(await client.request(contentRoutes.webFooters, signal ? { signal } : {}));
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
