import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiModules } from '../modules/index.ts';

const libDir = fileURLToPath(new URL('./', import.meta.url));
const modulesDir = fileURLToPath(new URL('../modules/', import.meta.url));
const importsOf = (text: string) =>
  [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!);

describe('the API by capability (docs/adding-a-feature.md)', () => {
  it('lib/ imports no module: modules declare their own deps on AppDeps', () => {
    const crossings = readdirSync(libDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) =>
        importsOf(readFileSync(`${libDir}${f}`, 'utf8'))
          .filter((spec) => spec.includes('/modules/') || spec.startsWith('../modules'))
          .map((spec) => `${f} -> ${spec}`),
      );
    expect(crossings).toEqual([]);
  });

  it('every module folder is registered once, under its folder name, in modules/index.ts', () => {
    const folders = readdirSync(modulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(apiModules.map((m) => m.name).sort()).toEqual(folders);
  });
});
