/**
 * Earnings (SPEC §3, DESIGN §5): grant (quests, campaigns and clans call grantEarning), expiry,
 * collecting with Indian TDS, and the views the routes return. Payouts live in ../payouts.
 */
export {
  type CollectInput,
  collectEarnings,
  isCollectable,
  OPENING_BALANCE_PAISE,
  rule133TotalsOf,
  taxInfo,
} from './collect.ts';
export {
  EARNING_EXPIRY_JOB,
  EarningGrantKeyReusedError,
  earningsAggregate,
  earningView,
  earningViews,
  expireDueEarnings,
  expireEarningJob,
  type GrantEarningInput,
  type GrantEarningResult,
  grantEarning,
  listEarnings,
} from './earnings.ts';
