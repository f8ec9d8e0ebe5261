import type { TranslationShape } from './en.ts';

/**
 * English texts of the transaction-history part. `label` holds one text per ledger transfer kind and
 * direction, under the keys the API sends as `labelKey` (`transactions.label.<kind>.<in|out>`, see
 * labelOf in apps/api/src/services/transactions.ts), with its `labelParams`: `currency`, and `item`
 * (the item name, with its quantity when more than one; built by the screen).
 */
export const transactionsEn = {
  title: 'Transaction history',
  tabsLabel: 'Type of transaction',
  tabs: {
    all: 'All',
    onramp: 'Buy & swap',
    shop: 'Store',
    'meta-txn': 'Rewards & other',
    redeem: 'Earnings',
  },
  loadMore: 'Load more',
  balanceAfter: 'Balance after: {{amount}}',
  balances: {
    usdt: 'USDT',
    kcashBought: 'Bought K-Cash',
    kcashEarned: 'Earned K-Cash',
    rkhel: 'rKHEL',
    kpoints: 'K-Points',
  },
  viewReceipt: 'View receipt',
  aStoreItem: 'a store item',
  itemWithQuantity: '{{quantity}} × {{itemName}}',
  credit: 'Credit',
  debit: 'Debit',
  label: {
    devGrant: { in: 'Test credit of {{currency}}', out: 'Test debit of {{currency}}' },
    onrampDeposit: { in: 'Bought {{currency}}', out: 'Deposit of {{currency}} reversed' },
    swap: { in: 'Swapped into {{currency}}', out: 'Swapped {{currency}}' },
    storePurchase: { in: 'Store sale: {{item}}', out: 'Bought {{item}} in the K-Store' },
    storeRefund: { in: 'Refund for {{item}}', out: 'Refund for {{item}}' },
    earningCredit: { in: 'Earning credited', out: 'Earning reversed' },
    earningCollect: {
      in: 'Earnings collected',
      inTitled: 'Earning collected: {{earningTitle}}',
      out: 'Earnings collected',
    },
    taxWithholding: { in: 'Tax refunded', out: 'Tax withheld (TDS)' },
    earningGrant: { in: 'Earning granted', out: 'Earning granted' },
    earningExpiry: { in: 'Earning expired', out: 'Earning expired' },
    taxReversal: { in: 'Tax withheld returned', out: 'Tax reversal' },
    payout: { in: 'Payout received', out: 'Payout to your bank account' },
    payoutReversal: { in: 'Failed payout returned', out: 'Payout reversal' },
    depositRefund: { in: 'Deposit refunded', out: 'Deposit refunded' },
    fee: { in: 'Fee refunded', out: 'Fee' },
    rounding: { in: 'Rounding adjustment', out: 'Rounding adjustment' },
    reward: { in: 'Reward', out: 'Reward reversed' },
    poolFunding: { in: 'Pool funding', out: 'Pool funding' },
    shardRebalance: { in: 'Internal transfer', out: 'Internal transfer' },
    starsPayment: { in: 'Bought {{currency}} with Telegram Stars', out: 'Telegram Stars payment' },
    starsRefund: { in: 'Telegram Stars refund', out: '{{currency}} bought with Stars refunded' },
    streakFreeze: { in: 'Streak freeze refunded', out: 'Streak freeze bought' },
    tonDeposit: { in: 'Bought with TON', out: 'TON payment reversed' },
    tonWithdrawal: { in: 'TON withdrawal returned', out: 'Sent to your TON wallet' },
    adjustment: { in: 'Balance adjustment', out: 'Balance adjustment' },
  },
};

export type TransactionsTranslation = TranslationShape<typeof transactionsEn>;
