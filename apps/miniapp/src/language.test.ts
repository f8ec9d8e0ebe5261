import { pickLanguage } from '@khel/ui';
import { describe, expect, it } from 'vitest';
import { preferredLanguages } from './language.ts';

const telegram = (languageCode: string | null) =>
  ({
    kind: 'telegram',
    initDataRaw: 'x',
    startParam: null,
    languageCode,
    allowsWriteToPm: null,
    mocked: false,
  }) as const;

describe("the Mini App's language", () => {
  const start = (saved: string | null, languageCode: string | null, browser: string[] = ['pt-BR']) =>
    pickLanguage(saved, preferredLanguages(telegram(languageCode), browser));

  it("is Telegram's language_code: hi → Hindi, pt → Portuguese, anything else English, whatever the phone says", () => {
    expect(start(null, 'hi')).toBe('hi');
    expect(start(null, 'pt-br')).toBe('pt-BR');
    expect(start(null, 'pt')).toBe('pt-BR');
    expect(start(null, 'ru', ['hi-IN'])).toBe('en');
    expect(start(null, null, ['hi-IN'])).toBe('en');
  });

  it('is the one chosen in the settings once there is one', () => {
    expect(start('hi', 'pt-br')).toBe('hi');
    expect(start('en', 'hi')).toBe('en');
  });

  it("outside Telegram follows the browser's languages", () => {
    expect(pickLanguage(null, preferredLanguages({ kind: 'outside-telegram' }, ['hi-IN', 'en']))).toBe('hi');
  });
});
