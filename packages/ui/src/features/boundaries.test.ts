import { describe, expect, it } from 'vitest';

/**
 * Features do not import each other (DESIGN §1): a file under features/<a>/ imports nothing under
 * features/<b>/, neither by a relative path nor through the package's own entries (`@khel/ui/<entry>`,
 * whose targets are read from package.json, or the `@khel/ui` root, which re-exports features). What two
 * features share moves to components/, hooks/, lib/, api/ or another shared folder; composition (app/,
 * screens/, the front ends) puts features together. test/boundaries.test.ts holds the other zone rules.
 */
const PACKAGE = '@khel/ui';

// Every file under features/ as text, keyed by its path under features/.
const sources = import.meta.glob<string>(['./**/*.ts', './**/*.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const packageJson = import.meta.glob<string>('../../package.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** `./src/features/clans/index.ts` → `features/clans/index.ts` (a path under src). */
const packageEntries: Record<string, string> = Object.fromEntries(
  Object.entries(
    (JSON.parse(Object.values(packageJson)[0] ?? '{}') as { exports?: Record<string, string> }).exports ?? {},
  ).map(([entry, target]) => [entry, target.replace(/^\.\/src\//, '')]),
);

// Import and re-export specifiers: `from '…'`, `import '…'`, `import('…')`.
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The code without block comments and whole-line `//` comments (which may mention imports). */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** `to` imported from `from` (a path under src) as a path under src; null when it is not in this package. */
export function targetOf(from: string, to: string): string | null {
  if (to === PACKAGE) return packageEntries['.'] ?? 'index.ts';
  if (to.startsWith(`${PACKAGE}/`)) return packageEntries[`./${to.slice(PACKAGE.length + 1)}`] ?? null;
  if (!to.startsWith('.')) return null;
  const parts = from.split('/').slice(0, -1);
  for (const part of to.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The feature a path under src belongs to, or null. */
export function featureOf(pathInSrc: string): string | null {
  const [top, name] = pathInSrc.split('/');
  return top === 'features' && name && pathInSrc.split('/').length > 2 ? name : null;
}

/** Why `file` (a path under src, in a feature) may not import `specifier`, or null when it may. */
export function crossing(file: string, specifier: string): string | null {
  const from = featureOf(file);
  if (!from) return null;
  if (specifier === PACKAGE) return `${file} imports ${PACKAGE}, whose root re-exports features`;
  const target = targetOf(file, specifier);
  const to = target === null ? null : featureOf(target);
  return to && to !== from ? `${file} imports features/${to} (${specifier})` : null;
}

/** Every crossing in the given sources (paths under src → code). */
export function crossings(files: ReadonlyArray<readonly [string, string]>): string[] {
  const found: string[] = [];
  for (const [file, code] of files) {
    for (const [, specifier] of withoutComments(code).matchAll(SPECIFIER)) {
      const why = crossing(file, specifier!);
      if (why) found.push(why);
    }
  }
  return found;
}

describe('features do not import each other', () => {
  it('the rule itself', () => {
    expect(packageEntries['./clans']).toBe('features/clans/index.ts');
    const check = (code: string) => crossings([['features/store/components/a.tsx', code]]);
    expect(check(`import { x } from '../../payments/components/b.tsx';`)).toHaveLength(1);
    expect(check(`export { x } from '../../payments/index.ts';`)).toHaveLength(1);
    expect(check(`const B = lazy(() => import('../../payments/b.tsx'));`)).toHaveLength(1);
    expect(check(`import { x } from '@khel/ui/payments';`)).toEqual([
      'features/store/components/a.tsx imports features/payments (@khel/ui/payments)',
    ]);
    expect(check(`import { x } from '@khel/ui';`)).toHaveLength(1);
    expect(check(`import './b.css';\nimport { y } from '../api/get-y.ts';`)).toEqual([]);
    expect(check(`import { Button } from '../../../components/button.tsx';`)).toEqual([]);
    expect(check(`import { x } from '@khel/ui/store';\nimport { z } from '@khel/core/contract';`)).toEqual(
      [],
    );
    expect(check(`// see import('@khel/ui/payments')\n/* from '../../kyc/x.ts' */`)).toEqual([]);
  });

  it('no file under features/<a>/ imports from features/<b>/', () => {
    const files = Object.entries(sources).map(
      ([key, code]) => [`features/${key.replace(/^\.\//, '')}`, code] as const,
    );
    expect(files.length).toBeGreaterThan(50);
    expect(crossings(files)).toEqual([]);
  });
});
