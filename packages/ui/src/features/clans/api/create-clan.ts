import type { ApiClient } from '@khel/core/client';
import { type ClanDashboardType, type ClanJoinPolicy, clansRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateClans } from './clan-keys.ts';

export interface CreateClanInput {
  clanName: string;
  city: string;
  country: string;
  description: string;
  logoImageId: string | null;
  bannerImageId: string | null;
  joinPolicy: ClanJoinPolicy;
  dashboardType: ClanDashboardType;
}

/** POST /platform-clans: registered chiefs with a verified phone create their one clan. */
export async function createClan(client: ApiClient, body: CreateClanInput) {
  return unwrap(await client.request(clansRoutes.createClan, { body }));
}

export function useCreateClan() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClanInput) => createClan(client, body),
    onSuccess: () => invalidateClans(queryClient),
  });
}
