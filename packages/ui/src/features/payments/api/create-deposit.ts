import type { ApiClient } from '@khel/core/client';
import { type OnrampCurrency, paymentRoutes, type RouteResponse } from '@khel/core/contract';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export type DepositCreated = RouteResponse<typeof paymentRoutes.onrampDeposit>;

/** POST /onramp/deposit: starts buying K-Cash; the answer holds the provider's checkout URL. */
export async function createDeposit(
  client: ApiClient,
  body: { amount: string; currency: OnrampCurrency },
): Promise<DepositCreated> {
  return unwrap(await client.request(paymentRoutes.onrampDeposit, { body }));
}

export function useCreateDeposit() {
  const { client } = useApi();
  return useMutation({
    mutationFn: (body: { amount: string; currency: OnrampCurrency }) => createDeposit(client, body),
  });
}
