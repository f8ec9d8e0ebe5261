import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidPogUsername,
  POG_USERNAME_LENGTH_MESSAGE,
  PROFILE_USERNAME_LENGTH_MESSAGE,
  pogUsernameSchema,
  profileUsernameSchema,
  USERNAME_SPACES_MESSAGE,
  USERNAME_SPECIAL_CHARACTERS_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
  validatePogUsername,
  validateProfileUsername,
} from './username.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('POG username (SPEC §5: 5 to 12 characters)', () => {
  it.each(['gamer', 'Gamer123', 'abcdefghijkl', '12345'])('accepts %s', (name) => {
    expect(validatePogUsername(name)).toBeNull();
    expect(pogUsernameSchema.parse(name)).toBe(name);
  });

  it("username: 'Username must be between 5 and 12 characters' for 13 characters", () => {
    expect(validatePogUsername('abcdefghijklm')).toBe('Username must be between 5 and 12 characters');
    expect(firstMessage(pogUsernameSchema.safeParse('abcdefghijklm'))).toBe(POG_USERNAME_LENGTH_MESSAGE);
  });

  it("username: 'Username must be between 5 and 12 characters' for 4 characters and for empty", () => {
    expect(validatePogUsername('abcd')).toBe(POG_USERNAME_LENGTH_MESSAGE);
    expect(validatePogUsername('')).toBe(POG_USERNAME_LENGTH_MESSAGE);
  });

  it("username: 'Spaces are not allowed in the username' for any whitespace", () => {
    expect(validatePogUsername('pro gamer')).toBe('Spaces are not allowed in the username');
    expect(validatePogUsername(' gamer')).toBe(USERNAME_SPACES_MESSAGE);
    expect(validatePogUsername('gamer\t1')).toBe(USERNAME_SPACES_MESSAGE);
  });

  it("username: 'Special characters are not allowed' for _, -, @, . and non-ASCII letters", () => {
    for (const name of ['pro_gamer', 'pro-gamer', 'gamer@1', 'gamer.1', 'joão123', 'गेमर12345']) {
      expect(validatePogUsername(name)).toBe('Special characters are not allowed');
    }
  });

  it('checks spaces first, then special characters, then length', () => {
    // 'a b!' is too short, has a space and a special character: the space is reported.
    expect(validatePogUsername('a b!')).toBe(USERNAME_SPACES_MESSAGE);
    // 'ab!' is too short and has a special character: the character is reported.
    expect(validatePogUsername('ab!')).toBe(USERNAME_SPECIAL_CHARACTERS_MESSAGE);
    expect(firstMessage(pogUsernameSchema.safeParse('a b!'))).toBe(USERNAME_SPACES_MESSAGE);
  });

  it('reports exactly one issue per value', () => {
    const result = pogUsernameSchema.safeParse('a b!');
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
  });

  it('refuses non-strings', () => {
    expect(pogUsernameSchema.safeParse(12345).success).toBe(false);
  });

  it('property: any 5-12 letters/digits are valid; 13+ are not', () => {
    const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    fc.assert(
      fc.property(fc.string({ unit: alnum, minLength: 5, maxLength: 12 }), (s) => isValidPogUsername(s)),
    );
    fc.assert(
      fc.property(fc.string({ unit: alnum, minLength: 13, maxLength: 40 }), (s) => !isValidPogUsername(s)),
    );
  });
});

describe('profile username (SPEC §5: the generic rule says 5 to 10)', () => {
  it("username: 'Username must be between 5 and 10 characters' for 11 characters", () => {
    expect(validateProfileUsername('abcdefghijk')).toBe('Username must be between 5 and 10 characters');
    expect(firstMessage(profileUsernameSchema.safeParse('abcdefghijk'))).toBe(
      PROFILE_USERNAME_LENGTH_MESSAGE,
    );
  });

  it('accepts 10 characters, which the POG rule also accepts', () => {
    expect(validateProfileUsername('abcdefghij')).toBeNull();
    expect(validatePogUsername('abcdefghij')).toBeNull();
  });

  it('shares the spaces and special character messages', () => {
    expect(validateProfileUsername('a b')).toBe(USERNAME_SPACES_MESSAGE);
    expect(validateProfileUsername('abc$e')).toBe(USERNAME_SPECIAL_CHARACTERS_MESSAGE);
  });
});

it("duplicate username text is 'Username already taken!'", () => {
  expect(USERNAME_TAKEN_MESSAGE).toBe('Username already taken!');
});
