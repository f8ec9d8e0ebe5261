import type { ApiClient } from '@khel/core/client';
import { type BannerPlacement, contentRoutes, type WebBanner } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../lib/api-result.ts';
import { useApi } from '../providers/api-context.ts';

export const webBannersQueryKey = (placement: BannerPlacement) => ['web-banners', placement] as const;

/** GET /web-banners?placement=…: what operators show at the top of a screen. */
export async function getWebBanners(
  client: ApiClient,
  placement: BannerPlacement,
  signal?: AbortSignal,
): Promise<WebBanner[]> {
  const data = unwrap(
    await client.request(contentRoutes.webBanners, { query: { placement }, ...(signal ? { signal } : {}) }),
  );
  return data.banners;
}

export function useWebBanners(placement: BannerPlacement) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: webBannersQueryKey(placement),
      queryFn: ({ signal }) => getWebBanners(client, placement, signal),
      staleTime: 5 * 60_000,
    }),
  );
}
