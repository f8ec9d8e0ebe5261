import { describe, expect, it } from 'vitest';
import { isKnownIfsc, lookupIfsc } from './ifsc.ts';

describe("IFSC look-up in razorpay's data (offline)", () => {
  it.each([
    ['SBIN0000691', 'SBIN', 'State Bank of India'],
    ['SBIN0000001', 'SBIN', 'State Bank of India'],
    ['KKBK0000261', 'KKBK', 'Kotak Mahindra Bank'],
    ['HDFC0000001', 'HDFC', 'HDFC Bank'],
  ])('%s is a branch of %s (%s)', (ifsc, bankCode, bankName) => {
    expect(isKnownIfsc(ifsc)).toBe(true);
    expect(lookupIfsc(ifsc)).toEqual({ ifsc, bankCode, bankName, branch: null, city: null });
  });

  it('names the sub-member bank behind a sponsor bank code', () => {
    expect(lookupIfsc('HDFC0CAACOB')).toMatchObject({
      bankCode: 'AACX',
      bankName: 'Akhand Anand Co.op Bank',
    });
  });

  it('is case-insensitive on input and returns the code upper-cased', () => {
    expect(lookupIfsc('sbin0000691')?.ifsc).toBe('SBIN0000691');
  });

  it.each([
    'SBIN0999999', // no such branch
    'ZZZZ0000001', // no such bank
    'SBIN1000691', // 5th character must be 0
    'SBIN000069', // too short
    'SBIN0000691X',
    'TOSTRING000',
    '',
  ])('does not know %s', (code) => {
    expect(isKnownIfsc(code)).toBe(false);
    expect(lookupIfsc(code)).toBeNull();
  });

  it('is not fooled by Object.prototype names', () => {
    expect(lookupIfsc('CONS0TRUCTO')).toBeNull();
    expect(isKnownIfsc('PROT0000001')).toBe(false);
  });
});
