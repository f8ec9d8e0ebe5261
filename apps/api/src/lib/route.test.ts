import { defineRoute, profileRoutes } from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signedInUser } from '../modules/profile/profile.test-support.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import type { AppEnv } from './context.ts';
import { ACTIVE_USER, mount } from './route.ts';

const probe = (auth: 'bearer' | 'none') =>
  defineRoute({
    method: 'GET',
    path: '/probe',
    summary: 'probe',
    tag: 'Test',
    auth,
    response: z.object({ id: z.string() }),
  });

describe('mount with ACTIVE_USER', () => {
  it('refuses, at mount time, a route the contract does not guard with a bearer token', () => {
    const handler = async ({ user }: { user: { id: string } }) => ({ data: { id: user.id } });
    expect(() => mount(new Hono<AppEnv>(), probe('none'), ACTIVE_USER, handler)).toThrow(
      "GET /probe: auth 'active-user' needs a bearer or bot route in the contract",
    );
    expect(() => mount(new Hono<AppEnv>(), probe('bearer'), ACTIVE_USER, handler)).not.toThrow();
  });

  describe('on a running API', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext('pglite');
    });
    afterAll(() => ctx.close());

    it('gives the handler the signed-in user, and answers 401 once the account is deleted', async () => {
      const { user, auth } = await signedInUser(ctx);
      const before = await ctx.json(profileRoutes.profile.path, { headers: auth });
      expect(before.status).toBe(200);
      expect(before.body.data.id).toBe(user.id);
      await ctx.deps.db
        .update(schema.users)
        .set({ deletedAt: ctx.now() })
        .where(eq(schema.users.id, user.id));
      const after = await ctx.json(profileRoutes.profile.path, { headers: auth });
      expect(after.status).toBe(401);
    });
  });
});
