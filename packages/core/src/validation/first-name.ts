import { FIRST_NAME_LENGTH } from '../domain/constants.ts';
import { charCount, type Rule, ruleSchema } from './rule.ts';

// SPEC §5 gives the rule but no texts; these are ours.
export const FIRST_NAME_CHARACTERS_MESSAGE = 'First name can contain only letters and spaces';
export const FIRST_NAME_SPACING_MESSAGE =
  'First name cannot start or end with a space or have two spaces in a row';
export const FIRST_NAME_LENGTH_MESSAGE = 'First name must be between 3 and 15 characters';

// Letters of any script (with their combining marks, needed for Devanagari and Tamil) and the plain space.
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]*$/u;

/**
 * SPEC §5 "3 to 15 characters, letters and spaces only, no spacing". "No spacing" is read as:
 * no leading or trailing space and no two spaces in a row (a single space between names is fine).
 * Order: characters, then spacing, then length (counted in code points, spaces included).
 */
export const validateFirstName: Rule = (value) => {
  if (!LETTERS_AND_SPACES.test(value)) return FIRST_NAME_CHARACTERS_MESSAGE;
  if (value.startsWith(' ') || value.endsWith(' ') || value.includes('  ')) return FIRST_NAME_SPACING_MESSAGE;
  const length = charCount(value);
  if (length < FIRST_NAME_LENGTH.min || length > FIRST_NAME_LENGTH.max) return FIRST_NAME_LENGTH_MESSAGE;
  return null;
};

export const isValidFirstName = (value: string): boolean => validateFirstName(value) === null;

export const firstNameSchema = /* @__PURE__ */ ruleSchema(validateFirstName, FIRST_NAME_LENGTH_MESSAGE);
