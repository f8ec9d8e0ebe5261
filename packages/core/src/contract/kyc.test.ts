import { describe, expect, it } from 'vitest';
import { verhoeffCheckDigit } from '../validation/aadhaar.ts';
import {
  AADHAAR_CONSENT_MESSAGE,
  AADHAAR_FORMAT_MESSAGE,
  KYC_NAME_MESSAGE,
  KYC_REJECTION_REASONS,
  kycDocumentSchema,
  PAN_FORMAT_MESSAGE,
  PAN_NOT_INDIVIDUAL_MESSAGE,
  verifyAadhaarBodySchema,
  verifyBankBodySchema,
  verifyPanBodySchema,
} from './kyc.ts';

const firstMessage = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('KYC contract schemas', () => {
  it('PAN: trimmed and upper-cased; format first, then individual only', () => {
    expect(verifyPanBodySchema.parse({ pan: ' abcpe1234f ', name: ' Ravi Kumar ' })).toEqual({
      pan: 'ABCPE1234F',
      name: 'Ravi Kumar',
    });
    expect(firstMessage(verifyPanBodySchema.safeParse({ pan: 'ABCPE1234', name: 'Ravi' }))).toBe(
      PAN_FORMAT_MESSAGE,
    );
    expect(firstMessage(verifyPanBodySchema.safeParse({ pan: 'ABCXE1234F', name: 'Ravi' }))).toBe(
      PAN_FORMAT_MESSAGE,
    );
    const company = verifyPanBodySchema.safeParse({ pan: 'ABCCE1234F', name: 'Ravi' });
    expect(company.error?.issues.map((i) => i.message)).toEqual([PAN_NOT_INDIVIDUAL_MESSAGE]);
    expect(firstMessage(verifyPanBodySchema.safeParse({ pan: 'ABCPE1234F', name: 'R2D2' }))).toBe(
      KYC_NAME_MESSAGE,
    );
    expect(verifyPanBodySchema.safeParse({ pan: 'ABCPE1234F', name: 'Ravi', extra: 1 }).success).toBe(false);
  });

  it('Aadhaar: spaces allowed, 12 digits from 2, Verhoeff check digit, consent required', () => {
    const body = '23412341234';
    const valid = `${body}${verhoeffCheckDigit(body)}`;
    expect(verifyAadhaarBodySchema.parse({ aadhaar: '2341 2341 2346', consent: true })).toEqual({
      aadhaar: '234123412346',
      consent: true,
    });
    expect(valid).toBe('234123412346');
    const wrong = verifyAadhaarBodySchema.safeParse({ aadhaar: '2341 2341 2345', consent: true });
    expect(wrong.error?.issues.map((i) => i.message)).toEqual([AADHAAR_FORMAT_MESSAGE]);
    expect(firstMessage(verifyAadhaarBodySchema.safeParse({ aadhaar: '12345', consent: true }))).toBe(
      AADHAAR_FORMAT_MESSAGE,
    );
    expect(firstMessage(verifyAadhaarBodySchema.safeParse({ aadhaar: valid, consent: false }))).toBe(
      AADHAAR_CONSENT_MESSAGE,
    );
  });

  it('bank: spaces in the account number are dropped, the IFSC upper-cased', () => {
    expect(
      verifyBankBodySchema.parse({
        accountNumber: '1234 5678 9012',
        ifsc: 'sbin0000691',
        holderName: 'Ravi Kumar',
      }),
    ).toEqual({ accountNumber: '123456789012', ifsc: 'SBIN0000691', holderName: 'Ravi Kumar' });
    expect(
      verifyBankBodySchema.safeParse({ accountNumber: '12345678', ifsc: 'SBIN0000691', holderName: 'Ravi' })
        .success,
    ).toBe(false);
  });

  it('a document shows only masked forms; branch and city may be unknown', () => {
    const doc = {
      docType: 'bank',
      status: 'pending',
      masked: 'XXXXXXXX9012',
      last4: '9012',
      holderType: null,
      name: 'Ravi Kumar',
      bank: { ifsc: 'SBIN0000691', bankName: 'State Bank of India', branch: null, city: null },
      rejectionReason: null,
      submittedAt: new Date(0).toISOString(),
      decidedAt: null,
    };
    expect(kycDocumentSchema.parse(doc)).toEqual(doc);
    expect(kycDocumentSchema.safeParse({ ...doc, last4: '12345' }).success).toBe(false);
  });

  it('rejection reasons are distinct sentences', () => {
    const texts = Object.values(KYC_REJECTION_REASONS);
    expect(new Set(texts).size).toBe(texts.length);
    for (const t of texts) expect(t).toMatch(/^[A-Z].*\.$/);
  });
});
