import { describe, expect, it } from 'vitest';
import { greetingName, signedInIdentity } from './identity.ts';

const blank = { first_name: null, username: null, phone_number: null, telegram_username: null, email: null };

describe('who the home screen greets', () => {
  it('first name, else username, else phone', () => {
    expect(
      greetingName({ ...blank, first_name: 'Arjun', username: 'arjun01', phone_number: '+919876543210' }),
    ).toBe('Arjun');
    expect(
      greetingName({ ...blank, first_name: '  ', username: 'arjun01', phone_number: '+919876543210' }),
    ).toBe('arjun01');
    expect(greetingName({ ...blank, phone_number: '+919876543210' })).toBe('+91 98765 43210');
    expect(greetingName({ ...blank, telegram_username: 'arjun_tg' })).toBe('@arjun_tg');
    expect(greetingName(blank)).toBeNull();
  });

  it('shows the signed-in identity: phone, else Telegram handle, else email', () => {
    expect(signedInIdentity({ ...blank, phone_number: '+5511987654321', telegram_username: 'x' })).toBe(
      '+55 11 98765-4321',
    );
    expect(signedInIdentity({ ...blank, telegram_username: '@arjun_tg', email: 'a@b.in' })).toBe('@arjun_tg');
    expect(signedInIdentity({ ...blank, email: 'a@b.in' })).toBe('a@b.in');
  });
});
