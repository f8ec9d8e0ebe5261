import type { ApiClient } from '@khel/core/client';
import { profileRoutes } from '@khel/core/contract';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

/** PUT /users/me/email: sends a 6-digit code to the new address (sandbox mail at /api/dev/outbox). */
export async function requestEmailCode(client: ApiClient, email: string) {
  return unwrap(await client.request(profileRoutes.updateEmail, { body: { email } }));
}

export function useRequestEmailCode() {
  const { client } = useApi();
  return useMutation({ mutationFn: (email: string) => requestEmailCode(client, email) });
}
