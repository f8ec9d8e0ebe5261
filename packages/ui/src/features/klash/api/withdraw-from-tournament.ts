import type { ApiClient } from '@khel/core/client';
import { type KlashRegistration, klashRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balanceQueryKey } from '../../../api/get-balance.ts';
import { unwrap } from '../../../lib/api-result.ts';
import { withConflictRetry } from '../../../lib/intent.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateKlash } from './klash-keys.ts';

/** DELETE /klash/tournaments/:tournamentId/registration: the fee comes back once (Idempotency-Key). */
export async function withdrawFromTournament(
  client: ApiClient,
  tournamentId: string,
  idempotencyKey: string,
): Promise<KlashRegistration> {
  return withConflictRetry(async () =>
    unwrap(await client.request(klashRoutes.klashWithdraw, { params: { tournamentId }, idempotencyKey })),
  );
}

export function useWithdrawFromTournament(tournamentId: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => withdrawFromTournament(client, tournamentId, idempotencyKey),
    onSuccess: async () => {
      await Promise.all([
        invalidateKlash(queryClient),
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
      ]);
    },
  });
}
