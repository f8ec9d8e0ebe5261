import type { ApiClient } from '@khel/core/client';
import { profileRoutes } from '@khel/core/contract';
import { isApiError, unwrap } from '../../../lib/api-result.ts';

export type UsernameAvailability = 'available' | 'taken';

/**
 * GET /users/me/verify-username?username=…: 200 when free, 409 'Username already taken!' when not.
 * Other failures (bad shape, 429, no connection) reject.
 */
export async function verifyUsername(
  client: ApiClient,
  username: string,
  signal?: AbortSignal,
): Promise<UsernameAvailability> {
  try {
    unwrap(
      await client.request(profileRoutes.verifyUsername, {
        query: { username },
        ...(signal ? { signal } : {}),
      }),
    );
    return 'available';
  } catch (error) {
    if (isApiError(error) && error.status === 409) return 'taken';
    throw error;
  }
}
