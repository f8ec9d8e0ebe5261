import type { ApiClient } from '@khel/core/client';
import { type AuthResult, authRoutes } from '@khel/core/contract';
import type { SessionStore } from '@khel/core/session';
import { unwrap } from '../../../lib/api-result.ts';
import { storeAuth } from '../lib/store-auth.ts';

export interface WhatsappGrant {
  accessToken: string;
  waId: string;
}

/**
 * The provider's token endpoint: the `code` WhatsApp sent back becomes a bearer token for waId.
 * Only the sandbox provider exists (POST /sandbox/whatsapp/token).
 */
export async function exchangeWhatsappCode(client: ApiClient, code: string): Promise<WhatsappGrant> {
  const token = unwrap(await client.request(authRoutes.sandboxWhatsappToken, { body: { code } }));
  return { accessToken: token.access_token, waId: token.waId };
}

export interface WhatsappLoginInput extends WhatsappGrant {
  /** Where the user signs in from (IN, BR, …), when known. */
  region?: string | null;
  hostname: string;
}

/**
 * SPEC §7 POST /authentication/login?source=website&region=…, body `{ waId, platform, hostname }`,
 * `Authorization: Bearer <provider token>`; success is 201 with tokens, which are stored.
 */
export async function signInWithWhatsapp(
  client: ApiClient,
  session: Pick<SessionStore, 'setTokens'>,
  input: WhatsappLoginInput,
): Promise<AuthResult> {
  const auth = unwrap(
    await client.request(authRoutes.whatsappLogin, {
      query: { source: 'website', ...(input.region ? { region: input.region } : {}) },
      body: { waId: input.waId, platform: 'website', hostname: input.hostname },
      headers: { Authorization: `Bearer ${input.accessToken}` },
    }),
  );
  return storeAuth(session, auth);
}
