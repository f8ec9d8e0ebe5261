import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('Mini App env', () => {
  it('defaults: API on this origin at /api, no debug log, no wallet return link', () => {
    expect(parseEnv({})).toEqual({ apiBaseUrl: '/api', debug: false, telegramReturnUrl: null });
  });

  it("takes the Mini App's t.me link as the return URL for TON wallets", () => {
    expect(parseEnv({ VITE_TELEGRAM_RETURN_URL: 'https://t.me/khel_bot/app' }).telegramReturnUrl).toBe(
      'https://t.me/khel_bot/app',
    );
  });

  it('refuses a return URL that is not a t.me link, and an API base that is neither a path nor http(s)', () => {
    expect(() => parseEnv({ VITE_TELEGRAM_RETURN_URL: 'https://evil.example/app' })).toThrow(/t\.me/);
    expect(() => parseEnv({ VITE_API_BASE_URL: 'ftp://khel.example' })).toThrow(/VITE_API_BASE_URL/);
  });
});
