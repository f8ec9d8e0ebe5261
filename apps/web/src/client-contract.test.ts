import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { dropSchemaFactories } from '../../../tooling/vite/client-contract.ts';

const parse = (code: string) => parseSync('contract.ts', code).program;

describe('client-contract: the front ends ship routes without schemas', () => {
  it('replaces each lazySchema factory, nested ones with it, and keeps everything else', () => {
    const code = [
      "import { z } from 'zod';",
      "const a = lazySchema(() => z.object({ b: lazySchema(() => z.string().regex(/(x)\\)/)), c: ')' }));",
      "export const routes = { one: route({ method: 'GET', path: '/a/:id', response: a, query: lazySchema(() => z.object({})) }) };",
      '/** lazySchema( in a comment: Hindi text हिन्दी before it */',
      'export const d: z.ZodType = lazySchema((): z.ZodString => z.string());',
    ].join('\n');
    const out = dropSchemaFactories(code, parse, 'contract.ts');
    expect(out).toBe(
      [
        "import { z } from 'zod';",
        'const a = lazySchema(0);',
        "export const routes = { one: route({ method: 'GET', path: '/a/:id', response: a, query: lazySchema(0) }) };",
        '/** lazySchema( in a comment: Hindi text हिन्दी before it */',
        'export const d: z.ZodType = lazySchema(0);',
      ].join('\n'),
    );
  });

  it('fails the build when a position does not land on a factory', () => {
    const wrong = () => ({
      type: 'Program',
      body: [
        {
          type: 'CallExpression',
          start: 0,
          end: 5,
          callee: { type: 'Identifier', name: 'lazySchema' },
          arguments: [{ type: 'X', start: 1, end: 2 }],
        },
      ],
    });
    expect(() => dropSchemaFactories('x = 1; lazySchema(f);', wrong, 'x.ts')).toThrow(/cannot place/);
  });
});
