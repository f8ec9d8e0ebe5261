import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID_MESSAGE, emailSchema, isValidEmail, validateEmail } from './email.ts';

describe('email (SPEC §5: a standard pattern)', () => {
  it.each(['user@example.com', 'first.last+khel@mail.co.in', 'a_b-c@sub.domain.com.br', 'X@Y.IO'])(
    'accepts %s',
    (e) => {
      expect(isValidEmail(e)).toBe(true);
    },
  );

  it.each([
    'plainaddress',
    '@example.com',
    'user@',
    'user@localhost',
    'user@example.c',
    'user@@example.com',
    'user.@example.com',
    '.user@example.com',
    'us..er@example.com',
    'user@-example.com',
    'user@example..com',
    'user @example.com',
    'user@exa mple.com',
    'user@example.123',
  ])('refuses %s', (e) => {
    expect(isValidEmail(e)).toBe(false);
    expect(validateEmail(e)).toBe(EMAIL_INVALID_MESSAGE);
  });

  it('refuses a local part over 64 characters', () => {
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
  });

  it('schema trims, then checks', () => {
    expect(emailSchema.parse('  user@example.com ')).toBe('user@example.com');
    expect(emailSchema.safeParse('nope').error?.issues[0]?.message).toBe(
      'Please enter a valid email address',
    );
  });
});
