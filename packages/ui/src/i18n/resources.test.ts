import { OTP_INVALID_MESSAGE } from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import { INDIAN_MOBILE_MESSAGE, PHONE_INVALID_MESSAGE } from '@khel/core/validation';
import { describe, expect, it } from 'vitest';
import { leaves, placeholders } from '../test/text-tree.ts';
import { en } from './resources/en.ts';
import { hi } from './resources/hi.ts';
import { ptBR } from './resources/pt-br.ts';

const english = leaves(en);
const translations = { hi: leaves(hi), 'pt-BR': leaves(ptBR) };

describe('i18n resources', () => {
  for (const [language, texts] of Object.entries(translations)) {
    it(`${language} has exactly the English keys, none empty, with the same {{placeholders}}`, () => {
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of texts) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
      }
    });
  }

  it('Hindi is written in Devanagari (brand names such as Khel and K-Store aside)', () => {
    const devanagari = /[\u0900-\u097F]/;
    const latinOnly = [...translations.hi].filter(([, text]) => !devanagari.test(text)).map(([key]) => key);
    // Only proper names stay in Latin script.
    expect(latinOnly.sort()).toEqual(
      [
        'common.appName',
        'profile.telegram',
        'routes.kQuest',
        'routes.kQuestBullieverse',
        'routes.kQuestColexion',
        'routes.kQuestDarkThrone',
        'routes.kStore',
        'routes.klash',
        'routes.rkade',
      ].sort(),
    );
  });

  it('English quotes the SPEC §2/§8 texts exactly', () => {
    expect(en.states.empty).toBe('Looks like there is nothing here yet');
    expect(en.states.empty).toBe(MESSAGES.emptyList);
    expect(en.states.fetchError).toBe(MESSAGES.fetchFailed);
    expect(en.states.genericError).toBe(MESSAGES.somethingWentWrong);
    expect(en.states.apiFailure).toBe(MESSAGES.apiFailureTryAgain);
  });

  it('English validation texts are the ones the shared rules and the API use', () => {
    expect(en.auth.errors.phoneInvalid).toBe(PHONE_INVALID_MESSAGE);
    expect(en.auth.errors.indianMobile).toBe(INDIAN_MOBILE_MESSAGE);
    expect(en.auth.errors.codeIncomplete).toBe(OTP_INVALID_MESSAGE);
  });

  it('keeps the English accessible names the end-to-end tests look for', () => {
    expect(en.auth.country).toBe('Country');
    expect(en.auth.phone).toBe('Phone number');
    expect(en.auth.sendCode).toBe('Send code');
    expect(en.auth.code).toBe('6-digit code');
    expect(en.auth.verify).toBe('Verify');
    expect(en.auth.resend).toBe('Resend code');
    expect(en.home.welcome).toBe('Welcome, {{name}}');
    expect(en.home.logout).toBe('Log out');
    expect(en.language.label).toBe('Language');
    expect(en.notFound.title).toBe('Page not found');
    expect(en.telegram.signInError).toContain('We could not verify your Telegram sign-in');
  });
});
