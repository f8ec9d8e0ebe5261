import type { ApiClient } from '@khel/core/client';
import { type PreferredPlatform, type ProductRole, profileRoutes } from '@khel/core/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export const professionsQueryKey = ['users', 'me', 'professions'] as const;

export interface Professions {
  productRole: ProductRole | null;
  preferredPlatform: PreferredPlatform | null;
  productRoles: ProductRole[];
  preferredPlatforms: PreferredPlatform[];
}

/** GET /users/me/professions: the product role and preferred platform, with the choices. */
export async function getProfessions(client: ApiClient, signal?: AbortSignal): Promise<Professions> {
  return unwrap(await client.request(profileRoutes.professions, signal ? { signal } : {}));
}

/** PUT /users/me/professions: one of them, or both. */
export async function updateProfessions(
  client: ApiClient,
  change: { productRole?: ProductRole; preferredPlatform?: PreferredPlatform },
): Promise<Professions> {
  return unwrap(await client.request(profileRoutes.updateProfessions, { body: change }));
}

export function useProfessions() {
  const { client } = useApi();
  return useQuery(
    queryOptions({ queryKey: professionsQueryKey, queryFn: ({ signal }) => getProfessions(client, signal) }),
  );
}

export function useUpdateProfessions() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { productRole?: ProductRole; preferredPlatform?: PreferredPlatform }) =>
      updateProfessions(client, change),
    onSuccess: (professions) => queryClient.setQueryData(professionsQueryKey, professions),
  });
}
