import { schema } from '@khel/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { captureLogs, type LogCapture } from '../hostile-input.test-support.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../test-support.ts';
import { INPUT_REFUSED_BY_DATABASE_CODES, INPUT_REFUSED_MESSAGE } from './database-input-error.ts';

/**
 * The net under the contract (app.onError): a value the database refuses as input (a NUL, a string too
 * long, a number out of range, text that is not the column's type) is a 400 logged at warn, never a 500
 * logged as an error, should a schema ever let one through. Checked against the real engines.
 */
describe.each(DB_KINDS)('input refused by %s is a 400 at warn, not a 500', (kind) => {
  let ctx: TestContext;
  let logs: LogCapture;
  beforeAll(async () => {
    logs = captureLogs();
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {}, { logger: logs.logger });
    const { db } = ctx.deps;
    // Routes that pass a request's value straight to the database, as a forgotten check would.
    const value = async (c: { req: { json(): Promise<{ v: string }> } }) => (await c.req.json()).v;
    ctx.app.post('/test/text', async (c) => {
      await db
        .insert(schema.analyticsEvents)
        .values({ eventName: await value(c), eventId: 'x', details: {} });
      return c.text('stored');
    });
    ctx.app.post('/test/json', async (c) => {
      await db
        .insert(schema.analyticsEvents)
        .values({ eventName: 'x', eventId: 'x', details: { v: await value(c) } });
      return c.text('stored');
    });
    ctx.app.post('/test/varchar', async (c) => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table short_text (v varchar(3)) on commit drop`);
        await tx.execute(sql`insert into short_text values (${await value(c)})`);
      });
      return c.text('stored');
    });
    ctx.app.post('/test/int', async (c) => {
      await db.execute(sql`select ${await value(c)}::int + 1`);
      return c.text('ok');
    });
    ctx.app.post('/test/uuid', async (c) => {
      await db.execute(sql`select ${await value(c)}::uuid`);
      return c.text('ok');
    });
    ctx.app.post('/test/broken', async (c) => {
      await db.execute(sql`select * from no_such_table`);
      return c.text('ok');
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it.each([
    ['/test/text', 'a\u0000b', '22021'],
    ['/test/json', 'a\u0000b', '22P05'],
    ['/test/varchar', 'too long', '22001'],
    ['/test/int', '99999999999', '22003'],
    ['/test/uuid', 'not-a-uuid', '22P02'],
  ])('%s with %j: PostgreSQL %s', async (path, v, code) => {
    expect(Object.keys(INPUT_REFUSED_BY_DATABASE_CODES)).toContain(code);
    const res = await ctx.app.request(path, { method: 'POST', body: JSON.stringify({ v }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      status: 400,
      data: null,
      message: INPUT_REFUSED_MESSAGE,
    });
    const lines = logs.take();
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    const warning = lines.find((l) => l.msg === 'input refused by the database');
    expect(warning).toMatchObject({ level: 'warn', pgCode: code });
    // The refused value itself is never logged.
    expect(JSON.stringify(lines)).not.toContain(v);
  });

  it('any other database error is still a 500 logged as an error', async () => {
    const res = await ctx.app.request('/test/broken', { method: 'POST' });
    expect(res.status).toBe(500);
    expect(logs.take().filter((l) => l.level === 'error')).toHaveLength(1);
  });
});
