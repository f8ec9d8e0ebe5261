import type { ApiClient } from '@khel/core/client';
import { type PogTheme, pogRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { randomVariantsQueryKey } from './pog-keys.ts';

/** GET /pog/mint/random-variants: random avatar choices to start from ("Surprise me"). */
export async function getRandomVariants(
  client: ApiClient,
  theme: PogTheme | null,
  count = 3,
  signal?: AbortSignal,
) {
  return unwrap(
    await client.request(pogRoutes.pogRandomVariants, {
      query: theme ? { theme, count } : { count },
      ...(signal ? { signal } : {}),
    }),
  );
}

/** Asked when the user wants a surprise; `round` changes to draw again. */
export function useRandomVariants(theme: PogTheme | null, round: number, { enabled = true } = {}) {
  const { client } = useApi();
  return useQuery({
    queryKey: randomVariantsQueryKey(theme, round),
    queryFn: ({ signal }) => getRandomVariants(client, theme, 3, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
