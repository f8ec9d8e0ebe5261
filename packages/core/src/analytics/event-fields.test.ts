import { describe, expect, it } from 'vitest';
import {
  buildEventFields,
  channelForSource,
  entryPointName,
  locationFromDialCode,
  toStringFields,
} from './event-fields.ts';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

describe('SPEC §3 analytics fields', () => {
  it("root path '/' becomes Home_Page; other paths stay", () => {
    expect(entryPointName('/')).toBe('Home_Page');
    expect(entryPointName('')).toBe('Home_Page');
    expect(entryPointName('/?utm_source=x')).toBe('Home_Page');
    expect(entryPointName('/k-quest/')).toBe('/k-quest/');
  });

  it.each([
    ['+91', 'India'],
    ['91', 'India'],
    ['+55', 'Brazil'],
    ['+977', 'Others'],
    ['+880', 'Others'],
    [null, 'Others'],
    [undefined, 'Others'],
  ])('location for dial code %s is %s', (code, location) => {
    expect(locationFromDialCode(code)).toBe(location);
  });

  it('channel is website for the website and app for the Telegram Mini App', () => {
    expect(channelForSource('website')).toBe('website');
    expect(channelForSource('telegram')).toBe('app');
  });

  it('drops null and undefined and sends everything else as strings', () => {
    expect(
      toStringFields({ a: null, b: undefined, c: 0, d: 812, e: false, f: '', g: { x: 1 }, h: new Date(0) }),
    ).toEqual({ c: '0', d: '812', e: 'false', f: '', g: '{"x":1}', h: '1970-01-01T00:00:00.000Z' });
  });

  it('builds every field as a string', () => {
    const fields = buildEventFields(
      {
        userId: 'u1',
        loginSessionId: 'login-1',
        analyticSessionId: 's1',
        timestamp: Date.UTC(2025, 2, 1, 10, 0, 0),
        channel: 'website',
        userAgent: ANDROID,
        screenHeight: 915,
        screenWidth: 412,
        ipAddress: '203.0.113.7',
        domainName: 'khel.example',
        entryPoint: '/',
        dialCode: '+91',
      },
      { questId: 'q1', attempt: 2, missing: null },
    );
    expect(fields).toEqual({
      userId: 'u1',
      loginSessionId: 'login-1',
      analyticSessionId: 's1',
      timestamp: '2025-03-01T10:00:00.000Z',
      channel: 'website',
      device: 'Mobile',
      osName: 'Android',
      osVersion: '13',
      deviceModel: 'SM-S911B',
      browserName: 'Chrome',
      screenHeight: '915',
      screenWidth: '412',
      ipAddress: '203.0.113.7',
      domainName: 'khel.example',
      entryPoint: 'Home_Page',
      location: 'India',
      questId: 'q1',
      attempt: '2',
    });
    expect(Object.values(fields).every((v) => typeof v === 'string')).toBe(true);
  });

  it('leaves out what a visitor does not have', () => {
    const fields = buildEventFields({ channel: 'app', userId: null, ipAddress: undefined, dialCode: '+55' });
    expect(fields).toEqual({ channel: 'app', location: 'Brazil' });
  });
});
