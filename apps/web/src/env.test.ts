import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('website env', () => {
  it("defaults the API base to '/api'", () => {
    expect(parseEnv({}).apiBaseUrl).toBe('/api');
    expect(parseEnv({ VITE_API_BASE_URL: '  ' }).apiBaseUrl).toBe('/api');
  });

  it('accepts a path or an http(s) URL, without a trailing slash', () => {
    expect(parseEnv({ VITE_API_BASE_URL: 'https://api.khel.example/api/' }).apiBaseUrl).toBe(
      'https://api.khel.example/api',
    );
    expect(parseEnv({ VITE_API_BASE_URL: '/backend/api/' }).apiBaseUrl).toBe('/backend/api');
  });

  it('refuses anything else', () => {
    expect(() => parseEnv({ VITE_API_BASE_URL: 'api.khel.example' })).toThrow(/VITE_API_BASE_URL/);
  });
});
