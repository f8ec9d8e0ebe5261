import type { ApiClient } from '@khel/core/client';
import { type KlashRegisterBody, type KlashRegistration, klashRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { balanceQueryKey } from '../../../api/get-balance.ts';
import { unwrap } from '../../../lib/api-result.ts';
import { withConflictRetry } from '../../../lib/intent.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateKlash } from './klash-keys.ts';

/**
 * POST /klash/tournaments/:tournamentId/registration with the attempt's Idempotency-Key: the entry fee
 * is taken once however often the request is sent again.
 */
export async function registerForTournament(
  client: ApiClient,
  tournamentId: string,
  body: KlashRegisterBody,
  idempotencyKey: string,
): Promise<KlashRegistration> {
  return withConflictRetry(async () =>
    unwrap(
      await client.request(klashRoutes.klashRegister, { params: { tournamentId }, body, idempotencyKey }),
    ),
  );
}

export function useRegisterForTournament(tournamentId: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: KlashRegisterBody; idempotencyKey: string }) =>
      registerForTournament(client, tournamentId, body, idempotencyKey),
    onSuccess: async () => {
      await Promise.all([
        invalidateKlash(queryClient),
        queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
      ]);
    },
  });
}
