import type { ApiClient } from '@khel/core/client';
import { type Profile, type ProfilePatch, profileRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { profileQueryKey } from './get-profile.ts';

/** PATCH /users/me/profile: only the fields sent change; `null` clears an optional one. */
export async function updateProfile(client: ApiClient, patch: ProfilePatch): Promise<Profile> {
  return unwrap(await client.request(profileRoutes.updateProfile, { body: patch }));
}

export function useUpdateProfile() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfilePatch) => updateProfile(client, patch),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
