import type { Profile } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { changesOf, detailErrors, draftOf, usernameRuleError } from './profile-rules.ts';

const PROFILE: Profile = {
  id: '5f0c9a4e-3b7d-4c1e-9a2f-0d6b8e1c2a34',
  phone_number: '+919876543210',
  email: null,
  username: null,
  first_name: 'Arjun',
  last_name: null,
  telegram_id: null,
  telegram_username: null,
  photo_url: null,
  language_code: null,
  is_verified: true,
  created_at: '2026-01-01T10:00:00.000Z',
  country: 'IN',
  city: 'Pune',
  college: null,
};

describe('the PATCH body of the details form', () => {
  it('sends only what changed; an emptied optional field is cleared with null', () => {
    const draft = { ...draftOf(PROFILE), last_name: ' Mehta ', city: '' };
    expect(changesOf(PROFILE, draft)).toEqual({ last_name: 'Mehta', city: null });
    expect(changesOf(PROFILE, draftOf(PROFILE))).toEqual({});
  });
});

describe('field rules (SPEC §5 first name: 3 to 15 characters, letters and spaces only, no spacing)', () => {
  it.each([
    ['Al', 'firstNameLength'],
    ['Abcdefghijklmnop', 'firstNameLength'],
    ['Arjun99', 'firstNameCharacters'],
    ['Arjun_K', 'firstNameCharacters'],
    [' Arjun', 'firstNameSpacing'],
    ['Arjun  Kumar', 'firstNameSpacing'],
    ['', 'firstNameLength'],
  ])('%j is refused with %s', (first_name, key) => {
    expect(detailErrors({ first_name })).toEqual({ first_name: key });
  });

  it.each(['Arjun', 'Ana Clara', 'अर्जुन', 'João'])('%j is a valid first name', (first_name) => {
    expect(detailErrors({ first_name })).toEqual({});
  });

  it('the last name, city and college follow the contract', () => {
    expect(detailErrors({ last_name: 'Mehta-Rao' })).toEqual({});
    expect(detailErrors({ last_name: 'x'.repeat(31) })).toEqual({ last_name: 'lastName' });
    expect(detailErrors({ city: 'São Paulo', college: 'IIT Bombay (Powai)' })).toEqual({});
    expect(detailErrors({ college: '<script>' })).toEqual({ college: 'place' });
  });
});

describe('username rule before asking the API (SPEC §5)', () => {
  it('spaces first, then special characters, then 5 to 10 characters', () => {
    expect(usernameRuleError('ab cd')).toBe('spaces');
    expect(usernameRuleError('ab_cd')).toBe('special');
    expect(usernameRuleError('abcd')).toBe('length');
    expect(usernameRuleError('abcdefghijk')).toBe('length');
    expect(usernameRuleError('arjun2026')).toBeNull();
  });
});
