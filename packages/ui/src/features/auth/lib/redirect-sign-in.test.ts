import type { AuthProviders } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import {
  hasRedirectCallback,
  isRedirectAvailable,
  matchCallback,
  type PendingRedirect,
  pageWithoutCallback,
  REDIRECT_MAX_AGE_MS,
  readPending,
  readRedirectCallback,
  savePending,
  startRedirect,
} from './redirect-sign-in.ts';

const SANDBOX: AuthProviders = {
  google: {
    enabled: true,
    mode: 'sandbox',
    clientId: 'khel-sandbox',
    sandboxAuthorizeUrl: '/api/sandbox/google/authorize',
  },
  whatsapp: { enabled: true, mode: 'sandbox', sandboxAuthorizeUrl: '/api/sandbox/whatsapp/authorize' },
  siwe: { chainIds: [1, 137] },
  ton: { domains: ['khel.example'], networks: ['-239'] },
};

const AT = { origin: 'https://khel.example', pathname: '/profile', search: '?tab=methods', hash: '' };

describe('starting a redirect sign-in', () => {
  it('WhatsApp goes to the sandbox page with redirect_uri = this page and a state', () => {
    const { url, pending } = startRedirect({
      provider: 'whatsapp',
      intent: 'sign-in',
      providers: SANDBOX,
      location: AT,
      now: 5,
      state: 'abc123',
    });
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe('https://khel.example/api/sandbox/whatsapp/authorize');
    expect(u.searchParams.get('redirect_uri')).toBe('https://khel.example/profile?tab=methods');
    expect(u.searchParams.get('state')).toBe('abc123');
    expect(pending).toEqual({
      provider: 'whatsapp',
      intent: 'sign-in',
      state: 'abc123',
      returnTo: '/profile?tab=methods',
      startedAt: 5,
    });
  });

  it('a fresh random state each time', () => {
    const a = startRedirect({ provider: 'google', intent: 'link', providers: SANDBOX, location: AT });
    const b = startRedirect({ provider: 'google', intent: 'link', providers: SANDBOX, location: AT });
    expect(a.pending.state).toMatch(/^[0-9a-f]{32}$/);
    expect(a.pending.state).not.toBe(b.pending.state);
  });

  it("real Google gets Google's authorize page, an id_token response and the site root as redirect", () => {
    const providers: AuthProviders = {
      ...SANDBOX,
      google: {
        enabled: true,
        mode: 'google',
        clientId: 'cid.apps.googleusercontent.com',
        sandboxAuthorizeUrl: null,
      },
    };
    const u = new URL(startRedirect({ provider: 'google', intent: 'sign-in', providers, location: AT }).url);
    expect(u.origin).toBe('https://accounts.google.com');
    expect(u.searchParams.get('client_id')).toBe('cid.apps.googleusercontent.com');
    expect(u.searchParams.get('response_type')).toBe('id_token');
    expect(u.searchParams.get('redirect_uri')).toBe('https://khel.example/');
    expect(u.searchParams.get('nonce')).toBeTruthy();
  });

  it('a provider the server does not offer is not available', () => {
    expect(isRedirectAvailable('whatsapp', SANDBOX)).toBe(true);
    expect(isRedirectAvailable('google', SANDBOX)).toBe(true);
    expect(
      isRedirectAvailable('whatsapp', {
        ...SANDBOX,
        whatsapp: { enabled: false, mode: 'none', sandboxAuthorizeUrl: null },
      }),
    ).toBe(false);
    expect(isRedirectAvailable('google', undefined)).toBe(false);
  });
});

describe('coming back (SPEC §2: code and provider)', () => {
  it('reads code and provider from the query for WhatsApp', () => {
    const cb = readRedirectCallback({
      search: '?tab=methods&code=WA-1&provider=whatsapp&state=s1',
      hash: '',
    });
    expect(cb).toEqual({ provider: 'whatsapp', code: 'WA-1', state: 's1' });
    expect(
      pageWithoutCallback({
        pathname: '/profile',
        search: '?tab=methods&code=WA-1&provider=whatsapp&state=s1',
      }),
    ).toBe('/profile?tab=methods');
  });

  it('reads the id token from the fragment for Google', () => {
    const cb = readRedirectCallback({ search: '', hash: '#provider=google&id_token=a.b.c&state=s2' });
    expect(cb).toEqual({ provider: 'google', idToken: 'a.b.c', state: 's2' });
  });

  it('other pages have no callback; a provider without a code is an error', () => {
    expect(hasRedirectCallback({ search: '?code=1', hash: '' })).toBe(false);
    expect(hasRedirectCallback({ search: '', hash: '#main' })).toBe(false);
    expect(readRedirectCallback({ search: '?provider=whatsapp&state=x', hash: '' })).toEqual({
      provider: 'whatsapp',
      error: 'missing_code',
      state: 'x',
    });
  });

  it('an answer is used only with the state of a pending sign-in of the same provider, within 15 minutes', () => {
    const pending: PendingRedirect = {
      provider: 'whatsapp',
      intent: 'sign-in',
      state: 's1',
      returnTo: '/',
      startedAt: 1_000,
    };
    const cb = { provider: 'whatsapp', code: 'c', state: 's1' } as const;
    expect(matchCallback(cb, pending, 2_000)).toBe(pending);
    expect(matchCallback({ ...cb, state: 'other' }, pending, 2_000)).toBeNull();
    expect(matchCallback({ ...cb, state: null }, pending, 2_000)).toBeNull();
    expect(matchCallback({ provider: 'google', idToken: 't', state: 's1' }, pending, 2_000)).toBeNull();
    expect(matchCallback(cb, null, 2_000)).toBeNull();
    expect(matchCallback(cb, pending, 1_000 + REDIRECT_MAX_AGE_MS)).toBe(pending);
    expect(matchCallback(cb, pending, 1_001 + REDIRECT_MAX_AGE_MS)).toBeNull();
  });

  it('the pending sign-in survives the trip in sessionStorage; a forged returnTo is refused', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    };
    const pending: PendingRedirect = {
      provider: 'google',
      intent: 'link',
      state: 's',
      returnTo: '/profile',
      startedAt: 1,
    };
    savePending(storage, pending);
    expect(readPending(storage)).toEqual(pending);
    savePending(storage, { ...pending, returnTo: '//evil.example/' });
    expect(readPending(storage)).toBeNull();
    savePending(storage, { ...pending, returnTo: 'https://evil.example/' });
    expect(readPending(storage)).toBeNull();
  });
});
