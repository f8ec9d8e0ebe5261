import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { namesMatch, normalizeName } from './name-match.ts';

describe('KYC name match', () => {
  it('normalises case, accents, dots, apostrophes and spaces', () => {
    expect(normalizeName("  D'Souza,  Ánita-Maria ")).toEqual(['d', 'souza', 'anita', 'maria']);
    expect(normalizeName('R.  KUMAR')).toEqual(['r', 'kumar']);
  });

  it.each([
    ['Ravi Kumar', 'ravi kumar'],
    ['Ravi Kumar', '  RAVI   KUMAR '],
    ['Ravi Kumar', 'Kumar Ravi'],
    ['Ravikumar', 'Ravi Kumar'],
    ['R. Kumar', 'Ravi Kumar'],
    ['Ravi K', 'Ravi Kumar'],
    ['Ravi Kumaar', 'Ravi Kumar'],
    ['José Silva', 'Jose Silva'],
    ["D'Souza Anita", 'D Souza Anita'],
  ])('%s matches %s', (a, b) => {
    expect(namesMatch(a, b)).toBe(true);
    expect(namesMatch(b, a)).toBe(true);
  });

  it.each([
    ['Ravi Kumar', 'Anil Sharma'],
    ['Ravi Kumar', 'Ravi'],
    ['R K', 'Ravi Kumar'],
    ['Amit Shah', 'Amit Sahu'],
    ['Ravi Kumar', 'Sandbox Registry Holder'],
    ['Ravi Kumar', ''],
    ['...', '...'],
  ])('%s does not match %s', (a, b) => {
    expect(namesMatch(a, b)).toBe(false);
    expect(namesMatch(b, a)).toBe(false);
  });

  const word = fc.stringMatching(/^[a-z]{2,10}$/);
  const name = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));

  it('property: a name matches itself however it is cased and spaced, and is symmetric', () => {
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(namesMatch(a, `  ${a.toUpperCase().replace(/ /g, '   ')} `)).toBe(true);
        expect(namesMatch(a, b)).toBe(namesMatch(b, a));
      }),
    );
  });
});
