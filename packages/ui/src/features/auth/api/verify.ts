import type { ApiClient } from '@khel/core/client';
import { type AuthResult, authRoutes } from '@khel/core/contract';
import type { SessionStore } from '@khel/core/session';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export interface VerifyCodeInput {
  phone: string;
  otp: string;
}

/** POST /authentication/verify: exchanges phone + code for tokens and stores them in the session. */
export async function verifyCode(
  client: ApiClient,
  session: Pick<SessionStore, 'setTokens'>,
  input: VerifyCodeInput,
): Promise<AuthResult> {
  const auth = unwrap(await client.request(authRoutes.verify, { body: input }));
  session.setTokens({
    accessToken: auth.accessToken,
    refreshToken: auth.refreshToken,
    idToken: auth.idToken,
  });
  return auth;
}

export function useVerifyCode() {
  const { client, session } = useApi();
  return useMutation({ mutationFn: (input: VerifyCodeInput) => verifyCode(client, session, input) });
}
