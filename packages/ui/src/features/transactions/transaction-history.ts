// Entry of /transaction-history/ (its own chunk).
export { TransactionHistoryScreen } from './components/transaction-history-screen.tsx';
