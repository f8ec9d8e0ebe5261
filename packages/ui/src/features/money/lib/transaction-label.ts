// Forwarding only: apps/api's transactions-labels test reads the history labels here. The code is in
// lib/transaction-label.ts since features/money was split (payments, store, transactions); delete this
// file once that test imports packages/ui/src/lib/transaction-label.ts.
export { labelKeysOf, labelParamsOf } from '../../../lib/transaction-label.ts';
