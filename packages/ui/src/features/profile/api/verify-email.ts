import type { ApiClient } from '@khel/core/client';
import { profileRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { profileQueryKey } from './get-profile.ts';

/** POST /users/me/verify-email: the code from the email makes the address the account's verified email. */
export async function verifyEmail(client: ApiClient, code: string) {
  return unwrap(await client.request(profileRoutes.verifyEmail, { body: { code } }));
}

export function useVerifyEmail() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => verifyEmail(client, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
