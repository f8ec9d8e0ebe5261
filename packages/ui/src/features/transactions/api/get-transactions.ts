import type { ApiClient } from '@khel/core/client';
import {
  TRANSACTIONS_DEFAULT_LIMIT,
  type TransactionsPage,
  type TransactionType,
  transactionRoutes,
} from '@khel/core/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { transactionsQueryKey } from '../../../api/money-keys.ts';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export { transactionsQueryKey };

/** GET /transactions: one page of the history, newest first, optionally of one SPEC §7 type. */
export async function getTransactions(
  client: ApiClient,
  query: { type?: TransactionType; page?: number; before?: string; limit?: number },
  signal?: AbortSignal,
): Promise<TransactionsPage> {
  return unwrap(
    await client.request(transactionRoutes.transactions, {
      query: { limit: TRANSACTIONS_DEFAULT_LIMIT, ...query },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function transactionsQueryOptions(client: ApiClient, type: TransactionType | null) {
  return infiniteQueryOptions({
    queryKey: [...transactionsQueryKey, type ?? 'all'] as const,
    queryFn: ({ pageParam, signal }) =>
      getTransactions(
        client,
        { ...(type ? { type } : {}), ...(pageParam ? { before: pageParam } : {}) },
        signal,
      ),
    initialPageParam: null as string | null,
    // SPEC §7 list state: the last page says so; the next one starts after the last line shown (keyset).
    getNextPageParam: (last) => (last.isLastCard ? undefined : last.nextCursor),
  });
}

/** The history of one type (null: all), a page at a time ("Load more" asks the next). */
export function useTransactions(type: TransactionType | null) {
  const { client } = useApi();
  return useInfiniteQuery(transactionsQueryOptions(client, type));
}
