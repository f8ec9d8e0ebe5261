import type { ApiClient } from '@khel/core/client';
import { authRoutes } from '@khel/core/contract';
import type { SessionStore } from '@khel/core/session';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../providers/api-context.ts';

/**
 * POST /authentication/logout revokes the refresh token; the local session ends whatever the
 * server answers, so a user offline can still log out of this device. `afterEnd` runs in the same
 * tick as the session ends, so a navigation there lands in the same render (no flash of the
 * signed-out state of the page being left).
 */
export async function logout(
  client: ApiClient,
  session: Pick<SessionStore, 'getRefreshToken' | 'endSession'>,
  afterEnd?: () => void,
): Promise<void> {
  const refreshToken = session.getRefreshToken();
  try {
    await client.request(authRoutes.logout, { body: refreshToken ? { refreshToken } : {} });
  } finally {
    session.endSession();
    afterEnd?.();
  }
}

export function useLogout(options: { afterEnd?: () => void } = {}) {
  const { client, session } = useApi();
  return useMutation({ mutationFn: () => logout(client, session, options.afterEnd) });
}
