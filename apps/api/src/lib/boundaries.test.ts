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
const isTestFile = (file: string) => file.endsWith('.test.ts') || file.endsWith('.test-support.ts');
/** The module (folder under modules/) a file belongs to; null outside modules/ and for modules/index.ts. */
const moduleOf = (file: string) => {
  if (!file.startsWith(modulesDir)) return null;
  const [name, ...rest] = file.slice(modulesDir.length).split('/');
  return rest.length > 0 ? name! : null;
};
/** Every import from a module's file into another module: the file, what it wrote, both modules, the target. */
const crossModuleImports = () =>
  readdirSync(modulesDir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(modulesDir, f))
    .flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => ({ file, spec, target: resolve(dirname(file), spec) }))
        .map((i) => ({ ...i, from: moduleOf(file), to: moduleOf(i.target) }))
        .filter((i) => i.from && i.to && i.from !== i.to),
    );

describe('the API by capability (docs/adding-a-feature.md)', () => {
  it('lib/ imports no module: modules declare their own deps on AppDeps', () => {
    const crossings = readdirSync(libDir, { recursive: true })
      .map(String)
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

  it('has no import cycle between modules, type-only imports included (test files left out)', () => {
    const edges = new Map<string, Map<string, string>>();
    for (const i of crossModuleImports().filter((i) => !isTestFile(i.file))) {
      const out = edges.get(i.from!) ?? new Map<string, string>();
      if (!out.has(i.to!)) out.set(i.to!, `${i.file.slice(modulesDir.length)} -> ${i.spec}`);
      edges.set(i.from!, out);
    }
    // Depth-first search over modules: one met again while still on the path closes a cycle.
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (module: string, path: string[]) => {
      state.set(module, 'open');
      for (const next of edges.get(module)?.keys() ?? []) {
        if (state.get(next) === 'open') {
          const ring = [...path, module].slice([...path, module].indexOf(next));
          const why = [...ring, next].slice(1).map((to, k) => edges.get(ring[k]!)!.get(to));
          cycles.push(`${[...ring, next].join(' -> ')} (${why.join('; ')})`);
        } else if (!state.has(next)) visit(next, [...path, module]);
      }
      state.set(module, 'done');
    };
    for (const module of [...edges.keys()].sort()) if (!state.has(module)) visit(module, []);
    expect(cycles).toEqual([]);
  });

  it('reaches another module only through its index.ts, never its inner files (test files exempt: *.test.ts, *.test-support.ts)', () => {
    const deep = crossModuleImports()
      .filter((i) => !isTestFile(i.file) && i.target !== join(modulesDir, i.to!, 'index.ts'))
      .map((i) => `${i.file.slice(modulesDir.length)} -> ${i.spec}`);
    expect(deep).toEqual([]);
  });
});
