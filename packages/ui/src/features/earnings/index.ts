export { collectEarnings } from './api/collect-earnings.ts';
export {
  type EarningDisplayStatus,
  earningsListQueryKey,
  earningsRootKey,
  getEarnings,
  useEarnings,
} from './api/get-earnings.ts';
export {
  earningsAggregateQueryKey,
  getEarningsAggregate,
  useEarningsAggregate,
} from './api/get-earnings-aggregate.ts';
export { getPayout, payoutQueryKey, usePayout } from './api/get-payout.ts';
export { getTaxInfo, taxInfoQueryKey, useTaxInfo } from './api/get-tax-info.ts';
export {
  CollectEarningsScreen,
  type CollectEarningsScreenProps,
  type EarningsPrimaryAction,
} from './components/collect-earnings-screen.tsx';
