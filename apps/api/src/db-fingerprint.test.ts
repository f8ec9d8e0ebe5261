import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { writeWatch } from './db-fingerprint.test-support.ts';
import { freshIp } from './modules/auth/auth.test-support.ts';
import { createTestContext, type TestContext } from './test-support.ts';

/** The every-endpoint fuzzer's check that a refusal wrote nothing, shown able to fail. */
describe('writeWatch (what a request changed)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('names a table a write changed, nothing after a read, and leaves out the tables refusals may write', async () => {
    const writes = await writeWatch(ctx.deps.db);
    await ctx.deps.db.select().from(schema.users);
    expect(await writes.changed()).toEqual([]);
    const [user] = await ctx.deps.db
      .insert(schema.users)
      .values({ username: `fp${Date.now() % 1e9}` } as typeof schema.users.$inferInsert)
      .returning();
    expect(await writes.changed()).toEqual(['users']);
    await ctx.deps.db.update(schema.users).set({ firstName: 'Changed' }).where(eq(schema.users.id, user!.id));
    expect(await writes.changed()).toEqual(['users']);
    // A refused sign-in counts against its rate limit: rate_limits is one of MAY_CHANGE_ON_REFUSAL.
    await ctx.app.request('/authentication/otp/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body: JSON.stringify({ phone: '+919876543210', otp: '000000' }),
    });
    expect(await writes.changed()).not.toContain('rate_limits');
  });
});
