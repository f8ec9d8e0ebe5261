import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { setRegistration } from './clan-chief-otp.ts';

export interface RegistrationInput {
  email: string;
  chiefCity: string;
  collegeName: string;
  referrerPhoneNumber: string | null;
}

/** PUT /platform-clans/registration: email, city, college and the referrer's phone (SPEC §3). */
export async function saveClanChiefRegistration(client: ApiClient, body: RegistrationInput) {
  return unwrap(await client.request(clansRoutes.saveClanChiefRegistration, { body }));
}

export function useSaveClanChiefRegistration() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegistrationInput) => saveClanChiefRegistration(client, body),
    onSuccess: (registration) => setRegistration(queryClient, registration),
  });
}
