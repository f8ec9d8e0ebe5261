import { POG_USERNAME_LENGTH, PROFILE_USERNAME_LENGTH } from '../domain/constants.ts';
import { charCount, type Rule, ruleSchema } from './rule.ts';

/** SPEC §5 texts, exact. */
export const USERNAME_SPACES_MESSAGE = 'Spaces are not allowed in the username';
export const USERNAME_SPECIAL_CHARACTERS_MESSAGE = 'Special characters are not allowed';
export const POG_USERNAME_LENGTH_MESSAGE = 'Username must be between 5 and 12 characters';
export const PROFILE_USERNAME_LENGTH_MESSAGE = 'Username must be between 5 and 10 characters';
/** Shown when the server answers that the name is already reserved. */
export const USERNAME_TAKEN_MESSAGE = 'Username already taken!';

/** ASCII letters and digits: usernames end up in URLs, share links and wallet names. */
const LETTERS_AND_DIGITS = /^[A-Za-z0-9]*$/;
const WHITESPACE = /\s/;

/**
 * Checks run in this order and only the first failure is reported:
 * 1. spaces (any whitespace), 2. characters other than letters and digits, 3. length.
 * The most specific fix comes first, so `ab cd` says "no spaces" rather than "too short".
 */
function usernameRule(limits: { min: number; max: number }, lengthMessage: string): Rule {
  return (value) => {
    if (WHITESPACE.test(value)) return USERNAME_SPACES_MESSAGE;
    if (!LETTERS_AND_DIGITS.test(value)) return USERNAME_SPECIAL_CHARACTERS_MESSAGE;
    const length = charCount(value);
    if (length < limits.min || length > limits.max) return lengthMessage;
    return null;
  };
}

/** SPEC §5/§9: the POG (reserved wallet) name is 5 to 12 characters. */
export const validatePogUsername: Rule = /* @__PURE__ */ usernameRule(
  POG_USERNAME_LENGTH,
  POG_USERNAME_LENGTH_MESSAGE,
);
/** SPEC §5/§9: the generic profile rule's message says 5 to 10. */
export const validateProfileUsername: Rule = /* @__PURE__ */ usernameRule(
  PROFILE_USERNAME_LENGTH,
  PROFILE_USERNAME_LENGTH_MESSAGE,
);

export const isValidPogUsername = (value: string): boolean => validatePogUsername(value) === null;
export const isValidProfileUsername = (value: string): boolean => validateProfileUsername(value) === null;

export const pogUsernameSchema = /* @__PURE__ */ ruleSchema(validatePogUsername, POG_USERNAME_LENGTH_MESSAGE);
export const profileUsernameSchema = /* @__PURE__ */ ruleSchema(
  validateProfileUsername,
  PROFILE_USERNAME_LENGTH_MESSAGE,
);
