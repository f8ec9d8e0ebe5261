import { describe, expect, it } from 'vitest';
import { countryGroupOf, isValidStoredLocation, regionOf, toStoredLocation } from './user-location.ts';

describe('stored userLocationData (SPEC §3, §5)', () => {
  it('is valid with a calling code and a country name', () => {
    expect(isValidStoredLocation({ countryCode: '+91', countryName: 'India' })).toBe(true);
    expect(isValidStoredLocation({ countryCode: '+55', countryName: 'Brazil', countryCodeISO2: 'BR' })).toBe(
      true,
    );
  });

  it.each([
    ['missing', null],
    ['not an object', '"+91"'],
    ['no country code', { countryName: 'India' }],
    ['a country code that is not a calling code', { countryCode: 'IN', countryName: 'India' }],
    ['the unknown fallback', { countryCode: 'unknown', countryName: 'unknown' }],
    ['an empty name', { countryCode: '+91', countryName: ' ' }],
    ['a bad ISO code', { countryCode: '+91', countryName: 'India', countryCodeISO2: 'India' }],
  ])('is invalid (so it is fetched again) when %s', (_, value) => {
    expect(isValidStoredLocation(value)).toBe(false);
  });

  it('keeps the calling code, the name and the ISO code of the API answer', () => {
    expect(
      toStoredLocation({ country: 'India', country_calling_code: '+91', countryCodeISO2: 'IN' }),
    ).toEqual({ countryCode: '+91', countryName: 'India', countryCodeISO2: 'IN' });
    expect(
      toStoredLocation({ country: 'unknown', country_calling_code: 'unknown', countryCodeISO2: 'unknown' }),
    ).toEqual({ countryCode: 'unknown', countryName: 'unknown' });
  });
});

describe('India (+91) versus international and unknown (SPEC §6)', () => {
  it('groups by the calling code', () => {
    expect(countryGroupOf({ countryCode: '+91', countryName: 'India' })).toBe('india');
    expect(countryGroupOf({ countryCode: '+55', countryName: 'Brazil' })).toBe('international');
    expect(countryGroupOf({ countryCode: 'unknown', countryName: 'unknown' })).toBe('unknown');
    expect(countryGroupOf(null)).toBe('unknown');
  });

  it('gives the WhatsApp login region from the ISO code, or from the IN/BR calling codes', () => {
    expect(regionOf({ countryCode: '+977', countryName: 'Nepal', countryCodeISO2: 'NP' })).toBe('NP');
    expect(regionOf({ countryCode: '+91', countryName: 'India' })).toBe('IN');
    expect(regionOf({ countryCode: '+55', countryName: 'Brazil' })).toBe('BR');
    expect(regionOf({ countryCode: '+1', countryName: 'United States' })).toBeNull();
    expect(regionOf({ countryCode: 'unknown', countryName: 'unknown' })).toBeNull();
  });
});
