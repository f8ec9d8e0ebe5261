import { KYC_REQUIRED_MESSAGE } from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import type { TranslationShape } from './en.ts';

/**
 * English texts of the earnings part (/collect-earnings): the reference the other languages match
 * key for key. Loaded with the screen (see text-parts.ts). SPEC §3 statuses and §8 texts are quoted
 * exactly.
 */
export const earningsEn = {
  title: 'Collect earnings',
  intro: 'Earnings from quests, campaigns and your clan. Collect them before they expire.',
  loading: 'Loading your earnings…',
  kcash: '{{amount}} K-Cash',
  /** SPEC §6: only POG minters get earnings boosts; an earning that got one says so. */
  boosted: 'POG boost +{{percent}}% (was {{base}} K-Cash)',
  summary: {
    label: 'Your earnings at a glance',
    readyToCollect: 'Ready to collect',
    distributing: 'On its way to you',
    collected: 'Collected',
    failed: 'Failed',
    expired: 'Expired',
    count: 'Earnings: {{count, number}}',
  },
  /** SPEC §3 display statuses. */
  status: {
    READY_TO_COLLECT: 'Ready to collect',
    COLLECTED: 'Collected',
    EXPIRED: 'Expired',
    DISTRIBUTING: 'On its way to you',
    FAILED: 'Failed',
  },
  filter: {
    label: 'Show earnings',
    all: 'All',
  },
  list: {
    title: 'History',
    earnedOn: 'Earned {{date}}',
    expiresOn: 'Collect by {{date}}',
    collectedOn: 'Collected {{date}}',
    failedReason: 'Last attempt failed: {{reason}}',
    loadMore: 'Show more',
  },
  actions: {
    collect: 'Collect',
    collectAgain: 'Collect again',
    collectAll: 'Collect all',
  },
  confirm: {
    title: 'Collect your earnings',
    loading: 'Working out what you receive…',
    earnings: 'Earnings',
    count: 'Earnings included: {{count, number}}',
    inRupees: 'Value in rupees',
    tds: 'TDS {{rate}}% (Section 194BA)',
    net: 'You receive',
    destination: 'Paid to',
    bank: '{{bank}} ••••{{last4}}',
    bankAccount: 'Bank account ••••{{last4}}',
    wallet: 'Your K-Cash wallet',
    verifiedBank: 'Your verified bank account',
    bankAfterKyc: 'The bank account you verify in KYC',
    tdsNote:
      'Income tax (TDS) of {{rate}}% on net winnings is withheld under Section 194BA of the Income-tax Act and deposited against your PAN. Financial year {{year}}.',
    exempt:
      'No TDS this time: your net winnings this month ({{month}}) are within the {{limit}} monthly exemption.',
    walletNote: 'Collected K-Cash is added to your wallet at once.',
    nothing: 'There is nothing ready to collect.',
    kycIncomplete: KYC_REQUIRED_MESSAGE,
    kycCta: 'Continue verification',
    confirm: 'Confirm and collect',
    cancel: 'Cancel',
  },
  progress: {
    title: 'Processing your payment…',
    body: 'Sending {{amount}} to {{destination}}.',
    slow: MESSAGES.paymentSlow,
  },
  receipt: {
    title: 'Collected!',
    wallet: '{{amount}} added to your K-Cash wallet.',
    bank: '{{amount}} paid to {{destination}}.',
    reference: 'Reference',
    done: 'Done',
  },
  failed: {
    title: MESSAGES.paymentFailed,
    reason: 'Reason: {{reason}}',
    retry: 'Try again',
  },
  close: 'Close',
};

export type EarningsTranslation = TranslationShape<typeof earningsEn>;
