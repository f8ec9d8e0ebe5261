import type { ApiClient } from '@khel/core/client';
import { identityRoutes, type LinkResult, type OtpSent } from '@khel/core/contract';
import type { SessionStore } from '@khel/core/session';
import { loginRetryGate } from '@khel/core/session';
import { unwrap } from '../../../lib/api-result.ts';

/**
 * POST /social-auth/phone/send: a code to the phone a signed-in user wants to link. Its answer
 * feeds the same login-retry gate as a sign-in code (SPEC §4: 180 000 ms, too-many-attempts flag).
 */
export async function sendLinkPhoneCode(
  client: ApiClient,
  session: Pick<SessionStore, 'storage' | 'now' | 'announce'>,
  phone: string,
): Promise<OtpSent> {
  const result = await client.request(identityRoutes.linkPhoneSend, { body: { phone } });
  loginRetryGate(session).recordCodeResponse(result);
  return unwrap(result);
}

/** POST /social-auth/phone/verify: links the phone; 409 when another account has it. */
export async function verifyLinkPhone(
  client: ApiClient,
  input: { phone: string; otp: string },
): Promise<LinkResult> {
  return unwrap(await client.request(identityRoutes.linkPhoneVerify, { body: input }));
}
