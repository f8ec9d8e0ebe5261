import type { ApiClient } from '@khel/core/client';
import { questsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { proofMethodsQueryKey } from './quest-keys.ts';

/** GET /userquest/proofs/methods: v1 text, v2 link, v3 JPEG image. */
export async function getProofMethods(client: ApiClient, signal?: AbortSignal) {
  return unwrap(await client.request(questsRoutes.proofMethods, signal ? { signal } : {})).methods;
}

export function useProofMethods() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: proofMethodsQueryKey,
      queryFn: ({ signal }) => getProofMethods(client, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
