import { botActorAuthorization } from '@khel/core/bot-actor';
import {
  CLAN_MEMBER_NOT_FOUND_MESSAGE,
  CLAN_NO_LONGER_CHIEF_MESSAGE,
  CLAN_NOT_CHIEF_MESSAGE,
  CLAN_NOT_FOUND_MESSAGE,
} from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BOT_UNAUTHORIZED_MESSAGE, BOT_USER_NOT_LINKED_MESSAGE } from '../../lib/route.ts';
import { createTestContext, DB_KINDS, TEST_BOT_TOKEN, type TestContext } from '../../test-support.ts';
import {
  botAuth,
  clanOf,
  clanRow,
  clanTablesSnapshot,
  gamer,
  membersOfClan,
  outboxOf,
} from './clans.test-support.ts';

describe.each(DB_KINDS)('the chief’s console in Telegram on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A chief with an APPROVAL clan, two members and two pending requests. */
  async function crew() {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id, { joinPolicy: 'OPEN' });
    const members = [await gamer(ctx), await gamer(ctx)];
    for (const m of members)
      await ctx.json(`/platform-clans/${clan.id}/join`, { method: 'POST', headers: m.auth });
    await ctx.deps.db
      .update(schema.clans)
      .set({ joinPolicy: 'APPROVAL' })
      .where(eq(schema.clans.id, clan.id));
    const askers = [await gamer(ctx), await gamer(ctx)];
    for (const a of askers) {
      await ctx.json(`/platform-clans/${clan.id}/join`, { method: 'POST', headers: a.auth });
      ctx.advance(1_000); // one after another (requests are listed oldest first)
    }
    return { chief, clan, members, askers };
  }

  const call = async (
    method: string,
    path: string,
    telegramId: number,
    body?: unknown,
  ): Promise<Awaited<ReturnType<TestContext['json']>>> =>
    ctx.json(path, {
      method,
      headers: await botAuth(ctx, telegramId),
      ...(body === undefined ? {} : { body }),
    });

  it('shows the console to the chief: stats, rank, requests, members, group', async () => {
    const { chief, clan, members, askers } = await crew();
    const res = await call('GET', '/bot/clans/console', chief.telegramId);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.clan).toMatchObject({ id: clan.id, clanName: clan.name, memberCount: 3 });
    expect(data.stats).toMatchObject({ clanId: clan.id, memberCount: 3 });
    expect(data.stats.rank).toBeGreaterThanOrEqual(1);
    expect(data.pendingTotal).toBe(2);
    expect(data.pendingRequests.map((r: { userId: string }) => r.userId)).toEqual(
      askers.map((a) => a.user.id),
    );
    expect(data.memberTotal).toBe(3);
    expect(data.members[0]).toMatchObject({ userId: chief.user.id, role: 'Chief' });
    expect(data.members.map((m: { userId: string }) => m.userId).sort()).toEqual(
      [chief.user.id, ...members.map((m) => m.user.id)].sort(),
    );
    expect(data.telegramGroup).toBeNull();

    const member = await call('GET', '/bot/clans/console', members[0]!.telegramId);
    expect(member.status).toBe(403);
    expect(member.body.message).toBe(CLAN_NOT_CHIEF_MESSAGE);
  });

  it('approves, refuses, removes and announces from chat', async () => {
    const { chief, clan, members, askers } = await crew();
    const base = `/bot/clans/${clan.id}`;
    const approved = await call('POST', `${base}/requests/${askers[0]!.user.id}/approve`, chief.telegramId);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ userId: askers[0]!.user.id, role: 'Member' });
    expect((await outboxOf(ctx, askers[0]!.user.id)).map((n) => n.kind)).toContain('clan_request_approved');

    const refused = await call('POST', `${base}/requests/${askers[1]!.user.id}/refuse`, chief.telegramId);
    expect(refused.status).toBe(200);
    expect((await outboxOf(ctx, askers[1]!.user.id)).map((n) => n.kind)).toContain('clan_request_refused');

    const removed = await call('DELETE', `${base}/members/${members[0]!.user.id}`, chief.telegramId);
    expect(removed.status).toBe(200);
    expect((await outboxOf(ctx, members[0]!.user.id)).map((n) => n.kind)).toContain('clan_member_removed');
    expect(
      (await call('DELETE', `${base}/members/${members[0]!.user.id}`, chief.telegramId)).body.message,
    ).toBe(CLAN_MEMBER_NOT_FOUND_MESSAGE);

    const announced = await call('POST', `${base}/announcements`, chief.telegramId, { text: 'GG all' });
    expect(announced.status).toBe(200);
    expect(announced.body.data).toEqual({ recipients: 2 });
    expect((await membersOfClan(ctx, clan.id)).length).toBe(3);
    expect((await clanRow(ctx, clan.id)).memberCount).toBe(3);
  });

  it('links and unlinks a group: one group per clan, one clan per group, with group news', async () => {
    const { chief, clan } = await crew();
    const other = await crew();
    const chatId = -1_001_000_000_000 - Math.floor(Math.random() * 1e6);
    const linked = await call('PUT', `/bot/clans/${clan.id}/telegram-group`, chief.telegramId, {
      chatId,
      title: 'Crew HQ',
    });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toEqual({ chatId, title: 'Crew HQ', clanId: clan.id });
    const news = await ctx.deps.db
      .select()
      .from(schema.clanGroupNews)
      .where(eq(schema.clanGroupNews.clanId, clan.id));
    expect(news.map((n) => n.kind)).toEqual(['group_linked']);
    expect((await call('GET', '/bot/clans/console', chief.telegramId)).body.data.telegramGroup).toEqual({
      chatId,
      title: 'Crew HQ',
    });

    // A second group replaces the first; the group moving to another clan leaves the first clan without one.
    const chat2 = chatId - 1;
    await call('PUT', `/bot/clans/${clan.id}/telegram-group`, chief.telegramId, {
      chatId: chat2,
      title: 'HQ 2',
    });
    await call('PUT', `/bot/clans/${other.clan.id}/telegram-group`, other.chief.telegramId, {
      chatId: chat2,
      title: 'HQ 2',
    });
    const groups = await ctx.deps.db
      .select()
      .from(schema.clanTelegramGroups)
      .where(eq(schema.clanTelegramGroups.chatId, chat2));
    expect(groups.map((g) => g.clanId)).toEqual([other.clan.id]);
    expect(
      await ctx.deps.db
        .select()
        .from(schema.clanTelegramGroups)
        .where(eq(schema.clanTelegramGroups.clanId, clan.id)),
    ).toEqual([]);

    // The clan of a group, for anyone who types /clan there (a Telegram user with no Khel account too).
    const asked = await call('GET', `/bot/clans/telegram-group/${chat2}`, 4_000_000_002);
    expect(asked.status).toBe(200);
    expect(asked.body.data.clan).toMatchObject({ id: other.clan.id, clanName: other.clan.name });
    expect((await call('GET', `/bot/clans/telegram-group/${chatId}`, chief.telegramId)).body.data).toEqual({
      clan: null,
    });

    // Unlinking needs no chief: anyone's removal of the bot ends the link.
    const unlinked = await call('DELETE', `/bot/clans/telegram-group/${chat2}`, other.members[0]!.telegramId);
    expect(unlinked.status).toBe(200);
    expect(
      await ctx.deps.db
        .select()
        .from(schema.clanTelegramGroups)
        .where(eq(schema.clanTelegramGroups.chatId, chat2)),
    ).toEqual([]);
    expect((await call('DELETE', '/bot/clans/telegram-group/abc', chief.telegramId)).status).toBe(404);
  });

  it('refuses a bad signature (401) and a Telegram user without an account (403), changing nothing', async () => {
    const { chief, clan, askers } = await crew();
    const before = await clanTablesSnapshot(ctx);
    const path = `/bot/clans/${clan.id}/requests/${askers[0]!.user.id}/approve`;
    const forged = await botActorAuthorization(
      '7000000001:AAEsomeOtherBotsTokenXXXXXXXXXXXXXXX',
      chief.telegramId,
      ctx.now(),
    );
    for (const authorization of [
      forged,
      `Bearer x`,
      '',
      `TelegramBot ${chief.telegramId}.1.${'a'.repeat(43)}`,
    ]) {
      const res = await ctx.json(path, { method: 'POST', headers: { authorization } });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(BOT_UNAUTHORIZED_MESSAGE);
    }
    // Stale: signed two minutes ago.
    const stale = await botActorAuthorization(
      TEST_BOT_TOKEN,
      chief.telegramId,
      new Date(ctx.now().getTime() - 120_000),
    );
    expect((await ctx.json(path, { method: 'POST', headers: { authorization: stale } })).status).toBe(401);
    const unknown = await call('POST', path, 4_000_000_001);
    expect(unknown.status).toBe(403);
    expect(unknown.body.message).toBe(BOT_USER_NOT_LINKED_MESSAGE);
    expect(await clanTablesSnapshot(ctx)).toEqual(before);
  });

  it('a non-chief pressing the chief’s buttons changes nothing (403: only the chief can do this)', async () => {
    const { clan, members, askers } = await crew();
    const before = await clanTablesSnapshot(ctx);
    const base = `/bot/clans/${clan.id}`;
    const m = members[0]!.telegramId;
    for (const [method, path, body] of [
      ['POST', `${base}/requests/${askers[0]!.user.id}/approve`],
      ['POST', `${base}/requests/${askers[0]!.user.id}/refuse`],
      ['DELETE', `${base}/members/${members[1]!.user.id}`],
      ['POST', `${base}/announcements`, { text: 'hi' }],
      ['PUT', `${base}/telegram-group`, { chatId: -42, title: 'x' }],
    ] as const) {
      const res = await call(method, path, m, body);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(CLAN_NOT_CHIEF_MESSAGE);
    }
    // A view drawn for the clan, pressed by the member: the same answer.
    const view = await call('GET', `/bot/clans/console?clanId=${clan.id}`, m);
    expect([view.status, view.body.message]).toEqual([403, CLAN_NOT_CHIEF_MESSAGE]);
    expect(await clanTablesSnapshot(ctx)).toEqual(before);
    expect((await call('POST', `/bot/clans/not-a-clan/announcements`, m, { text: 'x' })).body.message).toBe(
      CLAN_NOT_FOUND_MESSAGE,
    );
  });

  it('a chief who handed the clan over gets CLAN_NO_LONGER_CHIEF_MESSAGE from old buttons', async () => {
    const { chief, clan, members, askers } = await crew();
    const handed = await ctx.json('/platform-clans/me/handover', {
      method: 'POST',
      headers: chief.auth,
      body: { userId: members[0]!.user.id },
    });
    expect(handed.status).toBe(200);
    const before = await clanTablesSnapshot(ctx);
    const base = `/bot/clans/${clan.id}`;
    for (const [method, path] of [
      ['POST', `${base}/requests/${askers[0]!.user.id}/approve`],
      ['POST', `${base}/requests/${askers[1]!.user.id}/refuse`],
      ['DELETE', `${base}/members/${members[1]!.user.id}`],
    ] as const) {
      const res = await call(method, path, chief.telegramId);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(CLAN_NO_LONGER_CHIEF_MESSAGE);
    }
    expect(await clanTablesSnapshot(ctx)).toEqual(before);
    expect((await call('GET', '/bot/clans/console', chief.telegramId)).status).toBe(403);
    const view = await call('GET', `/bot/clans/console?clanId=${clan.id}`, chief.telegramId);
    expect([view.status, view.body.message]).toEqual([403, CLAN_NO_LONGER_CHIEF_MESSAGE]);
    const heirView = await call('GET', `/bot/clans/console?clanId=${clan.id}`, members[0]!.telegramId);
    expect(heirView.body.data.clan.id).toBe(clan.id);
    // The new chief's buttons work.
    const approved = await call(
      'POST',
      `${base}/requests/${askers[0]!.user.id}/approve`,
      members[0]!.telegramId,
    );
    expect(approved.status).toBe(200);
  });
});
