import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as username from '../validation/username.ts';
// Runs in the unit-isolated project (vitest.config.ts): a module graph of its own, so what is built
// here was built by this file's imports.
import * as contract from './index.ts';
import { type RouteDef, routes, storeRoutes } from './index.ts';
import { isLazySchema, lazySchema, lazySchemaCounts } from './lazy.ts';

const SCHEMA_FIELDS = ['query', 'body', 'params', 'response'] as const;

describe('the contract’s schemas are made on first use', () => {
  it('importing the contract builds none of them, and every route’s schemas are lazy', () => {
    const counts = lazySchemaCounts();
    expect(counts.made).toBeGreaterThan(400);
    expect(counts.built).toBe(0);
    for (const [name, route] of Object.entries(routes as Record<string, RouteDef>)) {
      for (const field of SCHEMA_FIELDS) {
        if (route[field] !== undefined) expect(isLazySchema(route[field]), `${name}.${field}`).toBe(true);
      }
    }
    // No exported schema was made at import either (asking `isLazySchema` first builds nothing), but
    // for the validation rules' one-string schemas the contract passes on (pogNameSchema).
    const fromValidation = new Set<unknown>(Object.values(username));
    const eager = Object.entries(contract).filter(
      ([, value]) => !isLazySchema(value) && !fromValidation.has(value) && value instanceof z.ZodType,
    );
    expect(eager.map(([name]) => name)).toEqual([]);
    expect(lazySchemaCounts().built).toBe(0);
  });

  it('a route’s first request builds its schemas (and those they hold), not the others', () => {
    const before = lazySchemaCounts().built;
    const parsed = storeRoutes.storePurchase.body!.safeParse({
      itemId: 'nope',
      quantity: 1,
      currency: 'KCASH',
    });
    expect(parsed.success).toBe(false);
    const after = lazySchemaCounts().built;
    expect(after).toBeGreaterThan(before);
    expect(after - before).toBeLessThan(5);
  });

  it('stands in for the schema: parse, instanceof, extend, optional, shape, describe and JSON Schema', () => {
    let builds = 0;
    const item = lazySchema(() => {
      builds += 1;
      return z.object({ name: z.string().min(2), note: z.string().describe('free text') });
    });
    const labelled = lazySchema(() => z.string().describe('a label'));
    const holder = lazySchema(() => z.object({ item, label: labelled.optional() }));
    expect(builds).toBe(0);

    expect(holder.parse({ item: { name: 'ab', note: '' } })).toEqual({ item: { name: 'ab', note: '' } });
    expect(builds).toBe(1);
    expect(item.safeParse({ name: 'a', note: '' }).success).toBe(false);
    expect(item instanceof z.ZodType).toBe(true);
    expect(item instanceof z.ZodObject).toBe(true);
    expect(Object.keys(item.shape)).toEqual(['name', 'note']);
    expect(item.extend({ extra: z.number() }).parse({ name: 'ab', note: '', extra: 1 })).toHaveProperty(
      'extra',
      1,
    );
    expect(labelled.description).toBe('a label');
    expect(z.toJSONSchema(labelled)).toMatchObject({ type: 'string', description: 'a label' });
    expect(z.toJSONSchema(holder)).toMatchObject({
      type: 'object',
      required: ['item'],
      properties: {
        item: { properties: { note: { description: 'free text' } } },
        label: { type: 'string', description: 'a label' },
      },
    });
    expect(builds).toBe(1);
  });
});
