import type { ApiClient } from '@khel/core/client';
import { type GeneratedLinks, type GenerateUtmLinkBody, utmRoutes } from '@khel/core/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shouldRetry, unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export const utmRootKey = ['utm'] as const;
const LINKS_PAGE = 10;

/** GET /utm/values with the SPEC defaults (quest list limit 100, page 1; campaigns limit 100). */
export function useUtmValues() {
  const { client } = useApi();
  return useQuery({
    queryKey: [...utmRootKey, 'values'],
    queryFn: async ({ signal }) => unwrap(await client.request(utmRoutes.utmValues, { query: {}, signal })),
    retry: shouldRetry,
    staleTime: 60_000,
  });
}

/** GET /utm/generated-links, page by page, newest first. */
export function useGeneratedLinks() {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: [...utmRootKey, 'links'],
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await client.request(utmRoutes.utmGeneratedLinks, {
          query: { page: pageParam, limit: LINKS_PAGE },
          signal,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last: GeneratedLinks) =>
      last.page * last.limit < last.total ? last.page + 1 : undefined,
    retry: shouldRetry,
  });
}

export async function generateUtmLink(client: ApiClient, body: GenerateUtmLinkBody) {
  return unwrap(await client.request(utmRoutes.utmGenerateLink, { body }));
}

/** POST /utm/generate-link; the list refreshes after. */
export function useGenerateUtmLink() {
  const { client } = useApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateUtmLinkBody) => generateUtmLink(client, body),
    onSuccess: () => queries.invalidateQueries({ queryKey: [...utmRootKey, 'links'] }),
  });
}
