import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The import zones of packages/ui (DESIGN §1, bulletproof-react): shared code (components, hooks,
 * lib, i18n, providers, stores, and the route table) imports no feature and no composition; a
 * feature imports no other feature; only composition (app/, screens/) puts features together.
 * Tests are exempt.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// routes/ holds the route table: data (paths and titles), shared by both front ends.
const SHARED = new Set(['components', 'hooks', 'lib', 'i18n', 'providers', 'stores', 'routes']);
const COMPOSITION = new Set(['app', 'screens']);
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
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
    expect(forbidden('features/money', 'features/auth')).toMatch(/another feature/);
    expect(forbidden('features/money', 'features/money')).toBeNull();
    expect(forbidden('shared:components', 'features/auth')).toMatch(/shared code/);
    expect(forbidden('shared:components', 'composition:app')).toMatch(/shared code/);
    expect(forbidden('composition:screens', 'features/auth')).toBeNull();
    expect(forbidden('features/kyc', 'shared:components')).toBeNull();
  });

  it('no file crosses them', () => {
    const crossings: string[] = [];
    const files = sourceFiles(SRC).filter((f) => !relative(SRC, f).startsWith('test/'));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const from = zoneOf(relative(SRC, file));
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = relative(SRC, resolve(dirname(file), spec!));
        if (target.startsWith('..')) continue;
        const why = forbidden(from, zoneOf(target));
        if (why) crossings.push(`${relative(SRC, file)} → ${target}: ${why}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
