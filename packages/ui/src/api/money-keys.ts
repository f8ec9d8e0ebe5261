import type { QueryClient } from '@tanstack/react-query';
import { balanceQueryKey } from './get-balance.ts';

/** The K-Store catalogue (store), asked again after every move of money (stock and prices). */
export const storeItemsQueryKey = ['k-store', 'items'] as const;
/** Every page of the history (transactions). */
export const transactionsQueryKey = ['transactions'] as const;

/** After money moved (payments, store): balances, history and stock are asked again when next shown. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
    queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
    queryClient.invalidateQueries({ queryKey: storeItemsQueryKey }),
  ]).then(() => undefined);
}
