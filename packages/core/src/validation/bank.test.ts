import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_MESSAGE,
  bankAccountSchema,
  IFSC_MESSAGE,
  ifscSchema,
  isValidBankAccount,
  isValidIfsc,
} from './bank.ts';

describe('bank account (SPEC §5: 9 to 18 digits)', () => {
  it('accepts 9 and 18 digits, refuses 8 and 19', () => {
    expect(isValidBankAccount('123456789')).toBe(true);
    expect(isValidBankAccount('123456789012345678')).toBe(true);
    expect(isValidBankAccount('12345678')).toBe(false);
    expect(isValidBankAccount('1234567890123456789')).toBe(false);
  });

  it('refuses letters and inner spaces; the schema trims the ends', () => {
    expect(isValidBankAccount('12345678A')).toBe(false);
    expect(bankAccountSchema.safeParse('1234 56789').error?.issues[0]?.message).toBe(BANK_ACCOUNT_MESSAGE);
    expect(bankAccountSchema.parse(' 000123456789 ')).toBe('000123456789');
  });

  it('property: every digit string of length 9..18 is valid', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{9,18}$/), (s) => isValidBankAccount(s)));
  });
});

describe('IFSC (SPEC §5: four letters, a zero, six alphanumerics)', () => {
  it.each(['SBIN0001234', 'HDFC0ABC123', 'ICIC0000001'])('accepts %s', (code) => {
    expect(isValidIfsc(code)).toBe(true);
  });

  it.each(['SBIN1001234', 'SBI00001234', 'SBIN000123', 'SBIN00012345', 'SBIN0-01234', '1BIN0001234'])(
    'refuses %s',
    (code) => {
      expect(isValidIfsc(code)).toBe(false);
    },
  );

  it('the schema upper-cases what the user typed', () => {
    expect(ifscSchema.parse(' sbin0001234 ')).toBe('SBIN0001234');
    expect(ifscSchema.safeParse('SBIN1001234').error?.issues[0]?.message).toBe(IFSC_MESSAGE);
  });

  it('property: valid exactly when the fifth character is 0 and the shape holds', () => {
    const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const alnum = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    fc.assert(
      fc.property(
        fc.string({ unit: letter, minLength: 4, maxLength: 4 }),
        alnum,
        fc.string({ unit: alnum, minLength: 6, maxLength: 6 }),
        (bank, fifth, branch) => isValidIfsc(bank + fifth + branch) === (fifth === '0'),
      ),
    );
  });
});
