import { describe, expect, it } from 'vitest';

/**
 * The import zones of packages/ui (DESIGN §1, bulletproof-react): shared code (components, hooks,
 * lib, i18n, providers, stores, api, the route table and the router) imports no feature and no composition; a
 * feature imports no other feature; only composition (app/, screens/) puts features together.
 * Tests are exempt.
 */
// routes/ holds the route table: data (paths and titles), shared by both front ends; api/ the requests
// more than one feature makes; routing/ the router every screen navigates with.
const SHARED = new Set([
  'components',
  'hooks',
  'lib',
  'i18n',
  'providers',
  'stores',
  'routes',
  'routing',
  'api',
]);
const COMPOSITION = new Set(['app', 'screens']);
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

// Every source file of @khel/ui as text, keyed `../<path in src>`.
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** `to` (a relative import) from `from` (a path in src), as a path in src; null when it leaves src. */
function resolveIn(from: string, to: string): string | null {
  const parts = from.split('/').slice(0, -1);
  for (const part of to.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** `features/<name>`, `shared:<folder>`, `composition:<folder>` or `other:<folder>` of a path under src. */
export function zoneOf(pathInSrc: string): string {
  const [top, second] = pathInSrc.split('/');
  if (top === 'features' && second) return `features/${second}`;
  if (top && SHARED.has(top)) return `shared:${top}`;
  if (top && COMPOSITION.has(top)) return `composition:${top}`;
  return `other:${top}`;
}

/** Why `from` may not import `to` (both zones), or null when it may. */
export function forbidden(from: string, to: string): string | null {
  if (from.startsWith('features/') && to.startsWith('features/') && from !== to)
    return 'a feature imports another feature';
  if (from.startsWith('shared:') && (to.startsWith('features/') || to.startsWith('composition:')))
    return 'shared code imports a feature or composition';
  return null;
}

describe('import zones of packages/ui', () => {
  it('the rules themselves', () => {
    expect(resolveIn('components/page.tsx', '../features/auth/x.ts')).toBe('features/auth/x.ts');
    expect(resolveIn('features/payments/components/a.tsx', '../../kyc/b.ts')).toBe('features/kyc/b.ts');
    expect(resolveIn('index.ts', '../outside.ts')).toBeNull();
    expect(forbidden('features/store', 'features/payments')).toMatch(/another feature/);
    expect(forbidden('features/payments', 'features/payments')).toBeNull();
    expect(forbidden('shared:components', 'features/auth')).toMatch(/shared code/);
    expect(forbidden('shared:components', 'composition:app')).toMatch(/shared code/);
    expect(forbidden('composition:screens', 'features/auth')).toBeNull();
    expect(forbidden('features/kyc', 'shared:components')).toBeNull();
  });

  it('no file crosses them', () => {
    const crossings: string[] = [];
    const files = Object.entries(sources)
      .map(([key, code]) => [key.replace(/^\.\.\//, ''), code] as const)
      .filter(([file]) => !file.startsWith('test/') && !/\.test\.tsx?$/.test(file));
    expect(files.length).toBeGreaterThan(50);
    for (const [file, code] of files) {
      const from = zoneOf(file);
      for (const [, spec] of code.matchAll(IMPORT)) {
        const target = resolveIn(file, spec!);
        if (target === null) continue;
        const why = forbidden(from, zoneOf(target));
        if (why) crossings.push(`${file} → ${target}: ${why}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
