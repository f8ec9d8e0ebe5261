// @khel/ui/transactions: the transaction history and its request.
export { labelKeysOf, labelParamsOf } from '../../lib/transaction-label.ts';
export { getTransactions, transactionsQueryKey, useTransactions } from './api/get-transactions.ts';
export { TransactionHistoryScreen } from './components/transaction-history-screen.tsx';
