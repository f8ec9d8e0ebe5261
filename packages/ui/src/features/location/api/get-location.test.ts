import { STORAGE_KEYS } from '@khel/core/session';
import { describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '../../../test/fake-api.ts';
import { ensureUserLocation } from './get-location.ts';

const INDIA = {
  ip: '49.36.0.1',
  country: 'India',
  country_calling_code: '+91',
  countryCodeISO2: 'IN',
  countryCodeISO3: 'IND',
  continentCode: 'AS',
};

describe('ensureUserLocation at app start (SPEC §5, §8)', () => {
  it('without a stored location it asks GET /users/me/locations and stores country code and name', async () => {
    const api = fakeApi({ 'GET /api/users/me/locations': [envelope(200, INDIA)] });
    const stored = await ensureUserLocation(api.client, api.session);
    expect(stored).toEqual({ countryCode: '+91', countryName: 'India', countryCodeISO2: 'IN' });
    expect(api.session.getJson(STORAGE_KEYS.userLocationData)).toEqual(stored);
    expect(api.session.get(STORAGE_KEYS.ipAddress)).toBe('49.36.0.1');
  });

  it('a valid stored location is kept and nothing is asked', async () => {
    const api = fakeApi({});
    api.session.setJson(STORAGE_KEYS.userLocationData, { countryCode: '+55', countryName: 'Brazil' });
    await ensureUserLocation(api.client, api.session);
    expect(api.calls).toEqual([]);
  });

  it('an invalid stored country code is fetched again', async () => {
    const api = fakeApi({ 'GET /api/users/me/locations': [envelope(200, INDIA)] });
    api.session.setJson(STORAGE_KEYS.userLocationData, { countryCode: 'India', countryName: 'India' });
    await ensureUserLocation(api.client, api.session);
    expect(api.calls).toHaveLength(1);
    expect(api.session.getJson(STORAGE_KEYS.userLocationData)).toMatchObject({ countryCode: '+91' });
  });

  it("a failed lookup stores 'unknown' for the country name and code", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi({ 'GET /api/users/me/locations': [new TypeError('Failed to fetch')] });
    await ensureUserLocation(api.client, api.session);
    expect(api.session.getJson(STORAGE_KEYS.userLocationData)).toEqual({
      countryCode: 'unknown',
      countryName: 'unknown',
    });
    errors.mockRestore();
  });
});
