import { STORAGE_KEYS } from '@khel/core/session';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderScreen } from '../../../test/render.tsx';
import { authProvidersQueryOptions } from '../api/auth-providers.ts';
import { LoginFlow } from './login-flow.tsx';

const PROVIDERS = {
  google: {
    enabled: true,
    mode: 'sandbox',
    clientId: 'c',
    sandboxAuthorizeUrl: '/api/sandbox/google/authorize',
  },
  whatsapp: { enabled: true, mode: 'sandbox', sandboxAuthorizeUrl: '/api/sandbox/whatsapp/authorize' },
  siwe: { chainIds: [1, 137] },
  ton: { domains: [], networks: ['-239'] },
};
const providersKey = authProvidersQueryOptions(fakeApi({}).client).queryKey;

describe('every website sign-in method next to the phone form (SPEC §1)', () => {
  it('the website offers WhatsApp, Google and a browser wallet', () => {
    const html = renderScreen(<LoginFlow step={1} onStepChange={() => {}} />, {
      queries: [[providersKey, PROVIDERS]],
      signInOptions: { redirectSignIn: true, evmWallet: vi.fn() },
    });
    expect(html).toContain('>Send code</button>');
    expect(html).toMatch(/>Continue with WhatsApp<\/button>/);
    expect(html).toMatch(/>Continue with Google<\/button>/);
    expect(html).toMatch(/>Sign in with a wallet<\/button>/);
    expect(html.match(/class="button button--secondary button--block method-button"/g)).toHaveLength(3);
    expect(html.match(/class="method-button__icon"/g)).toHaveLength(3);
  });

  it('a provider the server does not offer has no button', () => {
    const html = renderScreen(<LoginFlow step={1} onStepChange={() => {}} />, {
      queries: [
        [
          providersKey,
          { ...PROVIDERS, whatsapp: { enabled: false, mode: 'none', sandboxAuthorizeUrl: null } },
        ],
      ],
      signInOptions: { redirectSignIn: true },
    });
    expect(html).not.toContain('WhatsApp');
    expect(html).toContain('Continue with Google');
    expect(html).not.toContain('Sign in with a wallet');
  });

  it('the Mini App (no options) shows the phone form only, and loads no wallet code', () => {
    const evmWallet = vi.fn();
    const html = renderScreen(<LoginFlow step={1} onStepChange={() => {}} />, { platform: 'telegram' });
    expect(html).not.toContain('sign-in-methods');
    expect(evmWallet).not.toHaveBeenCalled();
  });

  it('in Hindi', () => {
    const html = renderScreen(<LoginFlow step={1} onStepChange={() => {}} />, {
      language: 'hi',
      queries: [[providersKey, PROVIDERS]],
      signInOptions: { redirectSignIn: true, evmWallet: vi.fn() },
    });
    expect(html).toContain('WhatsApp से जारी रखें');
    expect(html).toContain('वॉलेट से साइन इन करें');
  });
});

describe('the phone country starts where the user is (SPEC §6)', () => {
  it('a user placed in Brazil starts on +55 even in English; an unknown place falls back to the language', () => {
    const api = fakeApi({});
    api.session.setJson(STORAGE_KEYS.userLocationData, {
      countryCode: '+55',
      countryName: 'Brazil',
      countryCodeISO2: 'BR',
    });
    const brazil = renderScreen(<LoginFlow step={1} onStepChange={() => {}} />, { api });
    expect(brazil).toMatch(/<option value="BR" selected="">/);
    expect(brazil).toContain('>+55</span>');

    const unknown = fakeApi({});
    unknown.session.setJson(STORAGE_KEYS.userLocationData, {
      countryCode: 'unknown',
      countryName: 'unknown',
    });
    expect(renderScreen(<LoginFlow step={1} onStepChange={() => {}} />, { api: unknown })).toContain(
      '>+91</span>',
    );
  });
});
