import type { ApiClient } from '@khel/core/client';
import {
  type AuthResult,
  authRoutes,
  identityRoutes,
  type LinkResult,
  type TonProofBody,
} from '@khel/core/contract';
import type { SessionStore } from '@khel/core/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { tonPayloadQueryKey } from './get-ton-payload.ts';

export type TonProofOutcome = { kind: 'signed-in'; auth: AuthResult } | { kind: 'linked'; link: LinkResult };

/**
 * Sends a wallet's ton_proof. Signed out: POST /authentication/ton signs in (or creates the account)
 * and stores the tokens. Signed in: POST /social-auth/ton links the wallet to this account; a wallet
 * that belongs to another account is a 409 and changes nothing.
 */
export async function submitTonProof(
  client: ApiClient,
  session: Pick<SessionStore, 'isSignedIn' | 'setTokens'>,
  body: TonProofBody,
): Promise<TonProofOutcome> {
  if (session.isSignedIn()) {
    return { kind: 'linked', link: unwrap(await client.request(identityRoutes.linkTon, { body })) };
  }
  const auth = unwrap(await client.request(authRoutes.tonSignIn, { body }));
  session.setTokens({
    accessToken: auth.accessToken,
    refreshToken: auth.refreshToken,
    idToken: auth.idToken,
  });
  return { kind: 'signed-in', auth };
}

/**
 * The mutation, and what it leaves behind: the payload is spent whatever the answer, and a linked
 * wallet changes the profile and the linked methods (`['users', 'me', …]`, `['social-auth', …]`).
 */
export function useSubmitTonProof() {
  const { client, session } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TonProofBody) => submitTonProof(client, session, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tonPayloadQueryKey }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users', 'me'] }),
        queryClient.invalidateQueries({ queryKey: ['social-auth'] }),
      ]),
  });
}
