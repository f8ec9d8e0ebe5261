import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes } from './index.ts';

/**
 * The front ends' builds drop the contract's schemas (tooling/vite/client-contract.ts) and read an answer as
 * the server sent it. That is only the same as parsing it if parsing changes nothing: an answer schema
 * may check, never fill in or rewrite (no default, transform, coercion or catch anywhere inside it).
 */
const REWRITES = new Set(['default', 'prefault', 'catch', 'transform', 'pipe', 'success']);

interface Def {
  type: string;
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
}

/** Where inside `schema` something would rewrite an answer, as `path: kind`. */
function rewritesIn(schema: z.ZodType, path: string, seen = new Set<object>()): string[] {
  const def = schema._zod.def as unknown as Def;
  if (seen.has(def)) return [];
  seen.add(def);
  const found = REWRITES.has(def.type) || def.coerce ? [`${path}: ${def.coerce ? 'coerce' : def.type}`] : [];
  const inner = (child: z.ZodType | null | undefined, at: string): void => {
    if (child) found.push(...rewritesIn(child, at, seen));
  };
  for (const [key, child] of Object.entries(def.shape ?? {})) inner(child, `${path}.${key}`);
  inner(def.catchall, `${path}.*`);
  inner(def.element, `${path}[]`);
  inner(def.innerType, path);
  for (const [i, option] of (def.options ?? []).entries()) inner(option, `${path}|${i}`);
  inner(def.left, path);
  inner(def.right, path);
  inner(def.keyType, `${path}{key}`);
  inner(def.valueType, `${path}{value}`);
  for (const [i, item] of (def.items ?? []).entries()) inner(item, `${path}[${i}]`);
  inner(def.rest, `${path}[…]`);
  inner(def.in, path);
  inner(def.out, path);
  if (def.getter) inner(def.getter(), path);
  return found;
}

describe('answer schemas', () => {
  it('never fill in or rewrite an answer, so a client may skip parsing it', () => {
    const found = Object.entries(routes).flatMap(([name, route]) => rewritesIn(route.response, name));
    expect(found).toEqual([]);
  });

  it('the check finds a default, a transform and a coercion deep inside', () => {
    const schema = z.object({
      a: z.array(z.object({ b: z.boolean().default(false) })),
      c: z.union([z.string(), z.string().transform((s) => s.length)]),
      d: z.coerce.number().nullable(),
    });
    expect(rewritesIn(schema, 'x')).toEqual([
      'x.a[].b: default',
      'x.c|1: pipe',
      'x.c|1: transform',
      'x.d: coerce',
    ]);
  });
});
