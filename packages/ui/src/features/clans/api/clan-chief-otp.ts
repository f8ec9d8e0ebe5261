import type { ApiClient } from '@khel/core/client';
import { type ClanChiefRegistration, type ClanStatus, clansRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { clanStatusQueryKey } from './clan-keys.ts';

/** POST /platform-clans/otp: a code to the phone the chief registers with. */
export async function sendClanChiefOtp(client: ApiClient, phone: string) {
  return unwrap(await client.request(clansRoutes.clanOtpSend, { body: { phone } }));
}

/** POST /platform-clans/otp/verify: SPEC §2, the verified phone is stored in the chief registration. */
export async function verifyClanChiefOtp(client: ApiClient, phone: string, otp: string) {
  return unwrap(await client.request(clansRoutes.clanOtpVerify, { body: { phone, otp } }));
}

export function useSendClanChiefOtp() {
  const { client } = useApi();
  return useMutation({ mutationFn: (phone: string) => sendClanChiefOtp(client, phone) });
}

/** Puts the answered registration into the status at once, so the form shows the phone as verified. */
export function setRegistration(
  queryClient: ReturnType<typeof useQueryClient>,
  registration: ClanChiefRegistration,
) {
  queryClient.setQueryData<ClanStatus>(clanStatusQueryKey, (old) => (old ? { ...old, registration } : old));
}

export function useVerifyClanChiefOtp() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ phone, otp }: { phone: string; otp: string }) => verifyClanChiefOtp(client, phone, otp),
    onSuccess: (registration) => setRegistration(queryClient, registration),
  });
}
