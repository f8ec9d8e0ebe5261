import { describe, expect, it } from 'vitest';
import {
  createI18n,
  currentLanguage,
  i18nReady,
  LANGUAGES,
  matchLanguage,
  pickLanguage,
  translateApiMessage,
} from './index.ts';
import { hi, hiApi } from './resources/hi.ts';
import { ptBRApi } from './resources/pt-br.ts';

function memory(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => {
      map.set(key, value);
    },
  };
}

describe('language choice', () => {
  it('offers English, हिन्दी and Português (Brasil) by their own names', () => {
    expect(LANGUAGES.map((l) => l.nativeName)).toEqual(['English', 'हिन्दी', 'Português (Brasil)']);
  });

  it('maps browser and Telegram tags to the languages we ship', () => {
    expect(matchLanguage('hi-IN')).toBe('hi');
    expect(matchLanguage('pt')).toBe('pt-BR');
    expect(matchLanguage('pt_br')).toBe('pt-BR');
    expect(matchLanguage('en-GB')).toBe('en');
    expect(matchLanguage('ru')).toBeNull();
    expect(matchLanguage(undefined)).toBeNull();
  });

  it('a saved choice wins over the preferred tags; else the first tag we speak; else English', () => {
    expect(pickLanguage('hi', ['pt-BR'])).toBe('hi');
    expect(pickLanguage(null, ['ru', 'pt-PT', 'en'])).toBe('pt-BR');
    expect(pickLanguage('klingon', ['ru'])).toBe('en');
    expect(pickLanguage(undefined, [])).toBe('en');
  });

  it('starts in the saved language and saves a new choice; the default is not saved', async () => {
    const fresh = memory();
    const i18n = await i18nReady(
      createI18n({ storage: fresh, storageKey: 'language', preferred: ['hi-IN'] }),
    );
    expect(currentLanguage(i18n)).toBe('hi');
    expect(i18n.t('auth.sendCode')).toBe('कोड भेजें');
    expect(fresh.map.has('language')).toBe(false);

    await i18n.changeLanguage('pt-BR');
    expect(fresh.map.get('language')).toBe('pt-BR');
    expect(i18n.t('auth.sendCode')).toBe('Enviar código');

    const reloaded = await i18nReady(
      createI18n({ storage: fresh, storageKey: 'language', preferred: ['hi-IN'] }),
    );
    expect(currentLanguage(reloaded)).toBe('pt-BR');
    expect(reloaded.t('auth.sendCode')).toBe('Enviar código');
  });

  it('English is bundled; हिन्दी and Português are fetched only when used', async () => {
    const english = createI18n({ storage: memory(), preferred: ['en-GB'] });
    // Ready without waiting: nothing to fetch.
    expect(english.isInitialized).toBe(true);
    expect(english.t('auth.sendCode')).toBe('Send code');
    expect(english.hasResourceBundle('hi', 'translation')).toBe(false);
    expect(english.hasResourceBundle('pt-BR', 'translation')).toBe(false);

    const hindi = createI18n({ storage: memory(), preferred: ['hi-IN'] });
    expect(hindi.hasResourceBundle('hi', 'translation')).toBe(false);
    await i18nReady(hindi);
    expect(hindi.hasResourceBundle('hi', 'translation')).toBe(true);
    expect(hindi.hasResourceBundle('pt-BR', 'translation')).toBe(false);
  });

  it('switching language fetches it first: the switch never shows English in between', async () => {
    const i18n = await i18nReady(createI18n({ storage: memory(), preferred: ['en'] }));
    const seenAtSwitch: string[] = [];
    i18n.on('languageChanged', () => seenAtSwitch.push(i18n.t('auth.sendCode')));
    const switching = i18n.changeLanguage('hi');
    // Until the Hindi texts arrive, the page stays in English.
    expect(currentLanguage(i18n)).toBe('en');
    expect(i18n.t('auth.sendCode')).toBe('Send code');
    await switching;
    expect(seenAtSwitch).toEqual(['कोड भेजें']);
  });

  it('texts given up front are used as they are, so the instance is ready at once', () => {
    const i18n = createI18n({ storage: memory(), preferred: ['hi'], translations: { hi } });
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('auth.sendCode')).toBe('कोड भेजें');
  });

  it('writes `{{x, number}}` in the one number style of @khel/core/format, per language', async () => {
    const i18n = await i18nReady(createI18n({ storage: memory(), preferred: ['en'] }));
    for (const lng of ['en', 'hi', 'pt-BR'])
      i18n.addResource(lng, 'translation', 'test.points', '{{count, number}} pts · #{{rank, number}}');
    const points = (lng: string, count: number | string) =>
      i18n.t('test.points' as never, { lng, count, rank: 1200 } as never);
    expect(points('en', 1234567)).toBe('12,34,567 pts · #1,200');
    expect(points('hi', 20580)).toBe('20,580 pts · #1,200');
    expect(points('pt-BR', 20580)).toBe('20.580 pts · #1.200');
    expect(points('pt-BR', 'a few')).toBe('a few pts · #1.200');
  });

  it('interpolates without HTML-escaping (React escapes)', () => {
    const i18n = createI18n({ storage: memory(), preferred: ['en'] });
    expect(i18n.t('home.welcome', { name: 'Arjun & Co' })).toBe('Welcome, Arjun & Co');
  });
});

describe('API messages', () => {
  it('Hindi and Portuguese translate the same API sentences', () => {
    expect(Object.keys(hiApi).sort()).toEqual(Object.keys(ptBRApi).sort());
  });

  it('translates a known sentence and leaves an unknown one as the API wrote it', async () => {
    // The translations arrive with their language's chunk.
    await i18nReady(createI18n({ storage: memory(), preferred: ['hi'] }));
    await i18nReady(createI18n({ storage: memory(), preferred: ['pt-BR'] }));
    const wrongCode = 'Incorrect code. Please check it and try again.';
    expect(translateApiMessage('OTP_INCORRECT', wrongCode, 'en')).toBe(wrongCode);
    expect(translateApiMessage('OTP_INCORRECT', wrongCode, 'pt-BR')).toBe(
      'Código incorreto. Confira e tente de novo.',
    );
    expect(translateApiMessage('BRAND_NEW_CODE', 'Brand new server sentence.', 'hi')).toBe(
      'Brand new server sentence.',
    );
  });
});
