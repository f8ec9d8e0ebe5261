import {
  type ApiClient,
  connectEventStream,
  type EventStreamConnection,
  type EventStreamFetch,
  type EventStreamState,
} from '@khel/core/client';
import { type KycStatus, kycRoutes, kycStatusSchema } from '@khel/core/contract';
import type { SessionStore } from '@khel/core/session';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '../../../providers/api-context.ts';
import { kycStatusQueryKey } from './get-kyc-status.ts';

export interface KycStatusStreamOptions {
  client: Pick<ApiClient, 'baseUrl' | 'source' | 'refresh'>;
  session: Pick<SessionStore, 'getAccessToken'>;
  onStatus: (status: KycStatus) => void;
  onStateChange?: (state: EventStreamState) => void;
  fetch?: EventStreamFetch;
  minDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * GET /kyc/verification-check: server-sent events with the bearer token (SPEC §7), each event's data
 * the whole KYC status. Reconnects with backoff; a 401 refreshes the session once. Events that are
 * not a KYC status (keep-alives, other names) are ignored.
 */
export function subscribeKycStatus(options: KycStatusStreamOptions): EventStreamConnection {
  const { client, session } = options;
  return connectEventStream({
    url: `${client.baseUrl}${kycRoutes.kycVerificationCheck.path}`,
    headers: () => {
      const token = session.getAccessToken();
      return { Source: client.source, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    },
    onUnauthorized: async () => (await client.refresh()) !== null,
    onEvent: (event) => {
      let json: unknown;
      try {
        json = JSON.parse(event.data);
      } catch {
        return;
      }
      const parsed = kycStatusSchema.safeParse(json);
      if (parsed.success) options.onStatus(parsed.data);
    },
    ...(options.onStateChange ? { onStateChange: options.onStateChange } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.minDelayMs !== undefined ? { minDelayMs: options.minDelayMs } : {}),
    ...(options.maxDelayMs !== undefined ? { maxDelayMs: options.maxDelayMs } : {}),
  });
}

/**
 * Keeps the cached KYC status live while the screen is open: every event of the verification-check
 * stream replaces it. Returns the stream's state, so the screen can poll GET /kyc/status while the
 * stream is not open.
 */
export function useKycStatusStream(enabled: boolean): EventStreamState {
  const { client, session } = useApi();
  const queryClient = useQueryClient();
  const [state, setState] = useState<EventStreamState>('connecting');
  useEffect(() => {
    if (!enabled) return;
    const connection = subscribeKycStatus({
      client,
      session,
      onStatus: (status) => queryClient.setQueryData(kycStatusQueryKey, status),
      onStateChange: setState,
    });
    return () => connection.close();
  }, [enabled, client, session, queryClient]);
  return state;
}
