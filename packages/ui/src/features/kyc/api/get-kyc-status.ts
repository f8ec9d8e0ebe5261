import type { ApiClient } from '@khel/core/client';
import { type KycDocType, type KycDocument, type KycStatus, kycRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export const kycStatusQueryKey = ['kyc', 'status'] as const;

/** GET /kyc/status: PAN, Aadhaar and bank as the provider last decided, masked. */
export async function getKycStatus(client: ApiClient, signal?: AbortSignal): Promise<KycStatus> {
  return unwrap(await client.request(kycRoutes.kycStatus, signal ? { signal } : {}));
}

export function kycStatusQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: kycStatusQueryKey,
    queryFn: ({ signal }) => getKycStatus(client, signal),
  });
}

/**
 * The KYC status; `pollMs(status)` says how often to ask again (the fallback while the
 * verification-check stream is not open and a decision is awaited), false for never.
 */
export function useKycStatus(pollMs: (status: KycStatus | undefined) => number | false = () => false) {
  const { client } = useApi();
  return useQuery({
    ...kycStatusQueryOptions(client),
    refetchInterval: (query) => pollMs(query.state.data),
  });
}

/** True while some submitted document still waits for the provider's decision. */
export function hasPendingDocument(status: KycStatus | undefined): boolean {
  return !!status && [status.pan, status.aadhaar, status.bank].some((d) => d?.status === 'pending');
}

/**
 * The status with a document just submitted (the API answered 202 with it `pending`): shown at once,
 * before the next status read or stream event confirms it.
 */
export function withSubmittedDocument(
  status: KycStatus | undefined,
  doc: KycDocument,
): KycStatus | undefined {
  if (!status) return status;
  const key: KycDocType = doc.docType;
  return { ...status, [key]: doc, complete: false };
}
