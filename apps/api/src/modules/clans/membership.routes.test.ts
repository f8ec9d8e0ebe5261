import {
  CLAN_ALREADY_IN_CLAN_MESSAGE,
  CLAN_ANNOUNCEMENT_LIMIT_MESSAGE,
  CLAN_ANNOUNCEMENTS_PER_DAY,
  CLAN_CHIEF_CANNOT_LEAVE_MESSAGE,
  CLAN_DELETE_TOO_EARLY_MESSAGE,
  CLAN_ERROR_CODES,
  CLAN_FULL_MESSAGE,
  CLAN_JOIN_TOO_EARLY_MESSAGE,
  CLAN_MEMBER_NOT_FOUND_MESSAGE,
  CLAN_NOT_CHIEF_MESSAGE,
  CLAN_NOT_FOUND_MESSAGE,
  CLAN_NOT_IN_CLAN_MESSAGE,
  CLAN_REQUEST_NOT_FOUND_MESSAGE,
  CLAN_REQUESTER_IN_CLAN_MESSAGE,
} from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import {
  authNow,
  clanOf,
  clanRow,
  clanTablesSnapshot,
  DAY,
  eventsOf,
  gamer,
  membersOfClan,
  outboxOf,
} from './clans.test-support.ts';
import { formatClanDate } from './clans.ts';

describe.each(DB_KINDS)('clan membership on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {
      PUBLIC_URL: 'https://khel.test',
      TELEGRAM_BOT_USERNAME: 'KhelTestBot',
      TELEGRAM_MINIAPP_SHORT_NAME: 'app',
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const join = (clanId: string, auth: { authorization: string }) =>
    ctx.json(`/platform-clans/${clanId}/join`, { method: 'POST', headers: auth });
  const post = (path: string, auth: { authorization: string }, body?: unknown) =>
    ctx.json(path, { method: 'POST', headers: auth, ...(body === undefined ? {} : { body }) });
  const del = (path: string, auth: { authorization: string }) =>
    ctx.json(path, { method: 'DELETE', headers: auth });

  it('joins an OPEN clan at once: a member, member_count up, a join event, news to a linked group', async () => {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id);
    await ctx.deps.db.insert(schema.clanTelegramGroups).values({
      chatId: -100_000_000_000 - Math.floor(Math.random() * 1e6),
      clanId: clan.id,
      title: 'Crew chat',
    });
    const g = await gamer(ctx);
    const res = await join(clan.id, g.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('ACTIVE');
    expect(res.body.data.clan.memberCount).toBe(2);
    expect((await clanRow(ctx, clan.id)).memberCount).toBe(2);
    expect((await membersOfClan(ctx, clan.id)).map((m) => m.userId)).toContain(g.user.id);
    expect((await eventsOf(ctx, clan.id)).some((e) => e.kind === 'join' && e.userId === g.user.id)).toBe(
      true,
    );
    const news = await ctx.deps.db
      .select()
      .from(schema.clanGroupNews)
      .where(eq(schema.clanGroupNews.clanId, clan.id));
    expect(news).toHaveLength(1);
    expect(news[0]!.kind).toBe('member_joined');
    expect(news[0]!.payload).toMatchObject({ clanName: clan.name, memberName: g.user.username });

    // One clan per user: again, or another clan, is a 409 that changes nothing.
    const other = await clanOf(ctx, (await gamer(ctx)).user.id);
    const before = await clanTablesSnapshot(ctx);
    for (const id of [clan.id, other.id]) {
      const again = await join(id, g.auth);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(CLAN_ALREADY_IN_CLAN_MESSAGE);
    }
    expect(await clanTablesSnapshot(ctx)).toEqual(before);
    // A chief is in a clan too.
    expect((await join(other.id, chief.auth)).body.message).toBe(CLAN_ALREADY_IN_CLAN_MESSAGE);
  });

  it('answers 404 for an unknown or deleted clan and for an id that is not one', async () => {
    const g = await gamer(ctx);
    expect((await join('0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6f', g.auth)).status).toBe(404);
    expect((await join('not-a-clan', g.auth)).body.message).toBe(CLAN_NOT_FOUND_MESSAGE);
    const gone = await clanOf(ctx, (await gamer(ctx)).user.id, { deletedAt: ctx.now() });
    expect((await join(gone.id, g.auth)).status).toBe(404);
    expect((await ctx.json(`/platform-clans/${gone.id}/join`, { method: 'POST' })).status).toBe(401);
  });

  it('join requests reach the chief as a digest: the first at once, then at most one push per window', async () => {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id, { joinPolicy: 'APPROVAL' });
    const window = ctx.deps.env.CLAN_JOIN_DIGEST_MINUTES * 60_000;
    const digests = async () =>
      (await ctx.deps.db.select().from(schema.outbox).where(eq(schema.outbox.userId, chief.user.id)))
        .filter((n) => n.kind === 'clan_join_request')
        .sort((x, y) => x.id - y.id);
    /** What the notifier does when it sends a row (claimed, then marked sent), at the test clock. */
    const sendNow = async (id: number) =>
      ctx.deps.db
        .update(schema.outbox)
        .set({ status: 'sent', sentAt: ctx.now(), lockedUntil: null })
        .where(eq(schema.outbox.id, id));
    const ask = async () => {
      const g = await gamer(ctx);
      expect((await join(clan.id, g.auth)).body.data.status).toBe('PENDING');
      return g.user.username!;
    };

    const first = await ask();
    const [one] = await digests();
    expect(one).toMatchObject({ status: 'pending', payload: { count: 1, memberNames: [first] } });
    expect(one!.availableAt).toEqual(ctx.now());
    ctx.advance(5_000);
    await sendNow(one!.id);
    const sentAt = ctx.now().getTime();

    // Five more within the window: one row, due a window after the first went, with all five counted.
    const later: string[] = [];
    for (let i = 0; i < 5; i++) {
      ctx.advance(60_000);
      later.push(await ask());
    }
    let rows = await digests();
    expect(rows).toHaveLength(2);
    expect(rows[1]!.availableAt.getTime()).toBe(sentAt + window);
    expect(rows[1]!.payload).toMatchObject({
      count: 5,
      memberNames: later.slice(0, 3),
      memberName: later[0],
    });

    // Being sent (leased): the next request starts a new digest a window on.
    ctx.advance(window);
    await ctx.deps.db
      .update(schema.outbox)
      .set({ lockedUntil: new Date(ctx.now().getTime() + 60_000) })
      .where(eq(schema.outbox.id, rows[1]!.id));
    const during = await ask();
    rows = await digests();
    expect(rows).toHaveLength(3);
    expect(rows[1]!.payload).toMatchObject({ count: 5 });
    expect(rows[2]!.availableAt.getTime()).toBe(ctx.now().getTime() + window);
    expect(rows[2]!.payload).toMatchObject({ count: 1, memberNames: [during] });
    await sendNow(rows[1]!.id);

    // Long after the last one went: at once again.
    ctx.advance(2 * window);
    await sendNow(rows[2]!.id);
    ctx.advance(3 * window);
    await ask();
    rows = await digests();
    expect(rows).toHaveLength(4);
    expect(rows[3]!.availableAt).toEqual(ctx.now());
    expect(new Set(rows.map((r) => r.dedupeKey)).size).toBe(4);
  });

  it('refuses a full clan with CLAN_FULL_MESSAGE', async () => {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id, { memberCap: 2 });
    expect((await join(clan.id, (await gamer(ctx)).auth)).status).toBe(200);
    const late = await join(clan.id, (await gamer(ctx)).auth);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(CLAN_FULL_MESSAGE);
    expect((await clanRow(ctx, clan.id)).memberCount).toBe(2);
  });

  it('APPROVAL: a request and a notification to the chief; the chief approves, refuses; the gamer withdraws', async () => {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id, { joinPolicy: 'APPROVAL' });
    const [a, b, c] = [await gamer(ctx), await gamer(ctx), await gamer(ctx)];
    for (const g of [a, b, c]) {
      const res = await join(clan.id, g.auth);
      expect(res.body.data.status).toBe('PENDING');
      ctx.advance(1_000); // the requests come one after another (the list is oldest first)
    }
    // Asking again while waiting changes nothing.
    expect((await join(clan.id, a.auth)).body.data.status).toBe('PENDING');
    // One push for the three (a digest: the first is still waiting to go, the others folded into it).
    const asks = (await outboxOf(ctx, chief.user.id)).filter((n) => n.kind === 'clan_join_request');
    expect(asks).toHaveLength(1);
    expect(asks[0]!.payload).toMatchObject({
      clanId: clan.id,
      count: 3,
      memberNames: [a.user.username, b.user.username, c.user.username],
    });
    expect((await clanRow(ctx, clan.id)).memberCount).toBe(1);

    const detail = await ctx.json(`/platform-clans/${clan.id}`, { headers: a.auth });
    expect(detail.body.data).toMatchObject({ viewerRole: 'Gamer', viewerRequestPending: true, invite: null });

    const list = await ctx.json('/platform-clans/me/requests', { headers: chief.auth });
    expect(list.body.data.requests.map((r: { userId: string }) => r.userId)).toEqual([
      a.user.id,
      b.user.id,
      c.user.id,
    ]);
    // Only the chief reads or answers them.
    expect((await ctx.json('/platform-clans/me/requests', { headers: a.auth })).status).toBe(403);
    const notChief = await post(`/platform-clans/me/requests/${b.user.id}/approve`, a.auth);
    expect(notChief.status).toBe(403);
    expect(notChief.body.message).toBe(CLAN_NOT_CHIEF_MESSAGE);

    const approved = await post(`/platform-clans/me/requests/${a.user.id}/approve`, chief.auth);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ userId: a.user.id, role: 'Member' });
    expect((await clanRow(ctx, clan.id)).memberCount).toBe(2);
    expect((await outboxOf(ctx, a.user.id)).map((n) => n.kind)).toContain('clan_request_approved');
    expect((await post(`/platform-clans/me/requests/${a.user.id}/approve`, chief.auth)).status).toBe(404);

    const refused = await post(`/platform-clans/me/requests/${b.user.id}/refuse`, chief.auth);
    expect(refused.status).toBe(200);
    expect((await outboxOf(ctx, b.user.id)).map((n) => n.kind)).toContain('clan_request_refused');
    expect((await post(`/platform-clans/me/requests/${b.user.id}/refuse`, chief.auth)).body.message).toBe(
      CLAN_REQUEST_NOT_FOUND_MESSAGE,
    );

    expect((await del(`/platform-clans/${clan.id}/join`, c.auth)).status).toBe(200);
    expect((await del(`/platform-clans/${clan.id}/join`, c.auth)).status).toBe(404);
    expect(
      (await ctx.json('/platform-clans/me/requests', { headers: chief.auth })).body.data.requests,
    ).toEqual([]);
  });

  it('approval re-checks one clan per user and the cap', async () => {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id, { joinPolicy: 'APPROVAL', memberCap: 2 });
    const [a, b] = [await gamer(ctx), await gamer(ctx)];
    await join(clan.id, a.auth);
    await join(clan.id, b.auth);
    // a joins an open clan meanwhile: the request is gone (one clan per user).
    const open = await clanOf(ctx, (await gamer(ctx)).user.id);
    expect((await join(open.id, a.auth)).body.data.status).toBe('ACTIVE');
    expect((await post(`/platform-clans/me/requests/${a.user.id}/approve`, chief.auth)).status).toBe(404);
    // A request left over from before (written directly) is refused with the requester's own message.
    await ctx.deps.db.insert(schema.clanJoinRequests).values({ clanId: clan.id, userId: a.user.id });
    const inClan = await post(`/platform-clans/me/requests/${a.user.id}/approve`, chief.auth);
    expect(inClan.status).toBe(409);
    expect(inClan.body.message).toBe(CLAN_REQUESTER_IN_CLAN_MESSAGE);

    expect((await post(`/platform-clans/me/requests/${b.user.id}/approve`, chief.auth)).status).toBe(200);
    const c = await gamer(ctx);
    const full = await join(clan.id, c.auth);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(CLAN_FULL_MESSAGE);
  });

  it('leave then join too early is refused with the date; allowed from the boundary on', async () => {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id);
    const other = await clanOf(ctx, (await gamer(ctx)).user.id);
    const g = await gamer(ctx);
    await join(clan.id, g.auth);
    const leftAt = ctx.now();
    const left = await post('/platform-clans/me/leave', g.auth);
    expect(left.status).toBe(200);
    expect((await clanRow(ctx, clan.id)).memberCount).toBe(1);
    expect((await eventsOf(ctx, clan.id)).some((e) => e.kind === 'leave' && e.userId === g.user.id)).toBe(
      true,
    );
    expect((await post('/platform-clans/me/leave', g.auth)).body.message).toBe(CLAN_NOT_IN_CLAN_MESSAGE);

    ctx.advance(2 * DAY);
    const early = await join(other.id, await authNow(ctx, g));
    expect(early.status).toBe(403);
    const [event] = (await eventsOf(ctx, clan.id)).filter((e) => e.kind === 'leave');
    const availableAt = new Date(event!.at.getTime() + 3 * DAY);
    expect(Math.abs(availableAt.getTime() - (leftAt.getTime() + 3 * DAY))).toBeLessThan(5_000);
    expect(early.body.message).toBe(
      CLAN_JOIN_TOO_EARLY_MESSAGE.replace('{{date}}', formatClanDate(availableAt)),
    );
    expect(early.body.message).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(early.body.data).toEqual({
      code: CLAN_ERROR_CODES.joinTooEarly,
      availableAt: availableAt.toISOString(),
    });
    const rules = await ctx.json('/platform-clans/rules', { headers: g.auth });
    expect(rules.status).toBe(200);
    expect(rules.body.data.minDateToJoinClanAfterLeaving).toBe(availableAt.toISOString());

    // Exactly at the boundary it is allowed.
    ctx.advance(availableAt.getTime() - ctx.now().getTime());
    const allowed = await join(other.id, await authNow(ctx, g));
    expect(allowed.status).toBe(200);
  });

  it('a chief cannot leave; a removed member is told and may join again at once', async () => {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id);
    const leave = await post('/platform-clans/me/leave', chief.auth);
    expect(leave.status).toBe(409);
    expect(leave.body.message).toBe(CLAN_CHIEF_CANNOT_LEAVE_MESSAGE);

    const g = await gamer(ctx);
    await join(clan.id, g.auth);
    const stranger = await gamer(ctx);
    expect((await del(`/platform-clans/me/members/${stranger.user.id}`, chief.auth)).body.message).toBe(
      CLAN_MEMBER_NOT_FOUND_MESSAGE,
    );
    expect((await del(`/platform-clans/me/members/${chief.user.id}`, chief.auth)).status).toBe(404);
    expect((await del(`/platform-clans/me/members/${chief.user.id}`, g.auth)).status).toBe(403);
    const removed = await del(`/platform-clans/me/members/${g.user.id}`, chief.auth);
    expect(removed.status).toBe(200);
    expect((await clanRow(ctx, clan.id)).memberCount).toBe(1);
    const note = (await outboxOf(ctx, g.user.id)).find((n) => n.kind === 'clan_member_removed');
    expect(note?.payload).toMatchObject({ clanName: clan.name, clanId: clan.id });
    expect((await join(clan.id, g.auth)).status).toBe(200);
  });

  it('hands the clan over: roles swap, chief_id changes, members are told; the old chief may then leave', async () => {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id);
    const [heir, other] = [await gamer(ctx), await gamer(ctx)];
    await join(clan.id, heir.auth);
    await join(clan.id, other.auth);
    const stranger = await gamer(ctx);
    expect(
      (await post('/platform-clans/me/handover', chief.auth, { userId: stranger.user.id })).body.message,
    ).toBe(CLAN_MEMBER_NOT_FOUND_MESSAGE);
    expect((await post('/platform-clans/me/handover', heir.auth, { userId: other.user.id })).status).toBe(
      403,
    );

    const res = await post('/platform-clans/me/handover', chief.auth, { userId: heir.user.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ viewerRole: 'Member', chief: { userId: heir.user.id } });
    expect((await clanRow(ctx, clan.id)).chiefId).toBe(heir.user.id);
    const roles = Object.fromEntries((await membersOfClan(ctx, clan.id)).map((m) => [m.userId, m.role]));
    expect(roles).toEqual({ [chief.user.id]: 'Member', [heir.user.id]: 'Chief', [other.user.id]: 'Member' });
    const told = (await outboxOf(ctx, other.user.id)).find((n) => n.kind === 'clan_chief_handover');
    expect(told?.payload).toMatchObject({ clanName: clan.name, memberName: heir.user.username });
    expect((await post('/platform-clans/me/leave', chief.auth)).status).toBe(200);
    expect((await post('/platform-clans/me/leave', heir.auth)).status).toBe(409);
  });

  it('delete too early is refused with the date; then the clan goes with its members, requests and group', async () => {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id, { joinPolicy: 'APPROVAL' });
    const [m, r] = [await gamer(ctx), await gamer(ctx)];
    await ctx.deps.db.update(schema.clans).set({ joinPolicy: 'OPEN' }).where(eq(schema.clans.id, clan.id));
    await join(clan.id, m.auth);
    await ctx.deps.db
      .update(schema.clans)
      .set({ joinPolicy: 'APPROVAL' })
      .where(eq(schema.clans.id, clan.id));
    await join(clan.id, r.auth);
    await ctx.deps.db.insert(schema.clanTelegramGroups).values({
      chatId: -200_000_000_000 - Math.floor(Math.random() * 1e6),
      clanId: clan.id,
      title: 'Crew chat',
    });

    const before = await clanTablesSnapshot(ctx);
    const early = await del('/platform-clans/me', chief.auth);
    expect(early.status).toBe(403);
    const availableAt = new Date(clan.createdAt.getTime() + 7 * DAY);
    expect(early.body.message).toBe(
      CLAN_DELETE_TOO_EARLY_MESSAGE.replace('{{date}}', formatClanDate(availableAt)),
    );
    expect(early.body.data).toEqual({
      code: CLAN_ERROR_CODES.deleteTooEarly,
      availableAt: availableAt.toISOString(),
    });
    expect(await clanTablesSnapshot(ctx)).toEqual(before);
    expect((await del('/platform-clans/me', m.auth)).status).toBe(403);

    ctx.advance(availableAt.getTime() - ctx.now().getTime());
    const done = await del('/platform-clans/me', await authNow(ctx, chief));
    expect(done.status).toBe(200);
    const row = await clanRow(ctx, clan.id);
    expect(row.deletedAt).not.toBeNull();
    expect(row.memberCount).toBe(0);
    expect(await membersOfClan(ctx, clan.id)).toEqual([]);
    expect(
      await ctx.deps.db
        .select()
        .from(schema.clanJoinRequests)
        .where(eq(schema.clanJoinRequests.clanId, clan.id)),
    ).toEqual([]);
    expect(
      await ctx.deps.db
        .select()
        .from(schema.clanTelegramGroups)
        .where(eq(schema.clanTelegramGroups.clanId, clan.id)),
    ).toEqual([]);
    expect(
      (await eventsOf(ctx, clan.id)).some((e) => e.kind === 'delete' && e.userId === chief.user.id),
    ).toBe(true);
    expect((await outboxOf(ctx, m.user.id)).map((n) => n.kind)).toContain('clan_deleted');
    expect((await outboxOf(ctx, chief.user.id)).map((n) => n.kind)).not.toContain('clan_deleted');
    expect((await ctx.json(`/platform-clans/${clan.id}`)).status).toBe(404);
    // Members of a deleted clan are free at once (they did not leave).
    expect(
      (await join((await clanOf(ctx, (await gamer(ctx)).user.id)).id, await authNow(ctx, m))).status,
    ).toBe(200);
  });

  it('announces to every member but the chief, with group news, at most 10 a day', async () => {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id);
    await ctx.deps.db.insert(schema.clanTelegramGroups).values({
      chatId: -300_000_000_000 - Math.floor(Math.random() * 1e6),
      clanId: clan.id,
      title: 'Crew chat',
    });
    const members = [await gamer(ctx), await gamer(ctx)];
    for (const m of members) await join(clan.id, m.auth);
    expect((await post('/platform-clans/me/announcements', members[0]!.auth, { text: 'hi' })).status).toBe(
      403,
    );
    expect((await post('/platform-clans/me/announcements', chief.auth, { text: '  ' })).status).toBe(400);

    const res = await post('/platform-clans/me/announcements', chief.auth, { text: 'Scrims at 9 tonight' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ recipients: 2 });
    for (const m of members) {
      const note = (await outboxOf(ctx, m.user.id)).find((n) => n.kind === 'clan_announcement');
      expect(note?.payload).toEqual({ clanName: clan.name, clanId: clan.id, text: 'Scrims at 9 tonight' });
    }
    expect((await outboxOf(ctx, chief.user.id)).some((n) => n.kind === 'clan_announcement')).toBe(false);
    const news = await ctx.deps.db
      .select()
      .from(schema.clanGroupNews)
      .where(eq(schema.clanGroupNews.clanId, clan.id));
    expect(news.filter((n) => n.kind === 'announcement')).toHaveLength(1);

    for (let i = 1; i < CLAN_ANNOUNCEMENTS_PER_DAY; i++)
      expect((await post('/platform-clans/me/announcements', chief.auth, { text: `n${i}` })).status).toBe(
        200,
      );
    const limited = await post('/platform-clans/me/announcements', chief.auth, { text: 'one more' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(CLAN_ANNOUNCEMENT_LIMIT_MESSAGE);
    ctx.advance(DAY + 1_000);
    expect(
      (await post('/platform-clans/me/announcements', await authNow(ctx, chief), { text: 'next day' }))
        .status,
    ).toBe(200);
  });

  it('shows the reader their role and the invite links to members only', async () => {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id);
    const m = await gamer(ctx);
    await join(clan.id, m.auth);
    const visitor = await ctx.json(`/platform-clans/${clan.id}`);
    expect(visitor.body.data).toMatchObject({ viewerRole: 'Gamer', invite: null, telegramGroup: null });
    const bad = await ctx.json(`/platform-clans/${clan.id}`, {
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(bad.body.data.viewerRole).toBe('Gamer');
    expect((await ctx.json(`/platform-clans/${clan.id}`, { headers: chief.auth })).body.data.viewerRole).toBe(
      'Chief',
    );
    const member = await ctx.json(`/platform-clans/${clan.id}`, { headers: m.auth });
    expect(member.body.data.viewerRole).toBe('Member');
    expect(member.body.data.invite).toEqual({
      webUrl: `https://khel.test/discover-clan?clanId=${clan.id}`,
      miniAppUrl: `https://t.me/KhelTestBot/app?startapp=clan_${clan.id}`,
      startParam: `clan_${clan.id}`,
    });
  });
});

describe('clan membership races on postgres', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('postgres', inject('postgresAdminUrl'), { DATABASE_POOL_MAX: '20' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('200 gamers joining an OPEN clan with a cap of 50 at once: exactly 50 members', async () => {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id, { memberCap: 50 });
    const gamers = await Promise.all(Array.from({ length: 199 }, () => gamer(ctx)));
    const answers = await Promise.all(
      gamers.map((g) => ctx.json(`/platform-clans/${clan.id}/join`, { method: 'POST', headers: g.auth })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(49);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === CLAN_FULL_MESSAGE)).toBe(
      true,
    );
    expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([]);
    expect(await membersOfClan(ctx, clan.id)).toHaveLength(50);
    expect((await clanRow(ctx, clan.id)).memberCount).toBe(50);
  });

  it('40 gamers asking to join at once: every request counted once, in one waiting digest', async () => {
    const chief = await gamer(ctx);
    const clan = await clanOf(ctx, chief.user.id, { joinPolicy: 'APPROVAL' });
    const gamers = await Promise.all(Array.from({ length: 40 }, () => gamer(ctx)));
    const answers = await Promise.all(
      gamers.map((g) => ctx.json(`/platform-clans/${clan.id}/join`, { method: 'POST', headers: g.auth })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    const digests = (
      await ctx.deps.db.select().from(schema.outbox).where(eq(schema.outbox.userId, chief.user.id))
    ).filter((n) => n.kind === 'clan_join_request');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.payload).toMatchObject({ count: 40 });
    expect((digests[0]!.payload.memberNames as string[]).length).toBe(3);
  });

  it('one gamer joining two clans at once: one membership, the other answer 409', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await clanOf(ctx, (await gamer(ctx)).user.id);
      const b = await clanOf(ctx, (await gamer(ctx)).user.id);
      const g = await gamer(ctx);
      const answers = await Promise.all(
        [a, b].map((c) => ctx.json(`/platform-clans/${c.id}/join`, { method: 'POST', headers: g.auth })),
      );
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
      expect(answers.find((x) => x.status === 409)!.body.message).toBe(CLAN_ALREADY_IN_CLAN_MESSAGE);
      const rows = await ctx.deps.db
        .select()
        .from(schema.clanMembers)
        .where(eq(schema.clanMembers.userId, g.user.id));
      expect(rows).toHaveLength(1);
      const counts = [(await clanRow(ctx, a.id)).memberCount, (await clanRow(ctx, b.id)).memberCount].sort();
      expect(counts).toEqual([1, 2]);
    }
  });
});
