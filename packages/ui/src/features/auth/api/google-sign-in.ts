import type { ApiClient } from '@khel/core/client';
import { type AuthResult, authRoutes, identityRoutes, type LinkResult } from '@khel/core/contract';
import type { SessionStore } from '@khel/core/session';
import { unwrap } from '../../../lib/api-result.ts';
import { storeAuth } from '../lib/store-auth.ts';

/** POST /authentication/google with the id token Google (or its sandbox) issued; stores the tokens. */
export async function signInWithGoogle(
  client: ApiClient,
  session: Pick<SessionStore, 'setTokens'>,
  idToken: string,
): Promise<AuthResult> {
  return storeAuth(session, unwrap(await client.request(authRoutes.googleSignIn, { body: { idToken } })));
}

/** POST /social-auth/google: the Google account joins the signed-in account (409 when another has it). */
export async function linkGoogle(client: ApiClient, idToken: string): Promise<LinkResult> {
  return unwrap(await client.request(identityRoutes.linkGoogle, { body: { idToken } }));
}
