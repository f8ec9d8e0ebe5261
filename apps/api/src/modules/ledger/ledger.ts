/**
 * The double-entry ledger (DESIGN §5). Every balance change is a transfer posted in the caller's
 * transaction with an idempotency key; the database refuses edits, deletions and overdrafts.
 */
export {
  type AccountRef,
  balances,
  ensureLedgerAccountsHook,
  ensureUserAccounts,
  lockAccounts,
  systemAccount,
  systemAccountBalance,
  type UserBalances,
  userAccount,
} from './accounts.ts';
export {
  AMOUNT_TOO_LARGE_MESSAGE,
  AmountTooLargeError,
  InsufficientFundsError,
  insufficientFundsMessage,
  LEDGER_KEY_REUSED_MESSAGE,
  LedgerUsageError,
  payableOnlyIn,
  TransferKeyReusedError,
} from './errors.ts';
export {
  fundRewardsPool,
  type RewardsPoolMove,
  returnRewardsPool,
  rewardsPoolReturn,
} from './pool.ts';
export {
  type KcashSpendInput,
  type KcashSpendResult,
  spendKcash,
  type TransferInput,
  type TransferManyResult,
  type TransferResult,
  transfer,
  transferMany,
} from './transfer.ts';
export { type LedgerReport, verifyLedger } from './verify.ts';
