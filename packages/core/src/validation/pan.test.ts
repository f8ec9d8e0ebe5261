import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isIndividualPan,
  isValidPan,
  maskPan,
  PAN_FORMAT_MESSAGE,
  PAN_HOLDER_TYPES,
  panHolderType,
  panSchema,
} from './pan.ts';

describe('PAN (five letters, four digits, a letter; holder type from the 4th letter)', () => {
  it.each(['ABCPE1234F', 'AAAPZ0000Z', 'BNZAA2318J', 'ZZZCZ9999Z'])('accepts %s', (pan) => {
    expect(isValidPan(pan)).toBe(true);
  });

  it.each([
    ['ABCPE1234', 'too short'],
    ['ABCPE12345F', 'five digits'],
    ['ABCP11234F', 'a digit among the letters'],
    ['ABCPE123AF', 'a letter among the digits'],
    ['ABCPE12341', 'a digit at the end'],
    ['abcpe1234f', 'lower case (the schema upper-cases first)'],
    ['ABCXE1234F', 'X is no holder type'],
    ['ABC E1234F', 'a space'],
    ['', 'empty'],
  ])('refuses %s (%s)', (pan) => {
    expect(isValidPan(pan)).toBe(false);
  });

  it('reads the holder type from the 4th letter', () => {
    expect(panHolderType('ABCPE1234F')).toBe('individual');
    expect(panHolderType('ABCCE1234F')).toBe('company');
    expect(panHolderType('ABCHE1234F')).toBe('huf');
    expect(panHolderType('ABCTE1234F')).toBe('trust');
    expect(panHolderType('ABCXE1234F')).toBeNull();
    // Not fooled by Object.prototype names.
    expect(panHolderType('ABC_E1234F')).toBeNull();
    for (const [letter, type] of Object.entries(PAN_HOLDER_TYPES)) {
      const pan = `ABC${letter}E1234F`;
      expect(isValidPan(pan)).toBe(true);
      expect(panHolderType(pan)).toBe(type);
      expect(isIndividualPan(pan)).toBe(letter === 'P');
    }
  });

  it('the schema trims and upper-cases, and says what is wrong', () => {
    expect(panSchema.parse('  abcpe1234f ')).toBe('ABCPE1234F');
    expect(panSchema.safeParse('ABCPE1234').error?.issues[0]?.message).toBe(PAN_FORMAT_MESSAGE);
    expect(panSchema.safeParse(42).error?.issues[0]?.message).toBe(PAN_FORMAT_MESSAGE);
  });

  it('masks all but the last four characters', () => {
    expect(maskPan('ABCPE1234F')).toBe('XXXXXX234F');
  });

  const holderLetter = fc.constantFrom(...Object.keys(PAN_HOLDER_TYPES));
  const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  const pan = fc
    .tuple(
      fc.array(upper, { minLength: 3, maxLength: 3 }),
      holderLetter,
      upper,
      fc.stringMatching(/^\d{4}$/),
      upper,
    )
    .map(
      ([series, holder, surname, digits, check]) => `${series.join('')}${holder}${surname}${digits}${check}`,
    );

  it('property: every PAN of the pattern with a known holder letter is valid, and any other length is not', () => {
    fc.assert(
      fc.property(pan, fc.integer({ min: 1, max: 9 }), (p, cut) => {
        expect(isValidPan(p)).toBe(true);
        expect(isValidPan(p.slice(0, cut))).toBe(false);
        expect(isValidPan(`${p}A`)).toBe(false);
      }),
    );
  });

  it('property: a digit in a letter position, or a letter in a digit position, is refused', () => {
    fc.assert(
      fc.property(pan, fc.nat(9), fc.constantFrom(...'0123456789'), upper, (p, i, digit, letter) => {
        const isDigitPosition = i >= 5 && i <= 8;
        const changed = `${p.slice(0, i)}${isDigitPosition ? letter : digit}${p.slice(i + 1)}`;
        expect(isValidPan(changed)).toBe(false);
      }),
    );
  });
});
