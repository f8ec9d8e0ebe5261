import { describe, expect, it, vi } from 'vitest';
import { createI18n, currentLanguage, i18nReady } from './index.ts';

// The Hindi chunk cannot be fetched (offline, or a deploy removed the old chunk).
vi.mock('./resources/hi.ts', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a language chunk that cannot be fetched', () => {
  it('the app still starts, in English', async () => {
    const i18n = await i18nReady(createI18n({ preferred: ['hi-IN'] }));
    expect(i18n.t('auth.sendCode')).toBe('Send code');
  });

  it('a switch to it stays in English (the picker too); the choice is saved, so the next visit tries again', async () => {
    const saved = new Map<string, string>();
    const storage = {
      getItem: (k: string) => saved.get(k) ?? null,
      setItem: (k: string, v: string) => void saved.set(k, v),
    };
    const i18n = await i18nReady(createI18n({ storage, storageKey: 'language', preferred: ['en'] }));
    await i18n.changeLanguage('hi');
    expect(i18n.t('auth.sendCode')).toBe('Send code');
    expect(currentLanguage(i18n)).toBe('en');
    expect(saved.get('language')).toBe('hi');
  });
});
