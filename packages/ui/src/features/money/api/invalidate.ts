import type { QueryClient } from '@tanstack/react-query';
import { balanceQueryKey } from '../../../api/get-balance.ts';
import { storeItemsQueryKey } from './get-store-items.ts';
import { transactionsQueryKey } from './get-transactions.ts';

/** After money moved: balances, history and stock are asked again when next shown. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
    queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
    queryClient.invalidateQueries({ queryKey: storeItemsQueryKey }),
  ]).then(() => undefined);
}
