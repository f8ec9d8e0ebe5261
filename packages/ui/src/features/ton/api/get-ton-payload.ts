import type { ApiClient } from '@khel/core/client';
import { authRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export const tonPayloadQueryKey = ['authentication', 'ton', 'payload'] as const;

/** A payload is asked for again this long before the API lets it expire, so a wallet never signs a dead one. */
export const TON_PAYLOAD_MARGIN_MS = 60_000;

export interface TonPayload {
  payload: string;
  /** Seconds the API keeps the payload valid. */
  expiresIn: number;
}

/** GET /authentication/ton/payload: a single-use payload for the wallet to sign in its ton_proof. */
export async function getTonPayload(client: ApiClient, signal?: AbortSignal): Promise<TonPayload> {
  return unwrap(await client.request(authRoutes.tonPayload, signal ? { signal } : {}));
}

/** How long a payload may be offered to wallets: its lifetime less the margin, and at least 10 s. */
export function tonPayloadRefreshMs(expiresInSeconds: number): number {
  return Math.max(10_000, expiresInSeconds * 1000 - TON_PAYLOAD_MARGIN_MS);
}

export function getTonPayloadQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: tonPayloadQueryKey,
    queryFn: ({ signal }) => getTonPayload(client, signal),
    // Single use: never served from an old cache entry, and replaced before it expires.
    gcTime: 0,
    staleTime: (query) => (query.state.data ? tonPayloadRefreshMs(query.state.data.expiresIn) : 0),
    refetchInterval: (query) => (query.state.data ? tonPayloadRefreshMs(query.state.data.expiresIn) : false),
  });
}

export function useTonPayload(options: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery({ ...getTonPayloadQueryOptions(client), enabled: options.enabled ?? true });
}
