import { type Rule, ruleSchema } from './rule.ts';

export const PAN_FORMAT_MESSAGE = 'Please enter a valid PAN (for example ABCPE1234F)';

/**
 * A PAN (Permanent Account Number, Income Tax Department): five letters, four digits, a letter.
 * The first three letters are a series, the 4th the holder type, the 5th the first letter of the
 * surname (or name), then a sequence number and a check letter.
 */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** PAN holder types by the 4th letter (Income Tax Department). */
export const PAN_HOLDER_TYPES = {
  P: 'individual',
  C: 'company',
  H: 'huf',
  F: 'firm',
  A: 'aop',
  T: 'trust',
  B: 'boi',
  L: 'local_authority',
  J: 'artificial_juridical_person',
  G: 'government',
} as const;
export type PanHolderType = (typeof PAN_HOLDER_TYPES)[keyof typeof PAN_HOLDER_TYPES];

/** What a user typed, as a PAN is written: surrounding spaces removed, upper case. */
export const normalizePan = (value: string): string => value.trim().toUpperCase();

/**
 * Strict: upper case, exactly the pattern, and a 4th letter that is a holder type the Income Tax
 * Department issues (a PAN like ABCXE1234F does not exist).
 */
export const isValidPan = (value: string): boolean =>
  PAN_PATTERN.test(value) && panHolderType(value) !== null;

/** The holder type of a PAN from its 4th letter, or null when the letter is not one. */
export function panHolderType(pan: string): PanHolderType | null {
  const letter = pan.charAt(3);
  return Object.hasOwn(PAN_HOLDER_TYPES, letter)
    ? PAN_HOLDER_TYPES[letter as keyof typeof PAN_HOLDER_TYPES]
    : null;
}

/** Only an individual's PAN (4th letter P) can collect earnings. */
export const isIndividualPan = (pan: string): boolean => panHolderType(pan) === 'individual';

/** The last four characters as shown: `XXXXXX234F` (the holder type is shown on its own). */
export const maskPan = (pan: string): string => `${'X'.repeat(Math.max(0, pan.length - 4))}${pan.slice(-4)}`;

export const validatePan: Rule = (value) => (isValidPan(value) ? null : PAN_FORMAT_MESSAGE);

/** Trims and upper-cases before checking, so `abcpe1234f` is accepted as `ABCPE1234F`. */
export const panSchema = /* @__PURE__ */ ruleSchema(
  (value) => validatePan(normalizePan(value)),
  PAN_FORMAT_MESSAGE,
  { trim: true },
).transform(normalizePan);
