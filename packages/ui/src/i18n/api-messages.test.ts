import { apiMessages } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import type { ApiMessageTranslations } from './api-messages.ts';

/** Every language's maps of API message translations: the main texts' and each text part's. */
function mapsOf(modules: Record<string, Record<string, unknown>>, suffix: string) {
  const maps: [string, ApiMessageTranslations][] = [];
  for (const [file, module] of Object.entries(modules))
    for (const [name, value] of Object.entries(module))
      if (name.toLowerCase().endsWith(suffix))
        maps.push([`${file} ${name}`, value as ApiMessageTranslations]);
  return maps;
}
const hiMaps = mapsOf(import.meta.glob('./resources/{hi,*-hi}.ts', { eager: true }), 'hiapi');
const ptMaps = mapsOf(import.meta.glob('./resources/{pt-br,*-pt-br}.ts', { eager: true }), 'ptbrapi');

/** Coded messages with no translation yet, on purpose (none today): name them here, with the reason. */
const UNTRANSLATED: Record<'hi' | 'pt-BR', readonly string[]> = { hi: [], 'pt-BR': [] };

describe('API message translations', () => {
  it('are found: the main texts and every part with API messages', () => {
    expect(hiMaps.length).toBeGreaterThanOrEqual(14);
    expect(ptMaps.length).toBe(hiMaps.length);
  });

  it('are keyed by codes of the catalogue, each with a non-empty translation', () => {
    for (const [where, map] of [...hiMaps, ...ptMaps])
      for (const [code, text] of Object.entries(map)) {
        expect(Object.hasOwn(apiMessages, code), `${where}: ${code} is not a code of the catalogue`).toBe(
          true,
        );
        expect(text, `${where}: ${code}`).toMatch(/\S/);
      }
  });

  it('cover every coded message in Hindi and Portuguese, but for the exceptions listed', () => {
    for (const [language, maps] of [
      ['hi', hiMaps],
      ['pt-BR', ptMaps],
    ] as const) {
      const translated = new Set(maps.flatMap(([, map]) => Object.keys(map)));
      const missing = Object.keys(apiMessages).filter((code) => !translated.has(code));
      expect(missing.sort(), language).toEqual([...UNTRANSLATED[language]].sort());
    }
  });
});
