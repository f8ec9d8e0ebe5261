import type { ApiClient } from '@khel/core/client';
import { type PogCatalogue, pogRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { mintCatalogueQueryKey } from './pog-keys.ts';

/** GET /pog/mint/catalogue: every theme with its categories, characters and styles. */
export async function getMintCatalogue(client: ApiClient, signal?: AbortSignal): Promise<PogCatalogue> {
  return unwrap(await client.request(pogRoutes.pogCatalogue, signal ? { signal } : {}));
}

export function useMintCatalogue({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery({
    queryKey: mintCatalogueQueryKey,
    queryFn: ({ signal }) => getMintCatalogue(client, signal),
    enabled,
    // The catalogue changes with releases, not while someone picks.
    staleTime: 60 * 60 * 1000,
  });
}
