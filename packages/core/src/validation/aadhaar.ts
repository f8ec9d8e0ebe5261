import { type Rule, ruleSchema } from './rule.ts';

export const AADHAAR_FORMAT_MESSAGE = 'Please enter a valid 12-digit Aadhaar number';

/** UIDAI: 12 digits, the first never 0 or 1; the 12th is a Verhoeff check digit. */
export const AADHAAR_PATTERN = /^[2-9]\d{11}$/;

/*
 * Verhoeff's check digit scheme works in the dihedral group D5 (the symmetries of a pentagon):
 * 0–4 are the rotations r^0…r^4 and 5–9 the reflections. With a permutation applied to each digit
 * according to its position, it catches every single-digit error and every swap of two neighbours.
 * The three tables are built here from their definitions rather than written out.
 */

/** D5 composition: `VERHOEFF_D[a][b]` is a·b. */
export const VERHOEFF_D: readonly (readonly number[])[] = Array.from({ length: 10 }, (_, a) =>
  Array.from({ length: 10 }, (_, b) => {
    const ra = a % 5;
    const rb = b % 5;
    if (a < 5) return b < 5 ? (ra + rb) % 5 : 5 + ((ra + rb) % 5);
    return b < 5 ? 5 + ((ra - rb + 5) % 5) : (ra - rb + 5) % 5;
  }),
);

/** The inverse of each element: a·inv(a) = 0. Rotations invert to the opposite rotation, reflections to themselves. */
export const VERHOEFF_INV: readonly number[] = Array.from({ length: 10 }, (_, a) =>
  a < 5 ? (5 - a) % 5 : a,
);

/** The position permutation σ: the 8-cycle 0→1→5→8→9→4→2→7→0 and the swap 3↔6. */
const SIGMA = [1, 5, 7, 6, 2, 8, 3, 0, 9, 4] as const;

/** `VERHOEFF_P[i]` is σ applied i times (σ^8 is the identity, so positions repeat every 8). */
export const VERHOEFF_P: readonly (readonly number[])[] = (() => {
  const rows: number[][] = [Array.from({ length: 10 }, (_, i) => i)];
  for (let i = 1; i < 8; i++) rows.push(rows[i - 1]!.map((v) => SIGMA[v]!));
  return rows;
})();

const isDigits = (value: string) => /^\d+$/.test(value);

/** Folds the digits from the right; `offset` 1 leaves position 0 free for a check digit still to come. */
function verhoeffFold(digits: string, offset: 0 | 1): number {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = VERHOEFF_D[c]![VERHOEFF_P[(i + offset) % 8]![digit]!]!;
  }
  return c;
}

/** The Verhoeff check digit to append to `digits` (e.g. 236 → 3). */
export function verhoeffCheckDigit(digits: string): number {
  if (!isDigits(digits)) throw new Error('verhoeffCheckDigit needs a string of digits');
  return VERHOEFF_INV[verhoeffFold(digits, 1)]!;
}

/** True when the last digit of `digits` is the Verhoeff check digit of the others. */
export const isVerhoeffValid = (digits: string): boolean => isDigits(digits) && verhoeffFold(digits, 0) === 0;

/** What a user typed, as printed on the card (`2345 6789 0123`): whitespace removed. */
export const normalizeAadhaar = (value: string): string => value.replace(/\s+/g, '');

/** Strict: 12 digits without spaces, first digit 2–9, Verhoeff check digit right. */
export const isValidAadhaar = (value: string): boolean =>
  AADHAAR_PATTERN.test(value) && isVerhoeffValid(value);

/** Only the last four digits are ever shown: `XXXX XXXX 9012`. */
export const maskAadhaar = (aadhaar: string): string => `XXXX XXXX ${aadhaar.slice(-4)}`;

export const validateAadhaar: Rule = (value) =>
  isValidAadhaar(normalizeAadhaar(value)) ? null : AADHAAR_FORMAT_MESSAGE;

/** Accepts the number with or without the spaces printed on the card; the output has none. */
export const aadhaarSchema = /* @__PURE__ */ ruleSchema(validateAadhaar, AADHAAR_FORMAT_MESSAGE).transform(
  normalizeAadhaar,
);
