import type { AuthResult } from '@khel/core/contract';
import type { SessionStore } from '@khel/core/session';

/** Keeps the tokens of a sign-in answer: the user is signed in from here on. */
export function storeAuth(session: Pick<SessionStore, 'setTokens'>, auth: AuthResult): AuthResult {
  session.setTokens({
    accessToken: auth.accessToken,
    refreshToken: auth.refreshToken,
    idToken: auth.idToken,
  });
  return auth;
}
