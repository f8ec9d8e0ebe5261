import type { ApiClient } from '@khel/core/client';
import { type Profile, profileRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMoney } from '../../../api/money-keys.ts';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { profileQueryKey } from './get-profile.ts';

/** PUT /users/me/username: takes the name (unique ignoring case; 409 'Username already taken!'); the first gives XP. */
export async function updateUsername(client: ApiClient, username: string): Promise<Profile> {
  return unwrap(await client.request(profileRoutes.updateUsername, { body: { username } }));
}

export function useUpdateUsername() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => updateUsername(client, username),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      // The first name chosen gives XP, and a level it reaches pays K-Points.
      return invalidateMoney(queryClient);
    },
  });
}
