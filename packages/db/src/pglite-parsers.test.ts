import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, DRIZZLE_PGLITE_PARSERS, withoutPerQueryParsers } from './client.ts';
import { schema } from './index.ts';

describe('PGlite without per-query parsers', () => {
  const handle = createDatabase({ kind: 'pglite' });
  afterAll(() => handle.close());

  it('drizzle sends no parsers with a query, in or out of a transaction', async () => {
    const pglite = new PGlite({ parsers: DRIZZLE_PGLITE_PARSERS });
    await pglite.waitReady;
    const seen: unknown[] = [];
    const recording = new Proxy(pglite, {
      get(target, prop) {
        if (prop === 'query')
          return (q: string, p?: unknown[], o?: { parsers?: unknown }) => {
            seen.push(o?.parsers);
            return target.query(q, p, o as never);
          };
        if (prop === 'transaction')
          return (run: (tx: unknown) => Promise<unknown>) =>
            target.transaction((tx) =>
              run(
                new Proxy(tx, {
                  get(t, k) {
                    if (k === 'query')
                      return (q: string, p?: unknown[], o?: { parsers?: unknown }) => {
                        seen.push(o?.parsers);
                        return t.query(q, p, o as never);
                      };
                    return Reflect.get(t, k);
                  },
                }),
              ),
            );
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const db = drizzle({ client: withoutPerQueryParsers(recording) });
    await db.execute(sql`select now() as at`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((p) => p === undefined)).toBe(true);
    await pglite.close();
  });

  it('timestamps, dates and numerics still map as drizzle expects', async () => {
    await handle.migrate();
    const at = new Date('2026-11-24T10:20:30.123Z');
    const [row] = await handle.db
      .insert(schema.users)
      .values({ createdAt: at, updatedAt: at })
      .returning({ id: schema.users.id });
    const [read] = await handle.db
      .select({ createdAt: schema.users.createdAt })
      .from(schema.users)
      .where(eq(schema.users.id, row!.id));
    expect(read!.createdAt).toBeInstanceOf(Date);
    expect(read!.createdAt.toISOString()).toBe(at.toISOString());
    const raw = (await handle.db.execute(
      sql`select '2026-11-24'::date as d, '{1.5,2}'::numeric[] as n, '{2026-01-01}'::date[] as da`,
    )) as unknown as { rows: unknown[] };
    // As drizzle's own per-query parsers left them: text, for drizzle's column mappers.
    expect(raw.rows[0]).toEqual({ d: '2026-11-24', n: '{1.5,2}', da: '{2026-01-01}' });
  });
});
