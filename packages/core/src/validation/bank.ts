import { type Rule, ruleSchema } from './rule.ts';

export const BANK_ACCOUNT_MESSAGE = 'Bank account number must be 9 to 18 digits';
export const IFSC_MESSAGE = 'Please enter a valid IFSC code';

/** SPEC §5/§9: an Indian bank account number is 9 to 18 digits. */
export const BANK_ACCOUNT_PATTERN = /^\d{9,18}$/;
/** SPEC §5: four letters (the bank), a zero (reserved), six letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export const isValidBankAccount = (value: string): boolean => BANK_ACCOUNT_PATTERN.test(value);
/** Strict: upper case only. The schema upper-cases what the user typed first. */
export const isValidIfsc = (value: string): boolean => IFSC_PATTERN.test(value);

export const validateBankAccount: Rule = (value) => (isValidBankAccount(value) ? null : BANK_ACCOUNT_MESSAGE);
export const validateIfsc: Rule = (value) => (isValidIfsc(value) ? null : IFSC_MESSAGE);

/** Trims; spaces inside the number are an error (users copy it from a passbook, so we say so). */
export const bankAccountSchema = /* @__PURE__ */ ruleSchema(validateBankAccount, BANK_ACCOUNT_MESSAGE, {
  trim: true,
});

/** Trims and upper-cases before checking, so `sbin0001234` is accepted as `SBIN0001234`. */
export const ifscSchema = /* @__PURE__ */ ruleSchema(
  (value) => validateIfsc(value.toUpperCase()),
  IFSC_MESSAGE,
  {
    trim: true,
  },
).transform((value) => value.toUpperCase());
