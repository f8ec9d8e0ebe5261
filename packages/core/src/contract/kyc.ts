import { z } from 'zod';
import { AADHAAR_FORMAT_MESSAGE, AADHAAR_PATTERN, isVerhoeffValid } from '../validation/aadhaar.ts';
import { IFSC_MESSAGE, IFSC_PATTERN } from '../validation/bank.ts';
import { isIndividualPan, isValidPan, PAN_FORMAT_MESSAGE } from '../validation/pan.ts';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';

export { AADHAAR_FORMAT_MESSAGE } from '../validation/aadhaar.ts';
export { PAN_FORMAT_MESSAGE, PAN_HOLDER_TYPES, PAN_PATTERN, type PanHolderType } from '../validation/pan.ts';

/**
 * Indian KYC (SPEC §1, §5, §7 KYC paths; DESIGN §5): PAN, Aadhaar and a bank account, each checked by
 * a KYC provider (a sandbox by default). A submission answers 202 with the document `pending`; the
 * provider's decision arrives later and is pushed to an open /kyc page by the verification-check
 * event stream. A format pass is never shown as verified: only the provider's answer makes it so.
 * Full document numbers never come back: only masked forms and the last 4 digits.
 *
 * Answers of the submissions: 202 pending; 400 bad input (format, checksum, non-individual PAN,
 * unknown IFSC); 401 not signed in; 403 KYC_NOT_REQUIRED_MESSAGE outside India; 409 already verified,
 * in progress, used on another account, PAN first, no verified bank to update; 429 too many attempts;
 * 503 no KYC provider configured. (No 422: SPEC §8 reserves it for the wallet-error modal.)
 */

export const KYC_DOC_TYPES = ['pan', 'aadhaar', 'bank'] as const;
export type KycDocType = (typeof KYC_DOC_TYPES)[number];
export const kycDocTypeSchema = lazySchema(() => z.enum(KYC_DOC_TYPES));
export const KYC_DOC_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type KycDocStatus = (typeof KYC_DOC_STATUSES)[number];

export const PAN_NOT_INDIVIDUAL_MESSAGE =
  'Only an individual PAN (4th letter P) can be used to collect earnings.';
export const KYC_NAME_MESSAGE = 'Please enter your name as it appears on the document';
export const AADHAAR_CONSENT_MESSAGE = 'Please agree to share your Aadhaar for verification';
export const KYC_ALREADY_VERIFIED_MESSAGE = 'This document is already verified.';
export const KYC_IN_PROGRESS_MESSAGE = 'A verification is already in progress. Please wait for it to finish.';
export const KYC_DOCUMENT_USED_MESSAGE = 'This document is already verified on another account.';
export const KYC_PAN_FIRST_MESSAGE = 'Please verify your PAN first.';
export const KYC_BANK_NOT_VERIFIED_MESSAGE = 'Verify a bank account before updating it.';
export const KYC_NOT_REQUIRED_MESSAGE = 'KYC is only needed for users in India.';
export const IFSC_UNKNOWN_MESSAGE = 'This IFSC code does not match any bank branch';
export const KYC_RATE_LIMITED_MESSAGE = 'Too many verification attempts. Please try again later.';
export const KYC_UNAVAILABLE_MESSAGE = 'Verification is not available right now. Please try again later.';

/**
 * Why a provider turned a document down (`rejectionReason`). Screens may map these texts to their
 * translations; the keys are stable.
 */
export const BANK_ACCOUNT_NUMBER_MESSAGE = 'Please enter a valid bank account number';

export const KYC_REJECTION_REASONS = {
  panNameMismatch: 'The name does not match the name on the PAN.',
  panNotFound: 'No PAN was found with this number.',
  panNotIndividual: PAN_NOT_INDIVIDUAL_MESSAGE,
  aadhaarNotFound: 'No Aadhaar was found with this number.',
  bankAccountClosed: 'This bank account is closed. Please use another account.',
  bankNameMismatch: 'The account holder name does not match the name on your PAN.',
  bankPanNotVerified: 'Your PAN could not be verified, so the account holder name could not be checked.',
} as const;
export type KycRejectionKey = keyof typeof KYC_REJECTION_REASONS;

const KYC_NAME = /^\p{L}[\p{L}\p{M} .']*$/u;
const KYC_NAME_LENGTH = { min: 2, max: 100 } as const;

/**
 * A name on a document: letters (with their accents and vowel signs), spaces, dots and apostrophes, 2–100
 * characters once trimmed. A plain function, so a form checks it without the schema library.
 */
export function isKycName(name: string): boolean {
  const trimmed = name.trim();
  return (
    trimmed.length >= KYC_NAME_LENGTH.min && trimmed.length <= KYC_NAME_LENGTH.max && KYC_NAME.test(trimmed)
  );
}

export const kycNameSchema = lazySchema(() =>
  z
    .string({ error: KYC_NAME_MESSAGE })
    .trim()
    .min(KYC_NAME_LENGTH.min, { message: KYC_NAME_MESSAGE })
    .max(KYC_NAME_LENGTH.max, { message: KYC_NAME_MESSAGE })
    .regex(KYC_NAME, { message: KYC_NAME_MESSAGE }),
);

export const verifyPanBodySchema = lazySchema(() =>
  z
    .object({
      pan: z
        .string({ error: PAN_FORMAT_MESSAGE })
        .trim()
        .transform((v) => v.toUpperCase())
        .pipe(
          z
            .string()
            .refine(isValidPan, { message: PAN_FORMAT_MESSAGE, abort: true })
            .refine(isIndividualPan, { message: PAN_NOT_INDIVIDUAL_MESSAGE }),
        ),
      name: kycNameSchema,
    })
    .strict(),
);
export type VerifyPanBody = z.input<typeof verifyPanBodySchema>;

export const verifyAadhaarBodySchema = lazySchema(() =>
  z
    .object({
      /** 12 digits, the first 2–9, the last a Verhoeff check digit; spaces as printed on the card (`2341 2341 2346`) are allowed. */
      aadhaar: z
        .string({ error: AADHAAR_FORMAT_MESSAGE })
        .transform((v) => v.replace(/\s+/g, ''))
        .pipe(
          z
            .string()
            .regex(AADHAAR_PATTERN, { message: AADHAAR_FORMAT_MESSAGE, abort: true })
            .refine(isVerhoeffValid, { message: AADHAAR_FORMAT_MESSAGE }),
        ),
      consent: z.literal(true, { error: AADHAAR_CONSENT_MESSAGE }),
    })
    .strict(),
);
export type VerifyAadhaarBody = z.input<typeof verifyAadhaarBodySchema>;

export const verifyBankBodySchema = lazySchema(() =>
  z
    .object({
      /** SPEC §5: 9 to 18 digits. */
      accountNumber: z
        .string({ error: BANK_ACCOUNT_NUMBER_MESSAGE })
        .transform((v) => v.replace(/\s+/g, ''))
        .pipe(z.string().regex(/^\d{9,18}$/, { message: BANK_ACCOUNT_NUMBER_MESSAGE })),
      /** SPEC §5: four letters, a zero, six alphanumerics; the API also looks it up in razorpay's IFSC data. */
      ifsc: z
        .string({ error: IFSC_MESSAGE })
        .trim()
        .transform((v) => v.toUpperCase())
        .pipe(z.string().regex(IFSC_PATTERN, { message: IFSC_MESSAGE })),
      holderName: kycNameSchema,
    })
    .strict(),
);
export type VerifyBankBody = z.input<typeof verifyBankBodySchema>;

/** One document as screens may show it. */
export const kycDocumentSchema = lazySchema(() =>
  z.object({
    docType: kycDocTypeSchema,
    status: z.enum(KYC_DOC_STATUSES),
    /** Masked number, only the last 4 shown: `XXXXXX234F`, `XXXX XXXX 9012`, `XXXXXXXX1234`. */
    masked: z.string(),
    last4: z.string().regex(/^[0-9A-Z]{4}$/),
    /** PAN: the holder type from the 4th letter. */
    holderType: z.string().nullable(),
    /** PAN and bank: the name submitted / returned by the provider. */
    name: z.string().nullable(),
    /**
     * Bank: the IFSC and its bank from razorpay's IFSC data (offline). Branch and city are not in the
     * offline data (razorpay serves them from its online API only), so they are null unless a provider
     * reports them.
     */
    bank: z
      .object({
        ifsc: z.string(),
        bankName: z.string(),
        branch: z.string().nullable(),
        city: z.string().nullable(),
      })
      .nullable(),
    rejectionReason: z.string().nullable(),
    /** The stored reason's code in the catalogue, to translate it by (found when the row is read). */
    rejectionReasonCode: z.string().nullable().optional(),
    submittedAt: z.string(),
    decidedAt: z.string().nullable(),
  }),
);
export type KycDocument = z.infer<typeof kycDocumentSchema>;

/** GET /kyc/status, and each event of the verification-check stream. */
export const kycStatusSchema = lazySchema(() =>
  z.object({
    /** Indian KYC applies (the user is in India); outside India earnings go to the wallet without it. */
    required: z.boolean(),
    pan: kycDocumentSchema.nullable(),
    aadhaar: kycDocumentSchema.nullable(),
    bank: kycDocumentSchema.nullable(),
    /** All three verified by the provider. */
    complete: z.boolean(),
    /** The first document still to do (SPEC /kyc?requiredDoc=pan), or null when complete. */
    nextRequiredDoc: kycDocTypeSchema.nullable(),
  }),
);
export type KycStatus = z.infer<typeof kycStatusSchema>;

export const kycRoutes = {
  kycStatus: defineRoute({
    method: 'GET',
    path: '/kyc/status',
    summary: 'KYC state of the signed-in user: PAN, Aadhaar and bank, masked',
    tag: 'KYC',
    auth: 'bearer',
    response: kycStatusSchema,
  }),
  kycVerifyPan: defineRoute({
    method: 'POST',
    path: '/kyc/verify-pan',
    summary: 'Submit a PAN and the name on it for verification (answers pending)',
    tag: 'KYC',
    auth: 'bearer',
    body: verifyPanBodySchema,
    response: kycDocumentSchema,
    successStatus: 202,
  }),
  kycVerifyAadhaar: defineRoute({
    method: 'POST',
    path: '/kyc/verify-aadhaar',
    summary: 'Submit an Aadhaar number with consent for verification (stored encrypted, last 4 shown)',
    tag: 'KYC',
    auth: 'bearer',
    body: verifyAadhaarBodySchema,
    response: kycDocumentSchema,
    successStatus: 202,
  }),
  kycVerifyBank: defineRoute({
    method: 'POST',
    path: '/kyc/verify-bank',
    summary: 'Submit a bank account and IFSC for verification (name matched with the PAN)',
    tag: 'KYC',
    auth: 'bearer',
    body: verifyBankBodySchema,
    response: kycDocumentSchema,
    successStatus: 202,
  }),
  kycUpdateBank: defineRoute({
    method: 'POST',
    path: '/kyc/update-bank',
    summary: 'Replace the verified bank account with another one (verified again)',
    tag: 'KYC',
    auth: 'bearer',
    body: verifyBankBodySchema,
    response: kycDocumentSchema,
    successStatus: 202,
  }),
  kycVerificationCheck: defineRoute({
    method: 'GET',
    path: '/kyc/verification-check',
    summary: 'Server-sent events: the KYC state now and whenever a verification finishes',
    tag: 'KYC',
    auth: 'bearer',
    response: kycStatusSchema,
    eventStream: true,
  }),
} as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const kycMessages = {
  PAN_NOT_INDIVIDUAL: PAN_NOT_INDIVIDUAL_MESSAGE,
  KYC_NAME: KYC_NAME_MESSAGE,
  AADHAAR_CONSENT: AADHAAR_CONSENT_MESSAGE,
  KYC_ALREADY_VERIFIED: KYC_ALREADY_VERIFIED_MESSAGE,
  KYC_IN_PROGRESS: KYC_IN_PROGRESS_MESSAGE,
  KYC_DOCUMENT_USED: KYC_DOCUMENT_USED_MESSAGE,
  KYC_PAN_FIRST: KYC_PAN_FIRST_MESSAGE,
  KYC_BANK_NOT_VERIFIED: KYC_BANK_NOT_VERIFIED_MESSAGE,
  KYC_NOT_REQUIRED: KYC_NOT_REQUIRED_MESSAGE,
  IFSC_UNKNOWN: IFSC_UNKNOWN_MESSAGE,
  KYC_RATE_LIMITED: KYC_RATE_LIMITED_MESSAGE,
  KYC_UNAVAILABLE: KYC_UNAVAILABLE_MESSAGE,
  BANK_ACCOUNT_NUMBER: BANK_ACCOUNT_NUMBER_MESSAGE,
  KYC_PAN_NAME_MISMATCH: KYC_REJECTION_REASONS.panNameMismatch,
  KYC_PAN_NOT_FOUND: KYC_REJECTION_REASONS.panNotFound,
  KYC_AADHAAR_NOT_FOUND: KYC_REJECTION_REASONS.aadhaarNotFound,
  KYC_BANK_ACCOUNT_CLOSED: KYC_REJECTION_REASONS.bankAccountClosed,
  KYC_BANK_NAME_MISMATCH: KYC_REJECTION_REASONS.bankNameMismatch,
  KYC_BANK_PAN_NOT_VERIFIED: KYC_REJECTION_REASONS.bankPanNotVerified,
} as const;
