import {
  NOTIFICATION_KINDS,
  NOTIFICATION_SETTINGS_EMPTY_MESSAGE,
  QUIET_HOURS_MESSAGE,
  TIME_ZONE_MESSAGE,
} from '@khel/core/contract';
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
      muted: false,
      quietHours: null,
      // An Indian phone number: IST until the user picks a zone.
      timeZone: 'Asia/Kolkata',
      timeZoneChosen: false,
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

  it('mutes everything, sets quiet hours and a zone, each alone; the kinds keep their own switches', async () => {
    const u = await signedInUser(ctx, { phoneNumber: `+5511${String(Date.now()).slice(-9)}` });
    const put = (body: unknown) =>
      ctx.json('/users/me/notification-settings', { method: 'PUT', body, headers: u.auth });
    const muted = await put({ muted: true, quietHours: { start: '22:30', end: '07:00' } });
    expect(muted.status).toBe(200);
    expect(muted.body.data).toMatchObject({
      muted: true,
      quietHours: { start: '22:30', end: '07:00' },
      // A Brazilian phone number: Brasília time by default.
      timeZone: 'America/Sao_Paulo',
      timeZoneChosen: false,
    });
    expect(muted.body.data.settings.every((s: { enabled: boolean }) => s.enabled)).toBe(true);

    const zoned = await put({ timeZone: 'America/Manaus' });
    expect(zoned.body.data).toMatchObject({
      muted: true,
      quietHours: { start: '22:30', end: '07:00' },
      timeZone: 'America/Manaus',
      timeZoneChosen: true,
    });
    const back = await put({ muted: false, quietHours: null, timeZone: null });
    expect(back.body.data).toMatchObject({
      muted: false,
      quietHours: null,
      timeZone: 'America/Sao_Paulo',
      timeZoneChosen: false,
    });
  });

  it('refuses quiet hours that are not two different HH:MM, an unknown zone and an empty change', async () => {
    const u = await signedInUser(ctx);
    const before = (await ctx.json('/users/me/notification-settings', { headers: u.auth })).body.data;
    for (const [body, message] of [
      [{ quietHours: { start: '22:00', end: '22:00' } }, QUIET_HOURS_MESSAGE],
      [{ quietHours: { start: '25:00', end: '07:00' } }, QUIET_HOURS_MESSAGE],
      [{ quietHours: { start: '22:00' } }, undefined],
      [{ timeZone: 'Mars/Olympus' }, TIME_ZONE_MESSAGE],
      [{}, NOTIFICATION_SETTINGS_EMPTY_MESSAGE],
      [{ muted: 'yes' }, undefined],
    ] as const) {
      const res = await ctx.json('/users/me/notification-settings', { method: 'PUT', body, headers: u.auth });
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    }
    expect((await ctx.json('/users/me/notification-settings', { headers: u.auth })).body.data).toEqual(
      before,
    );
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
