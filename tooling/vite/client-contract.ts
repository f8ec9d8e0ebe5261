import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The contract as the front ends' builds ship it: routes (method, path, flags) without their schemas or
 * summaries. Every screen that calls the API imports its routes from @khel/core/contract, and each route
 * carries zod schemas (its answer is parsed with them in development and tests) and an OpenAPI summary;
 * on a phone those cost a 26 KB gzip zod chunk per first visit and zod's parser set-up on the main thread.
 *
 * - `lazy.ts` is replaced by `lazy-client.ts`, whose `lazySchema` ignores its factory and returns a schema
 *   that reads an answer as sent (why that is the same as parsing: lazy-client.ts);
 * - in packages/core/src/contract, every `lazySchema(factory)` call's factory becomes `0`, so nothing
 *   references zod and the bundler leaves it out (bundle-budget.mjs fails a build that still has it);
 * - `summary: '…'` (a plain string literal) becomes `summary: ''`.
 *
 * Only in `vite build`: `vite dev` keeps the schemas.
 */
const CONTRACT_FILE = /packages\/core\/src\/contract\/[^/]+\.ts$/;
const LAZY_FILE = /packages\/core\/src\/contract\/lazy\.ts$/;
const CLIENT_LAZY = fileURLToPath(
  new URL('../../packages/core/src/contract/lazy-client.ts', import.meta.url),
);
const SUMMARY = /(\bsummary:\s*)(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.)*`)/g;

interface Node {
  type: string;
  start: number;
  end: number;
  callee?: Node & { name?: string };
  arguments?: Node[];
}

/** The factory argument of every outermost `lazySchema(…)` call in `program`, in source order. */
function lazyFactories(program: unknown): Node[] {
  const found: Node[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const node = value as Node;
    if (
      node.type === 'CallExpression' &&
      node.callee?.type === 'Identifier' &&
      node.callee.name === 'lazySchema' &&
      node.arguments?.length === 1
    ) {
      found.push(node.arguments[0]!);
      return; // a factory inside a factory goes with it
    }
    for (const key in node)
      if (key !== 'type' && key !== 'start' && key !== 'end') visit((node as never)[key]);
  };
  visit(program);
  return found.sort((a, b) => a.start - b.start);
}

/** `code` with every lazySchema factory replaced by `0` (offsets checked, so a mismatch fails the build). */
export function dropSchemaFactories(code: string, parse: (code: string) => unknown, id: string): string {
  if (!code.includes('lazySchema(')) return code;
  let out = '';
  let at = 0;
  for (const factory of lazyFactories(parse(code))) {
    const before = code.slice(0, factory.start).trimEnd();
    if (!before.endsWith('lazySchema('))
      throw new Error(`client-contract: cannot place a lazySchema factory in ${id}`);
    out += `${code.slice(at, factory.start)}0`;
    at = factory.end;
  }
  return out + code.slice(at);
}

export function clientContract() {
  return {
    name: 'khel-client-contract',
    apply: 'build' as const,
    enforce: 'pre' as const,
    load(id: string) {
      return LAZY_FILE.test(id.split('?')[0]!) ? readFileSync(CLIENT_LAZY, 'utf8') : null;
    },
    transform(this: { parse: (code: string, options: { lang: 'ts' }) => unknown }, code: string, id: string) {
      const file = id.split('?')[0]!;
      if (!CONTRACT_FILE.test(file) || LAZY_FILE.test(file) || file.endsWith('.test.ts')) return null;
      const parse = (text: string) => this.parse(text, { lang: 'ts' });
      const withoutSchemas = dropSchemaFactories(code, parse, file);
      return { code: withoutSchemas.replace(SUMMARY, "$1''"), map: null };
    },
  };
}
