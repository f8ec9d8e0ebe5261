import { describe, expect, it } from 'vitest';
import { miniappEn } from '../../i18n/resources/miniapp-en.ts';
import { miniappHi } from '../../i18n/resources/miniapp-hi.ts';
import { miniappPtBR } from '../../i18n/resources/miniapp-pt-br.ts';
import { leaves, placeholders } from '../../test/text-tree.ts';

describe('Mini App texts (the miniapp part: TON wallet)', () => {
  const english = leaves(miniappEn);
  for (const [language, texts] of Object.entries({ hi: miniappHi, 'pt-BR': miniappPtBR })) {
    it(`${language} has exactly the English keys, none empty, none left in English, with the same {{placeholders}}`, () => {
      const translated = leaves(texts);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of translated) {
        expect(text.trim(), key).not.toBe('');
        expect(text, key).not.toBe(english.get(key));
        expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
      }
    });
  }

  it('Hindi is written in Devanagari', () => {
    for (const [key, text] of leaves(miniappHi)) expect(text, key).toMatch(/[\u0900-\u097F]/);
  });
});
