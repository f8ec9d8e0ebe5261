import {
  AADHAAR_CONSENT_MESSAGE,
  AADHAAR_FORMAT_MESSAGE,
  KYC_NAME_MESSAGE,
  PAN_FORMAT_MESSAGE,
  PAN_NOT_INDIVIDUAL_MESSAGE,
} from '@khel/core/contract';
import { BANK_ACCOUNT_MESSAGE, IFSC_MESSAGE } from '@khel/core/validation';
import type { TranslationShape } from './en.ts';

/**
 * English texts of the KYC part (/kyc: PAN, Aadhaar and bank account): the reference the other
 * languages match key for key. Loaded with the screen (see text-parts.ts). Form errors quote the
 * shared validation messages exactly, so a message the API sends reads the same.
 */
export const kycEn = {
  title: 'Identity verification',
  intro:
    'To collect earnings in India we verify your PAN, Aadhaar and bank account with our verification partner. It takes three short steps.',
  loading: 'Loading your verification…',
  steps: {
    label: 'Verification steps',
    pan: 'PAN',
    aadhaar: 'Aadhaar',
    bank: 'Bank account',
  },
  stepOf: 'Step {{n}} of 3',
  status: {
    notStarted: 'Not started',
    pending: 'Verifying…',
    verified: 'Verified',
    rejected: 'Rejected',
  },
  pending: {
    title: 'Verifying…',
    body: 'Our verification partner is checking your details. This page updates by itself as soon as they decide; you can also leave and come back later.',
    reconnecting: 'Reconnecting for live updates…',
  },
  rejected: {
    title: 'We could not verify this',
    reason: 'Reason: {{reason}}',
    noReason: 'The verification partner did not accept these details.',
    retry: 'Try again',
  },
  verified: {
    title: 'Verified',
    justNow: '{{doc}} verified.',
    justRejected: '{{doc}} could not be verified.',
    continue: 'Continue to {{doc}}',
  },
  locked: {
    body: 'Start with your PAN: the name on your other documents is checked against it.',
    goToPan: 'Go to PAN',
  },
  complete: {
    title: 'You are verified',
    body: 'Your PAN, Aadhaar and bank account are verified. You can collect your earnings now.',
    cta: 'Collect earnings',
  },
  notRequired: {
    title: 'No KYC needed',
    body: 'Identity verification is only needed for users in India. Your earnings are collected straight to your K-Cash wallet.',
    cta: 'Collect earnings',
  },
  details: {
    number: 'Number',
    name: 'Name',
    holderType: 'Holder type',
    bank: 'Bank',
    ifsc: 'IFSC',
    submitted: 'Submitted',
  },
  pan: {
    title: 'PAN card',
    hint: 'Your Permanent Account Number, exactly as printed on your PAN card.',
    number: 'PAN',
    numberHint: 'Ten characters, for example ABCPE1234F',
    holderType: 'Holder type: {{type}}',
    unknownHolderType: 'The 4th letter does not match any PAN holder type.',
    name: 'Name as on PAN',
    submit: 'Verify PAN',
    holderTypes: {
      individual: 'Individual',
      company: 'Company',
      huf: 'Hindu undivided family',
      firm: 'Firm',
      aop: 'Association of persons',
      trust: 'Trust',
      boi: 'Body of individuals',
      local_authority: 'Local authority',
      artificial_juridical_person: 'Artificial juridical person',
      government: 'Government',
    },
    errors: {
      format: PAN_FORMAT_MESSAGE,
      notIndividual: PAN_NOT_INDIVIDUAL_MESSAGE,
      name: KYC_NAME_MESSAGE,
    },
  },
  aadhaar: {
    title: 'Aadhaar',
    hint: 'Your 12-digit Aadhaar number. It is stored encrypted and we only ever show its last 4 digits.',
    number: 'Aadhaar number',
    consent:
      'I agree to share my Aadhaar number with Khel’s verification partner to verify my identity (KYC).',
    policies:
      'How we store and protect your Aadhaar: see our <privacy>Privacy policy</privacy> and our <aml>AML & KYC policy</aml>.',
    submit: 'Verify Aadhaar',
    errors: {
      format: AADHAAR_FORMAT_MESSAGE,
      checksum: 'This is not a valid Aadhaar number. Please check the digits.',
      consent: AADHAAR_CONSENT_MESSAGE,
    },
  },
  bank: {
    title: 'Bank account',
    hint: 'Your earnings are paid into this account. The account holder’s name must match your PAN.',
    accountNumber: 'Account number',
    confirmAccountNumber: 'Confirm account number',
    ifsc: 'IFSC',
    ifscHint: 'Four letters, a zero, then six letters or digits, e.g. SBIN0001234',
    holderName: 'Account holder name',
    submit: 'Verify bank account',
    update: 'Update bank account',
    updateTitle: 'New bank account',
    updateHint: 'The new account is verified again before payouts go to it.',
    updateSubmit: 'Verify new account',
    cancel: 'Cancel',
    branch: '{{bank}}, {{branch}}',
    errors: {
      account: BANK_ACCOUNT_MESSAGE,
      mismatch: 'The account numbers do not match',
      ifsc: IFSC_MESSAGE,
      name: KYC_NAME_MESSAGE,
    },
  },
};

export type KycTranslation = TranslationShape<typeof kycEn>;
