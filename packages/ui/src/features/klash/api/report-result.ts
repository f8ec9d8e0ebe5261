import type { ApiClient } from '@khel/core/client';
import { type KlashReport, klashRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateKlash } from './klash-keys.ts';

/** POST /klash/matches/:matchId/report: won or lost for the reader's side. */
export async function reportResult(client: ApiClient, matchId: string, result: KlashReport) {
  return unwrap(await client.request(klashRoutes.klashReport, { params: { matchId }, body: { result } }));
}

export function useReportResult() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, result }: { matchId: string; result: KlashReport }) =>
      reportResult(client, matchId, result),
    onSuccess: () => invalidateKlash(queryClient),
  });
}
