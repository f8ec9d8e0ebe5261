import type { ApiClient } from '@khel/core/client';
import { type IdentityProvider, identityRoutes, type LinkResult } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { socialAuthStatusQueryKey } from './social-auth-status.ts';

export interface DisconnectInput {
  provider: IdentityProvider | 'wallet';
  /** One of several (e.g. one wallet address). */
  subject?: string;
}

/** POST /social-auth/disconnect; the last sign-in method cannot go (409). */
export async function disconnectMethod(client: ApiClient, input: DisconnectInput): Promise<LinkResult> {
  return unwrap(await client.request(identityRoutes.socialAuthDisconnect, { body: input }));
}

/** Unlinks and puts the new status in the cache; the profile (phone, email) is fetched again. */
export function useDisconnectMethod() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisconnectInput) => disconnectMethod(client, input),
    onSuccess: (result) => {
      queryClient.setQueryData(socialAuthStatusQueryKey, {
        socialStatuses: result.socialStatuses,
        methods: result.methods,
      });
      void queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
    },
  });
}
