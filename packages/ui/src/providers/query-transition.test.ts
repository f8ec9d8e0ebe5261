import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// patches/@tanstack__react-query@5.108.0.patch (issue 25): a query's answer re-renders its component
// in a transition, which React renders in slices, not through useSyncExternalStore, whose updates
// React always renders synchronously (one long task per answer on a slow phone). An upgrade of
// TanStack Query that drops the patch fails here.
const require = createRequire(import.meta.url);

function built(file: string): string {
  const main = require.resolve('@tanstack/react-query');
  return readFileSync(join(dirname(main), file), 'utf8');
}

describe('TanStack Query answers render in a transition', () => {
  for (const file of ['useBaseQuery.js', 'useBaseQuery.cjs']) {
    it(`the ${file} build subscribes through startTransition`, () => {
      const source = built(file);
      expect(source).toMatch(/startTransition\(rerender\)/);
      expect(source).not.toMatch(/\.useSyncExternalStore\(/);
    });
  }
});
