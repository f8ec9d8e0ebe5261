import { isKycName, KYC_DOC_TYPES, type KycDocType, type KycStatus } from '@khel/core/contract';
import {
  AADHAAR_PATTERN,
  isValidBankAccount,
  isValidIfsc,
  isValidPan,
  isVerhoeffValid,
  type PanHolderType,
  panHolderType,
} from '@khel/core/validation';

/** `requiredDoc` from the address (SPEC §2 `/kyc?requiredDoc=pan`), or null when absent or unknown. */
export function parseRequiredDoc(value: string | null): KycDocType | null {
  const v = value?.trim().toLowerCase() ?? '';
  return (KYC_DOC_TYPES as readonly string[]).includes(v) ? (v as KycDocType) : null;
}

/** The step to open: the one the address asks for, else the first still to do, else PAN. */
export function stepToOpen(requested: KycDocType | null, status: KycStatus | undefined): KycDocType {
  return requested ?? status?.nextRequiredDoc ?? 'pan';
}

export type DocState = 'notStarted' | 'pending' | 'verified' | 'rejected';

export function docState(status: KycStatus | undefined, doc: KycDocType): DocState {
  const d = status?.[doc];
  if (!d) return 'notStarted';
  return d.status;
}

/** Aadhaar and bank wait for a PAN that is at least submitted (the API checks the name against it). */
export function isStepLocked(status: KycStatus | undefined, doc: KycDocType): boolean {
  if (doc === 'pan') return false;
  const pan = docState(status, 'pan');
  return pan === 'notStarted' || pan === 'rejected';
}

// ---------- PAN ----------

/** What the PAN field keeps of what was typed: letters and digits, upper case, at most 10. */
export function cleanPanInput(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 10);
}

/** The holder type once the 4th letter is typed (P individual, C company…), null before or when unknown. */
export function holderTypeOf(pan: string): PanHolderType | null {
  return pan.length >= 4 ? panHolderType(pan) : null;
}

/** Which message each field shows (keys of `kyc.pan.errors`). */
export interface PanErrors {
  pan?: 'format' | 'notIndividual';
  name?: 'name';
}

export function validatePanForm(pan: string, name: string): PanErrors {
  const errors: PanErrors = {};
  if (!isValidPan(pan)) errors.pan = 'format';
  else if (panHolderType(pan) !== 'individual') errors.pan = 'notIndividual';
  if (!isValidKycName(name)) errors.name = 'name';
  return errors;
}

/** Letters, spaces, dots and apostrophes, 2–100 characters (the contract's rule). */
export const isValidKycName = (name: string): boolean => isKycName(name);

// ---------- Aadhaar ----------

/** The digits of the Aadhaar field, at most 12. */
export function aadhaarDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 12);
}

/** Grouped 4-4-4 as printed on the card, while typing: `2345 6789 01`. */
export function groupAadhaar(value: string): string {
  return (aadhaarDigits(value).match(/\d{1,4}/g) ?? []).join(' ');
}

/** Which message each field shows (keys of `kyc.aadhaar.errors`). */
export interface AadhaarErrors {
  /** `format`: not 12 digits starting 2–9; `checksum`: the Verhoeff check digit is wrong. */
  aadhaar?: 'format' | 'checksum';
  consent?: 'consent';
}

export function validateAadhaarForm(value: string, consent: boolean): AadhaarErrors {
  const errors: AadhaarErrors = {};
  const digits = value.replace(/\s+/g, '');
  if (!AADHAAR_PATTERN.test(digits)) errors.aadhaar = 'format';
  else if (!isVerhoeffValid(digits)) errors.aadhaar = 'checksum';
  if (!consent) errors.consent = 'consent';
  return errors;
}

// ---------- Bank ----------

/** Account numbers are digits; spaces and dashes copied from a passbook are dropped. At most 18. */
export function cleanAccountInput(value: string): string {
  return value.replace(/[\s-]/g, '').slice(0, 18);
}

/** IFSC: letters and digits, upper case, 11 characters. */
export function cleanIfscInput(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 11);
}

/** Which message each field shows (keys of `kyc.bank.errors`). */
export interface BankErrors {
  accountNumber?: 'account';
  confirm?: 'mismatch';
  ifsc?: 'ifsc';
  holderName?: 'name';
}

/**
 * The confirmation's mismatch as the user types: shown once the confirmation is as long as the
 * account number (or longer), so half-typed input is not called wrong.
 */
export function liveConfirmError(form: {
  accountNumber: string;
  confirmAccountNumber: string;
}): 'mismatch' | undefined {
  const { accountNumber, confirmAccountNumber } = form;
  if (accountNumber === '' || confirmAccountNumber.length < accountNumber.length) return undefined;
  return confirmAccountNumber === accountNumber ? undefined : 'mismatch';
}

export function validateBankForm(form: {
  accountNumber: string;
  confirmAccountNumber: string;
  ifsc: string;
  holderName: string;
}): BankErrors {
  const errors: BankErrors = {};
  if (!isValidBankAccount(form.accountNumber)) errors.accountNumber = 'account';
  else if (form.confirmAccountNumber !== form.accountNumber) errors.confirm = 'mismatch';
  if (!isValidIfsc(form.ifsc)) errors.ifsc = 'ifsc';
  if (!isValidKycName(form.holderName)) errors.holderName = 'name';
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;
