import { describe, expect, it } from 'vitest';
import {
  FIRST_NAME_CHARACTERS_MESSAGE,
  FIRST_NAME_LENGTH_MESSAGE,
  FIRST_NAME_SPACING_MESSAGE,
  firstNameSchema,
  validateFirstName,
} from './first-name.ts';

describe('first name (SPEC §5: 3 to 15 characters, letters and spaces only, no spacing)', () => {
  it.each(['Ana', 'Rahul', 'Mary Jane', 'José', 'João Pedro', 'अमित', 'Abcdefghijklmno'])(
    'accepts %s',
    (name) => {
      expect(validateFirstName(name)).toBeNull();
    },
  );

  it('first name: length message for 2 and for 16 characters', () => {
    expect(validateFirstName('Al')).toBe(FIRST_NAME_LENGTH_MESSAGE);
    expect(validateFirstName('Abcdefghijklmnop')).toBe(FIRST_NAME_LENGTH_MESSAGE);
    expect(FIRST_NAME_LENGTH_MESSAGE).toBe('First name must be between 3 and 15 characters');
  });

  it('first name: counts an inner space toward the 15', () => {
    expect(validateFirstName('Abcdefg Hijklmn')).toBeNull(); // 15
    expect(validateFirstName('Abcdefgh Hijklmn')).toBe(FIRST_NAME_LENGTH_MESSAGE); // 16
  });

  it('first name: digits and symbols are refused', () => {
    for (const name of ['Rahul1', "O'Neil", 'Anne-Marie', 'Ravi.', 'Ravi_K']) {
      expect(validateFirstName(name)).toBe(FIRST_NAME_CHARACTERS_MESSAGE);
    }
  });

  it('first name: "no spacing" refuses leading, trailing and double spaces and tabs', () => {
    expect(validateFirstName(' Rahul')).toBe(FIRST_NAME_SPACING_MESSAGE);
    expect(validateFirstName('Rahul ')).toBe(FIRST_NAME_SPACING_MESSAGE);
    expect(validateFirstName('Mary  Jane')).toBe(FIRST_NAME_SPACING_MESSAGE);
    expect(validateFirstName('Mary\tJane')).toBe(FIRST_NAME_CHARACTERS_MESSAGE);
  });

  it('checks characters, then spacing, then length', () => {
    expect(validateFirstName(' 1')).toBe(FIRST_NAME_CHARACTERS_MESSAGE);
    expect(validateFirstName(' A')).toBe(FIRST_NAME_SPACING_MESSAGE);
  });

  it('schema gives the same single message', () => {
    const result = firstNameSchema.safeParse('Al');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([FIRST_NAME_LENGTH_MESSAGE]);
    expect(firstNameSchema.parse('Priya')).toBe('Priya');
  });
});
