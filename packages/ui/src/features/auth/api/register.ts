import type { ApiClient } from '@khel/core/client';
import { authRoutes, type OtpSent } from '@khel/core/contract';
import type { SessionStore } from '@khel/core/session';
import { loginRetryGate } from '@khel/core/session';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export interface RequestCodeInput {
  /** E.164, e.g. +919876543210. */
  phone: string;
  /** True for "Resend code" (POST /authentication/resend), false for the first code. */
  resend?: boolean;
}

/**
 * POST /authentication/register (or /resend): texts a sign-in code. The answer (including a 429)
 * feeds the session's login-retry gate, which drives the resend countdown (SPEC §4: 180 000 ms).
 */
export async function requestCode(
  client: ApiClient,
  session: Pick<SessionStore, 'storage' | 'now' | 'announce'>,
  { phone, resend = false }: RequestCodeInput,
): Promise<OtpSent> {
  const result = await client.request(resend ? authRoutes.resend : authRoutes.register, { body: { phone } });
  loginRetryGate(session).recordCodeResponse(result);
  return unwrap(result);
}

export function useRequestCode() {
  const { client, session } = useApi();
  return useMutation({ mutationFn: (input: RequestCodeInput) => requestCode(client, session, input) });
}
