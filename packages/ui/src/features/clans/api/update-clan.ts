import type { ApiClient } from '@khel/core/client';
import { type ClanDashboardType, type ClanJoinPolicy, clansRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateClans } from './clan-keys.ts';

export interface UpdateClanInput {
  description?: string;
  city?: string;
  logoImageId?: string | null;
  bannerImageId?: string | null;
  joinPolicy?: ClanJoinPolicy;
  dashboardType?: ClanDashboardType;
}

/** PATCH /platform-clans/me: the chief changes the description, city, images, join policy or dashboard. */
export async function updateClan(client: ApiClient, body: UpdateClanInput) {
  return unwrap(await client.request(clansRoutes.updateMyClan, { body }));
}

export function useUpdateClan() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClanInput) => updateClan(client, body),
    onSuccess: () => invalidateClans(queryClient),
  });
}
