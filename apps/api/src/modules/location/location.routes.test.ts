import { IP_INVALID_MESSAGE } from '@khel/core/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { isRoutableIp, locateIp, normalizeIp } from './location.ts';

const UNKNOWN = {
  country: 'unknown',
  country_calling_code: 'unknown',
  countryCodeISO2: 'unknown',
  countryCodeISO3: 'unknown',
  continentCode: 'unknown',
};
// Ranges held for years by the same networks, and present in the GeoLite2 data shipped with geoip-country:
// Reliance Jio 49.36.0.0/14 and 2405:200::/29 (India), NIC.br 200.160.0.0/20 and 2804::/16 (Brazil).
const INDIA = {
  country: 'India',
  country_calling_code: '+91',
  countryCodeISO2: 'IN',
  countryCodeISO3: 'IND',
  continentCode: 'AS',
};
const BRAZIL = {
  country: 'Brazil',
  country_calling_code: '+55',
  countryCodeISO2: 'BR',
  countryCodeISO3: 'BRA',
  continentCode: 'SA',
};

describe('offline GeoIP lookup', () => {
  it('places Indian and Brazilian IPv4 and IPv6 addresses', () => {
    expect(locateIp('49.36.0.1')).toEqual({ ip: '49.36.0.1', ...INDIA });
    expect(locateIp('2405:200::1')).toEqual({ ip: '2405:200::1', ...INDIA });
    expect(locateIp('200.160.2.3')).toEqual({ ip: '200.160.2.3', ...BRAZIL });
    expect(locateIp('2804::1')).toEqual({ ip: '2804::1', ...BRAZIL });
  });

  it('reads IPv4-mapped IPv6 (how Node reports IPv4 peers) as IPv4', () => {
    expect(normalizeIp('::ffff:49.36.0.1')).toBe('49.36.0.1');
    expect(locateIp('::FFFF:200.160.2.3')).toMatchObject(BRAZIL);
  });

  it("private, loopback, link-local, documentation and other unrouted addresses are 'unknown' (SPEC §8)", () => {
    for (const ip of [
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.10.10',
      '100.64.0.1',
      '198.51.100.7',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      'fd12:3456::1',
      'fe80::1',
      '2001:db8::1',
      '::ffff:10.0.0.1',
      'unknown',
      '',
    ]) {
      expect(isRoutableIp(normalizeIp(ip))).toBe(false);
      expect(locateIp(ip)).toMatchObject(UNKNOWN);
    }
  });
});

describe.each(DB_KINDS)('GET /users/me/locations on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('SPEC §7: success, data with country and country_calling_code, for visitors too', async () => {
    const res = await ctx.json('/users/me/locations?ip=49.36.0.1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      status: 200,
      data: { ip: '49.36.0.1', ...INDIA },
      message: 'OK',
    });
    expect((await ctx.json('/users/me/locations?ip=200.160.2.3')).body.data).toMatchObject(BRAZIL);
  });

  it("without ip it places the caller's address", async () => {
    const res = await ctx.json('/users/me/locations', {
      headers: { 'x-forwarded-for': '200.160.2.3, 10.0.0.1' },
    });
    expect(res.body.data).toEqual({ ip: '200.160.2.3', ...BRAZIL });
    // No address at all (an in-process request): 'unknown', still a success.
    const none = await ctx.json('/users/me/locations');
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject(UNKNOWN);
  });

  it("a private IP is 'unknown'; something that is not an IP is a 400", async () => {
    expect((await ctx.json('/users/me/locations?ip=192.168.0.10')).body.data).toEqual({
      ip: '192.168.0.10',
      ...UNKNOWN,
    });
    for (const bad of ['999.1.1.1', 'example.com', '1.2.3', '<script>']) {
      const res = await ctx.json(`/users/me/locations?ip=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(IP_INVALID_MESSAGE);
    }
  });
});
