import type { ApiClient } from '@khel/core/client';
import { type AuthResult, authRoutes } from '@khel/core/contract';
import type { SessionStore } from '@khel/core/session';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

/**
 * POST /authentication/telegram with `Authorization: tma <initDataRaw>`: the raw init data string
 * exactly as Telegram passed it (the server checks its signature over those bytes).
 */
export async function signInWithTelegram(
  client: ApiClient,
  session: Pick<SessionStore, 'setTokens'>,
  initDataRaw: string,
): Promise<AuthResult> {
  const auth = unwrap(
    await client.request(authRoutes.telegram, { headers: { Authorization: `tma ${initDataRaw}` } }),
  );
  session.setTokens({
    accessToken: auth.accessToken,
    refreshToken: auth.refreshToken,
    idToken: auth.idToken,
  });
  return auth;
}

export function useTelegramSignIn() {
  const { client, session } = useApi();
  return useMutation({
    mutationFn: (initDataRaw: string) => signInWithTelegram(client, session, initDataRaw),
  });
}
