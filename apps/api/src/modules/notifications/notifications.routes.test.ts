import { NOTIFICATION_KINDS } from '@khel/core/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';

describe.each(DB_KINDS)('notification settings on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('every kind is on until turned off, and the bot is not connected before /start', async () => {
    const u = await signedInUser(ctx);
    const res = await ctx.json('/users/me/notification-settings', { headers: u.auth });
    expect(res.body.data).toEqual({
      botConnected: false,
      botBlocked: false,
      settings: NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: true })),
    });
    const saved = await ctx.json('/users/me/notification-settings', {
      method: 'PUT',
      body: { settings: [{ kind: 'quest_slots_low', enabled: false }] },
      headers: u.auth,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.settings).toContainEqual({ kind: 'quest_slots_low', enabled: false });
    const other = await signedInUser(ctx);
    const theirs = await ctx.json('/users/me/notification-settings', { headers: other.auth });
    expect(theirs.body.data.settings).toContainEqual({ kind: 'quest_slots_low', enabled: true });
  });

  it('refuses unknown kinds and needs a sign-in', async () => {
    const u = await signedInUser(ctx);
    const bad = await ctx.json('/users/me/notification-settings', {
      method: 'PUT',
      body: { settings: [{ kind: 'spam', enabled: true }] },
      headers: u.auth,
    });
    expect(bad.status).toBe(400);
    expect((await ctx.json('/users/me/notification-settings')).status).toBe(401);
  });
});
