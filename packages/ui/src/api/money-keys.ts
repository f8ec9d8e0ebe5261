import type { QueryClient } from '@tanstack/react-query';
import { balanceQueryKey } from './get-balance.ts';

/** The K-Store catalogue (store), asked again after every move of money (stock and prices). */
export const storeItemsQueryKey = ['k-store', 'items'] as const;
/** Every page of the history (transactions). */
export const transactionsQueryKey = ['transactions'] as const;

/** The user's XP and level (progression): every gain that moves money may give XP too. */
export const progressionQueryKey = ['progression'] as const;

/** After money moved (payments, store, rewards): balances, history, stock and XP are asked again when next shown. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
    queryClient.invalidateQueries({ queryKey: transactionsQueryKey }),
    queryClient.invalidateQueries({ queryKey: storeItemsQueryKey }),
    queryClient.invalidateQueries({ queryKey: progressionQueryKey, exact: true }),
  ]).then(() => undefined);
}
