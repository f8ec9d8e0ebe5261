import type { KycDocument, KycStatus } from '@khel/core/contract';
import { verhoeffCheckDigit } from '@khel/core/validation';
import { describe, expect, it } from 'vitest';
import {
  aadhaarDigits,
  cleanAccountInput,
  cleanIfscInput,
  cleanPanInput,
  docState,
  groupAadhaar,
  holderTypeOf,
  isStepLocked,
  liveConfirmError,
  parseRequiredDoc,
  stepToOpen,
  validateAadhaarForm,
  validateBankForm,
  validatePanForm,
} from './kyc-forms.ts';

const doc = (over: Partial<KycDocument>): KycDocument => ({
  docType: 'pan',
  status: 'pending',
  masked: 'XXXXXX234F',
  last4: '234F',
  holderType: 'individual',
  name: 'Arjun Mehta',
  bank: null,
  rejectionReason: null,
  submittedAt: '2026-01-01T10:00:00.000Z',
  decidedAt: null,
  ...over,
});
const status = (over: Partial<KycStatus> = {}): KycStatus => ({
  required: true,
  pan: null,
  aadhaar: null,
  bank: null,
  complete: false,
  nextRequiredDoc: 'pan',
  ...over,
});

const VALID_AADHAAR = `23412341234${verhoeffCheckDigit('23412341234')}`;

describe('steps', () => {
  it('reads requiredDoc (SPEC §2 /kyc?requiredDoc=pan), ignoring case and unknown values', () => {
    expect(parseRequiredDoc('pan')).toBe('pan');
    expect(parseRequiredDoc('AADHAAR')).toBe('aadhaar');
    expect(parseRequiredDoc(' bank ')).toBe('bank');
    expect(parseRequiredDoc('passport')).toBeNull();
    expect(parseRequiredDoc(null)).toBeNull();
  });

  it('opens the asked step, else the next one to do, else PAN', () => {
    expect(stepToOpen('bank', status({ nextRequiredDoc: 'pan' }))).toBe('bank');
    expect(stepToOpen(null, status({ nextRequiredDoc: 'aadhaar' }))).toBe('aadhaar');
    expect(stepToOpen(null, status({ nextRequiredDoc: null, complete: true }))).toBe('pan');
    expect(stepToOpen(null, undefined)).toBe('pan');
  });

  it('a document is not started, pending, verified or rejected; never verified before the provider says so', () => {
    expect(docState(status(), 'pan')).toBe('notStarted');
    expect(docState(status({ pan: doc({}) }), 'pan')).toBe('pending');
    expect(docState(status({ pan: doc({ status: 'verified' }) }), 'pan')).toBe('verified');
    expect(docState(status({ pan: doc({ status: 'rejected' }) }), 'pan')).toBe('rejected');
  });

  it('Aadhaar and bank wait until a PAN is submitted (pending is enough), not after a rejection', () => {
    expect(isStepLocked(status(), 'pan')).toBe(false);
    expect(isStepLocked(status(), 'aadhaar')).toBe(true);
    expect(isStepLocked(status(), 'bank')).toBe(true);
    expect(isStepLocked(status({ pan: doc({}) }), 'bank')).toBe(false);
    expect(isStepLocked(status({ pan: doc({ status: 'rejected' }) }), 'aadhaar')).toBe(true);
  });
});

describe('PAN form', () => {
  it('keeps letters and digits, upper case, 10 at most', () => {
    expect(cleanPanInput('abcpe 1234-f')).toBe('ABCPE1234F');
    expect(cleanPanInput('ABCPE1234FXYZ')).toBe('ABCPE1234F');
  });

  it('shows the holder type from the 4th letter', () => {
    expect(holderTypeOf('ABC')).toBeNull();
    expect(holderTypeOf('ABCP')).toBe('individual');
    expect(holderTypeOf('AAACB1234C')).toBe('company');
    expect(holderTypeOf('ABCX')).toBeNull();
  });

  it('needs the pattern, an individual PAN and a name as on the document', () => {
    expect(validatePanForm('ABCPE1234F', 'Arjun Mehta')).toEqual({});
    expect(validatePanForm('ABCPE1234', 'Arjun Mehta')).toEqual({ pan: 'format' });
    expect(validatePanForm('ABCXE1234F', 'Arjun Mehta')).toEqual({ pan: 'format' });
    expect(validatePanForm('AAACB1234C', 'Arjun Mehta')).toEqual({ pan: 'notIndividual' });
    expect(validatePanForm('ABCPE1234F', 'A')).toEqual({ name: 'name' });
    expect(validatePanForm('ABCPE1234F', 'R2D2')).toEqual({ name: 'name' });
    expect(validatePanForm('', "D'Souza")).toEqual({ pan: 'format' });
  });
});

describe('Aadhaar form', () => {
  it('groups digits 4-4-4 while typing and drops anything else', () => {
    expect(groupAadhaar('2')).toBe('2');
    expect(groupAadhaar('23412')).toBe('2341 2');
    expect(groupAadhaar('2341 2341 2346 99')).toBe('2341 2341 2346');
    expect(groupAadhaar('2341-2341-x')).toBe('2341 2341');
    expect(aadhaarDigits('2341 2341 2346')).toBe('234123412346');
  });

  it('checks 12 digits starting 2–9, the Verhoeff check digit, and consent', () => {
    expect(validateAadhaarForm(groupAadhaar(VALID_AADHAAR), true)).toEqual({});
    expect(validateAadhaarForm('1234 5678 9012', true)).toEqual({ aadhaar: 'format' });
    expect(validateAadhaarForm('2341 2341 23', true)).toEqual({ aadhaar: 'format' });
    const wrongCheck = `${VALID_AADHAAR.slice(0, 11)}${(Number(VALID_AADHAAR[11]) + 1) % 10}`;
    expect(validateAadhaarForm(wrongCheck, true)).toEqual({ aadhaar: 'checksum' });
    expect(validateAadhaarForm(VALID_AADHAAR, false)).toEqual({ consent: 'consent' });
  });
});

describe('bank form', () => {
  const ok = {
    accountNumber: '123456789012',
    confirmAccountNumber: '123456789012',
    ifsc: 'SBIN0001234',
    holderName: 'Arjun Mehta',
  };

  it('cleans what is typed', () => {
    expect(cleanAccountInput('1234 5678-9012')).toBe('123456789012');
    expect(cleanAccountInput('1'.repeat(20))).toBe('1'.repeat(18));
    expect(cleanIfscInput('sbin 0001234')).toBe('SBIN0001234');
  });

  it('SPEC §5: 9 to 18 digits, typed twice; IFSC four letters, a zero, six alphanumerics; a holder name', () => {
    expect(validateBankForm(ok)).toEqual({});
    expect(validateBankForm({ ...ok, accountNumber: '12345678', confirmAccountNumber: '12345678' })).toEqual({
      accountNumber: 'account',
    });
    expect(validateBankForm({ ...ok, confirmAccountNumber: '123456789013' })).toEqual({
      confirm: 'mismatch',
    });
    expect(validateBankForm({ ...ok, ifsc: 'SBIN1001234' })).toEqual({ ifsc: 'ifsc' });
    expect(validateBankForm({ ...ok, ifsc: 'SBI00001234' })).toEqual({ ifsc: 'ifsc' });
    expect(validateBankForm({ ...ok, holderName: '' })).toEqual({ holderName: 'name' });
  });
});

describe('the account number confirmation', () => {
  it('shows a mismatch as you type once the lengths match, not before', () => {
    const account = '123456789012';
    expect(liveConfirmError({ accountNumber: account, confirmAccountNumber: '' })).toBeUndefined();
    expect(liveConfirmError({ accountNumber: account, confirmAccountNumber: '12345' })).toBeUndefined();
    expect(liveConfirmError({ accountNumber: account, confirmAccountNumber: '123456789013' })).toBe(
      'mismatch',
    );
    expect(liveConfirmError({ accountNumber: account, confirmAccountNumber: '1234567890123' })).toBe(
      'mismatch',
    );
    expect(liveConfirmError({ accountNumber: account, confirmAccountNumber: account })).toBeUndefined();
    expect(liveConfirmError({ accountNumber: '', confirmAccountNumber: '123' })).toBeUndefined();
  });
});
