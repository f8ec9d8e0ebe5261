import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiModules } from '../modules/index.ts';

const libDir = fileURLToPath(new URL('./', import.meta.url));
const modulesDir = fileURLToPath(new URL('../modules/', import.meta.url));
const srcDir = fileURLToPath(new URL('../', import.meta.url));
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

  it('has no import cycle in apps/api/src, type-only imports included (biome noImportCycles skips those)', () => {
    const files = readdirSync(srcDir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(srcDir, f));
    const known = new Set(files);
    const edges = new Map(
      files.map((f) => [
        f,
        importsOf(readFileSync(f, 'utf8'))
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => resolve(dirname(f), spec))
          .filter((target) => known.has(target)),
      ]),
    );
    // Depth-first search: a file met again while still on the path closes a cycle.
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]) => {
      state.set(file, 'open');
      for (const next of edges.get(file) ?? []) {
        if (state.get(next) === 'open')
          cycles.push([...path, file, next].map((f) => f.slice(srcDir.length)).join(' -> '));
        else if (!state.has(next)) visit(next, [...path, file]);
      }
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
