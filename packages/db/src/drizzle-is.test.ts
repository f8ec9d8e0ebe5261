import { Column, entityKind, is, SQL, sql, Table } from 'drizzle-orm';
import { PgColumn, PgTable, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

/**
 * `patches/drizzle-orm@0.45.4.patch` makes drizzle's `is` (entity checks, a dozen per chunk of every
 * statement built) remember each class's entity kinds instead of walking its class chain on every miss:
 * the answers must be the ones of the unpatched check.
 */
describe("drizzle's is, patched", () => {
  const users = pgTable('users', { name: text('name') });

  it('is the patched one (the patch is applied by pnpm install)', () => {
    expect(is.toString()).toContain('kindsOf(');
  });

  it('finds a kind on the class itself and through its ancestors', () => {
    expect(is(users, PgTable)).toBe(true);
    expect(is(users, Table)).toBe(true);
    expect(is(users.name, PgColumn)).toBe(true);
    expect(is(users.name, Column)).toBe(true);
    expect(is(sql`select 1`, SQL)).toBe(true);
  });

  it('answers no for other kinds, plain values and objects of no class', () => {
    expect(is(users, Column)).toBe(false);
    expect(is(users.name, Table)).toBe(false);
    expect(is(sql`select 1`, Table)).toBe(false);
    expect(is({}, SQL)).toBe(false);
    expect(is('text', SQL)).toBe(false);
    expect(is(null, SQL)).toBe(false);
    expect(is(new Date(), SQL)).toBe(false);
    expect(is(Object.create(null), SQL)).toBe(false);
  });

  it('matches a class of another copy of drizzle by its kind, as before', () => {
    class ForeignSql {
      static readonly [entityKind] = SQL[entityKind];
      readonly queryChunks: unknown[] = [];
    }
    expect(is(new ForeignSql(), SQL)).toBe(true);
    class Unrelated {}
    expect(is(new Unrelated(), SQL)).toBe(false);
  });

  it('still refuses a type that is no drizzle entity', () => {
    class NotAnEntity {}
    expect(() => is({}, NotAnEntity as unknown as typeof SQL)).toThrow(/doesn't look like a Drizzle entity/);
  });
});
