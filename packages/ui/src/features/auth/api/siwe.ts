import type { ApiClient } from '@khel/core/client';
import { type AuthResult, authRoutes, identityRoutes, type LinkResult } from '@khel/core/contract';
import type { SessionStore } from '@khel/core/session';
import { unwrap } from '../../../lib/api-result.ts';
import { storeAuth } from '../lib/store-auth.ts';
import type { SiweChallenge } from '../sign-in-options.tsx';

/** GET /authentication/siwe/nonce: a single-use nonce and the chain ids the server accepts. */
export async function getSiweChallenge(client: ApiClient): Promise<SiweChallenge> {
  const { nonce, chainIds } = unwrap(await client.request(authRoutes.siweNonce));
  return { nonce, chainIds };
}

export interface SiweProof {
  message: string;
  signature: `0x${string}`;
}

/** POST /authentication/siwe: signs in with the signed EIP-4361 message; stores the tokens. */
export async function signInWithSiwe(
  client: ApiClient,
  session: Pick<SessionStore, 'setTokens'>,
  proof: SiweProof,
): Promise<AuthResult> {
  return storeAuth(session, unwrap(await client.request(authRoutes.siweSignIn, { body: proof })));
}

/** POST /social-auth/siwe: the wallet joins the signed-in account (409 when another account has it). */
export async function linkSiwe(client: ApiClient, proof: SiweProof): Promise<LinkResult> {
  return unwrap(await client.request(identityRoutes.linkSiwe, { body: proof }));
}
