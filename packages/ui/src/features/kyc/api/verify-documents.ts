import type { ApiClient } from '@khel/core/client';
import {
  type KycDocument,
  type KycStatus,
  kycRoutes,
  type VerifyAadhaarBody,
  type VerifyBankBody,
  type VerifyPanBody,
} from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { kycStatusQueryKey, withSubmittedDocument } from './get-kyc-status.ts';

/** POST /kyc/verify-pan (202): the PAN is `pending` until the provider decides. */
export async function verifyPan(client: ApiClient, body: VerifyPanBody): Promise<KycDocument> {
  return unwrap(await client.request(kycRoutes.kycVerifyPan, { body }));
}

/**
 * POST /kyc/verify-aadhaar (202). The number is sent once and never kept: callers pass it straight
 * from the form and clear the form afterwards (no mutation cache, no storage).
 */
export async function verifyAadhaar(client: ApiClient, body: VerifyAadhaarBody): Promise<KycDocument> {
  return unwrap(await client.request(kycRoutes.kycVerifyAadhaar, { body }));
}

/** POST /kyc/verify-bank, or /kyc/update-bank to replace a verified account (202, verified again). */
export async function verifyBank(
  client: ApiClient,
  body: VerifyBankBody,
  mode: 'verify' | 'update' = 'verify',
): Promise<KycDocument> {
  const route = mode === 'update' ? kycRoutes.kycUpdateBank : kycRoutes.kycVerifyBank;
  return unwrap(await client.request(route, { body }));
}

/** Puts a just-submitted document into the cached status and asks for the full status again. */
export function useSubmittedDocument() {
  const queryClient = useQueryClient();
  return (doc: KycDocument) => {
    queryClient.setQueryData<KycStatus>(kycStatusQueryKey, (status) => withSubmittedDocument(status, doc));
    void queryClient.invalidateQueries({ queryKey: kycStatusQueryKey });
  };
}

export function useVerifyPan() {
  const { client } = useApi();
  const submitted = useSubmittedDocument();
  return useMutation({ mutationFn: (body: VerifyPanBody) => verifyPan(client, body), onSuccess: submitted });
}

export function useVerifyBank(mode: 'verify' | 'update') {
  const { client } = useApi();
  const submitted = useSubmittedDocument();
  return useMutation({
    mutationFn: (body: VerifyBankBody) => verifyBank(client, body, mode),
    onSuccess: submitted,
  });
}
