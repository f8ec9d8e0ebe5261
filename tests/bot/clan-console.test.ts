import { signInitData, type TestContext } from '@khel/api/test-support';
import {
  BOT_TEXTS,
  decodeClanCallback,
  type KhelApi,
  type KhelBot,
  NOTIFICATION_TEXTS,
  type NotifierHandle,
} from '@khel/bot';
import { CLAN_NO_LONGER_CHIEF_MESSAGE, CLAN_NOT_CHIEF_MESSAGE } from '@khel/core/contract';
import { recurrencePeriod } from '@khel/core/domain';
import type { Database } from '@khel/db';
import {
  clanJoinRequests,
  clanMembers,
  clanWarEntries,
  clanWars,
  clanWarWeeks,
  notificationSettings,
  outbox,
  users,
  xpAwards,
} from '@khel/db/schema';
import {
  buttonUrl,
  callbackQueryUpdate,
  commandUpdate,
  type FakeTelegram,
  inlineButtons,
  type SentMessage,
  textUpdate,
  type UpdateDraft,
} from '@khel/tests/fake-telegram';
import { and, eq, inArray } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clanOf,
  clanSnapshot,
  clanWorld,
  handOver,
  memberIds,
  notifierFor,
  type Player,
  player,
  waitUntil,
} from './clan-support.ts';
import { botAgainst, fakeTelegram, TOKEN } from './helpers.ts';

/**
 * The clan chief's console in a private chat, against the fake Bot API, with the API in process on PostgreSQL:
 * every press goes to the API as the presser, and the database shows what happened (or that nothing did).
 */
let ctx: TestContext;
let db: Database;
let khelApi: KhelApi;
let fake: FakeTelegram;
let bot: KhelBot;
const running: NotifierHandle[] = [];

beforeAll(async () => {
  ({ ctx, db, khelApi } = await clanWorld());
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  // Console answers come quicker than 1 a second per chat here; the limits are the notifier tests' business.
  fake = await fakeTelegram({ limits: { perChat: 1_000 } });
  ({ bot } = await botAgainst(fake, { db, khelApi }));
});
afterEach(async () => {
  for (const notifier of running.splice(0)) await notifier.stop();
  await fake.close();
});

let updateId = 1;
const handle = (draft: UpdateDraft) => bot.handleUpdate({ ...draft, update_id: updateId++ } as Update);

/** What a user's press does: the fake records it as Telegram would, then the bot handles it. */
async function press(who: Player, message: SentMessage, data: string) {
  const update = fake.pushUpdate(
    callbackQueryUpdate({ from: { id: who.telegramId }, message: message.message, data }),
  );
  await bot.handleUpdate(update);
  const answers = fake.callsTo('answerCallbackQuery');
  return answers[answers.length - 1]?.params as { text?: string; show_alert?: boolean } | undefined;
}

const last = (chatId: number) => fake.sent(chatId).at(-1) as SentMessage;
const buttonData = (message: SentMessage, label: string | RegExp) => {
  const button = inlineButtons(message).find((b) =>
    typeof label === 'string' ? b.text === label : label.test(b.text),
  );
  if (!button || !('callback_data' in button))
    throw new Error(`no button ${label} in ${JSON.stringify(message.replyMarkup)}`);
  return button.callback_data as string;
};

async function openConsole(chief: Player): Promise<SentMessage> {
  await handle(commandUpdate({ from: { id: chief.telegramId }, command: 'clan' }));
  return last(chief.telegramId);
}

const en = BOT_TEXTS.en.clan;

describe('/clan for a chief', () => {
  it('shows the clan, approves a request from the list, and the database has the new member', async () => {
    const chief = await player(db);
    const member = await player(db);
    const asker = await player(db);
    const clan = await clanOf(db, chief, { members: [member], requests: [asker] });

    const consoleMessage = await openConsole(chief);
    expect(consoleMessage.text).toContain(`👑 ${clan.name}`);
    expect(consoleMessage.text).toContain('Members: 2/50');
    expect(consoleMessage.text).toContain('Requests waiting: 1');
    expect(inlineButtons(consoleMessage).map((b) => b.text)).toEqual([
      en.requestsButton(1),
      en.membersButton(2),
      en.announceButton,
      en.refreshButton,
      en.openChiefDashboard,
    ]);
    expect(buttonUrl(inlineButtons(consoleMessage)[4])).toBe('https://khel.example/tma/clan-chief');
    for (const button of inlineButtons(consoleMessage))
      if ('callback_data' in button)
        expect(Buffer.byteLength(button.callback_data as string)).toBeLessThanOrEqual(64);

    await press(chief, consoleMessage, buttonData(consoleMessage, en.requestsButton(1)));
    const list = last(chief.telegramId);
    expect(list.messageId).toBe(consoleMessage.messageId);
    expect(list.text).toContain(asker.username);
    const approve = buttonData(list, /^✅/);
    expect(decodeClanCallback(approve)).toEqual({ action: 'approve', clanId: clan.id, userId: asker.id });

    const answer = await press(chief, list, approve);
    expect(answer?.text).toMatch(/is now a member of the clan/);
    expect(await memberIds(db, clan.id)).toEqual([chief.id, member.id, asker.id].sort());
    expect(await db.select().from(clanJoinRequests).where(eq(clanJoinRequests.clanId, clan.id))).toEqual([]);
    // The list is redrawn without the request, and the new member is told (outbox).
    expect(last(chief.telegramId).text).toBe(en.noRequests);
    const told = await db.select().from(outbox).where(eq(outbox.userId, asker.id));
    expect(told.map((r) => r.kind)).toContain('clan_request_approved');
  });

  it('refuses a request: it is gone and the gamer is not a member', async () => {
    const chief = await player(db);
    const asker = await player(db);
    const clan = await clanOf(db, chief, { requests: [asker] });
    const consoleMessage = await openConsole(chief);
    await press(chief, consoleMessage, buttonData(consoleMessage, en.requestsButton(1)));

    const answer = await press(chief, last(chief.telegramId), buttonData(last(chief.telegramId), /^❌/));
    expect(answer?.text).toBe(en.refused);
    expect(await memberIds(db, clan.id)).toEqual([chief.id]);
    expect(await db.select().from(clanJoinRequests).where(eq(clanJoinRequests.clanId, clan.id))).toEqual([]);
  });

  it('removes a member only after “Yes, remove”; Cancel changes nothing', async () => {
    const chief = await player(db);
    const stays = await player(db);
    const leaves = await player(db);
    const clan = await clanOf(db, chief, { members: [stays, leaves] });
    const consoleMessage = await openConsole(chief);

    await press(chief, consoleMessage, buttonData(consoleMessage, en.membersButton(3)));
    const page = last(chief.telegramId);
    expect(page.text).toContain(en.membersTitle(clan.name, 1, 1, 3));
    // The chief has no Remove button.
    expect(inlineButtons(page).filter((b) => b.text.startsWith('Remove '))).toHaveLength(2);
    const removeData = inlineButtons(page).find(
      (b) => 'callback_data' in b && decodeClanCallback(b.callback_data as string)?.userId === leaves.id,
    ) as { callback_data: string };

    await press(chief, page, removeData.callback_data);
    const confirm = last(chief.telegramId);
    expect(confirm.text).toMatch(new RegExp(`^Remove .+ from ${clan.name}\\?`));
    expect(inlineButtons(confirm).map((b) => b.text)).toEqual([en.yesRemove, en.cancel]);

    const before = await clanSnapshot(db);
    await press(chief, confirm, buttonData(confirm, en.cancel));
    expect(await clanSnapshot(db)).toEqual(before);
    expect(last(chief.telegramId).text).toContain(en.membersTitle(clan.name, 1, 1, 3));

    await press(chief, last(chief.telegramId), removeData.callback_data);
    const answer = await press(
      chief,
      last(chief.telegramId),
      buttonData(last(chief.telegramId), en.yesRemove),
    );
    expect(answer?.text).toBe(en.removed);
    expect(await memberIds(db, clan.id)).toEqual([chief.id, stays.id].sort());
    expect(last(chief.telegramId).text).toContain(en.membersTitle(clan.name, 1, 1, 2));
    const told = await db.select().from(outbox).where(eq(outbox.userId, leaves.id));
    expect(told.map((r) => r.kind)).toContain('clan_member_removed');
  });
});

describe('buttons pressed by someone who is not the chief', () => {
  it('a member or a stranger pressing the chief’s buttons (the same callback data) changes nothing and is told only the chief can', async () => {
    const chief = await player(db);
    const member = await player(db);
    const asker = await player(db);
    const clan = await clanOf(db, chief, { members: [member], requests: [asker] });
    const consoleMessage = await openConsole(chief);
    const datas = [
      buttonData(consoleMessage, en.announceButton),
      buttonData(consoleMessage, en.requestsButton(1)),
    ];
    await press(chief, consoleMessage, buttonData(consoleMessage, en.requestsButton(1)));
    const list = last(chief.telegramId);
    datas.push(buttonData(list, /^✅/), buttonData(list, /^❌/));
    await press(chief, list, buttonData(list, en.backButton));
    await press(chief, last(chief.telegramId), buttonData(last(chief.telegramId), en.membersButton(2)));
    const page = last(chief.telegramId);
    datas.push(buttonData(page, /^Remove /), buttonData(page, /^Remove /).replace(':x:', ':y:'));

    const before = await clanSnapshot(db);
    const sentBefore = fake.sent().length;
    // A member, and a Telegram user with no Khel account: only the chief can do that (never "no longer").
    for (const presser of [member, { ...member, telegramId: 123_457 }])
      for (const data of datas) {
        const answer = await press(presser, list, data);
        expect(answer?.show_alert).toBe(true);
        expect(answer?.text).toBe(CLAN_NOT_CHIEF_MESSAGE);
      }
    expect(await clanSnapshot(db)).toEqual(before);
    expect(fake.sent()).toHaveLength(sentBefore);
    expect(fake.callsTo('editMessageText').filter((c) => c.params.chat_id === member.telegramId)).toEqual([]);
    expect(await memberIds(db, clan.id)).toEqual([chief.id, member.id].sort());
  });

  it('a chief who handed the clan over presses an old button: told they are no longer the chief, nothing changes', async () => {
    const chief = await player(db, { languageCode: 'hi' });
    const heir = await player(db);
    const asker = await player(db);
    const clan = await clanOf(db, chief, { members: [heir], requests: [asker] });
    const consoleMessage = await openConsole(chief);
    const refresh = buttonData(consoleMessage, BOT_TEXTS.hi.clan.refreshButton);
    await press(chief, consoleMessage, buttonData(consoleMessage, BOT_TEXTS.hi.clan.requestsButton(1)));
    const list = last(chief.telegramId);
    const listText = list.text;

    await handOver(db, clan.id, chief, heir);
    const before = await clanSnapshot(db);
    const answer = await press(chief, list, buttonData(list, /^✅/));
    expect(answer).toEqual(
      expect.objectContaining({
        text: BOT_TEXTS.hi.clan.apiMessages[CLAN_NO_LONGER_CHIEF_MESSAGE],
        show_alert: true,
      }),
    );
    const viewAnswer = await press(chief, list, refresh);
    expect(viewAnswer?.text).toBe(BOT_TEXTS.hi.clan.apiMessages[CLAN_NO_LONGER_CHIEF_MESSAGE]);
    expect(await clanSnapshot(db)).toEqual(before);
    expect(last(chief.telegramId).text).toBe(listText);
  });

  it('/clan from a member offers the Mini App (my clan, discover); from a stranger, sign-in first', async () => {
    const chief = await player(db);
    const member = await player(db, { languageCode: 'pt-BR' });
    await clanOf(db, chief, { members: [member] });
    await handle(commandUpdate({ from: { id: member.telegramId, language_code: 'en' }, command: 'clan' }));
    const reply = last(member.telegramId);
    expect(reply.text).toBe(BOT_TEXTS['pt-BR'].clan.notChiefMember);
    expect(inlineButtons(reply).map(buttonUrl)).toEqual([
      'https://khel.example/tma/my-clan',
      'https://khel.example/tma/discover-clan',
    ]);

    await handle(commandUpdate({ from: { id: 123_456 }, command: 'clan' }));
    expect(last(123_456).text).toBe(en.notLinked);
  });

  it('without the Khel API the console says it is unavailable', async () => {
    const { bot: bare } = await botAgainst(fake, { db });
    await bare.handleUpdate({
      ...commandUpdate({ from: { id: 42 }, command: 'clan' }),
      update_id: updateId++,
    } as Update);
    expect(last(42).text).toBe(en.unavailable);
  });
});

describe('/clan shows the clan war', () => {
  it('this week’s scores and time left, and the last result, in the chief’s language', async () => {
    const chief = await player(db, { languageCode: 'hi' });
    const mine = await clanOf(db, chief, { members: [await player(db), await player(db)] });
    const rival = await player(db);
    const theirs = await clanOf(db, rival, { members: [await player(db), await player(db)] });
    const now = ctx.now();
    const week = recurrencePeriod('weekly', now);
    const last = recurrencePeriod('weekly', new Date(week.start.getTime() - 1));
    // Everyone joined before last week began; the wars as the wars job writes them.
    await db
      .update(clanMembers)
      .set({ joinedAt: new Date(last.start.getTime() - 86_400_000) })
      .where(inArray(clanMembers.clanId, [mine.id, theirs.id]));
    for (const w of [last, week])
      await db
        .insert(clanWarWeeks)
        .values({
          weekKey: w.key,
          startsAt: w.start,
          endsAt: w.end,
          minMembers: 3,
          rewardXp: 200,
          rewardKpoints: 500n,
          matchedAt: w.start,
        })
        .onConflictDoNothing();
    const [ended] = await db
      .insert(clanWars)
      .values({
        weekKey: last.key,
        tier: 'Bronze',
        clanAId: mine.id,
        clanBId: theirs.id,
        startsAt: last.start,
        endsAt: last.end,
        status: 'ENDED',
        scoreA: 1_300,
        scoreB: 120,
        winnerClanId: mine.id,
        resolvedAt: week.start,
      })
      .returning();
    const [live] = await db
      .insert(clanWars)
      .values({
        weekKey: week.key,
        tier: 'Bronze',
        clanAId: theirs.id,
        clanBId: mine.id,
        startsAt: week.start,
        endsAt: week.end,
      })
      .returning();
    for (const [w, war] of [
      [last, ended!],
      [week, live!],
    ] as const)
      await db.insert(clanWarEntries).values(
        [mine.id, theirs.id].map((clanId) => ({
          weekKey: w.key,
          clanId,
          warId: war.id,
          tier: 'Bronze' as const,
          score: 0,
          members: 3,
        })),
      );
    // This week: 70 XP for my clan (the chief's own), 40 for theirs.
    await db.insert(xpAwards).values([
      { userId: chief.id, source: 'quest_complete', sourceKey: 'console-war:1', xp: 50, createdAt: now },
      { userId: chief.id, source: 'daily_claim', sourceKey: 'console-war:2', xp: 20, createdAt: now },
      { userId: rival.id, source: 'quest_task', sourceKey: 'console-war:3', xp: 40, createdAt: now },
    ]);

    const consoleMessage = await openConsole(chief);
    const left = week.end.getTime() - now.getTime();
    expect(consoleMessage.text).toContain(
      BOT_TEXTS.hi.clan.consoleWar({
        current: {
          opponent: theirs.name,
          mine: '70',
          theirs: '40',
          days: Math.floor(left / 86_400_000),
          hours: Math.floor(left / 3_600_000) % 24,
          deciding: false,
        },
        reason: null,
        minMembers: 3,
        last: { opponent: theirs.name, mine: '1,300', theirs: '120', outcome: 'won' },
      }),
    );
    expect(consoleMessage.text).toContain(`⚔️ ${theirs.name} से क्लैन वॉर: 70 XP बनाम 40`);
    expect(consoleMessage.text).toContain(`पिछला वॉर ${theirs.name} से: जीते, 1,300 बनाम 120`);
  });
});

describe('Announce', () => {
  it('asks for the text, sends it through the API, and members get it unless they turned announcements off', async () => {
    const chief = await player(db);
    const keen = await player(db, { languageCode: 'hi' });
    const quiet = await player(db);
    const clan = await clanOf(db, chief, { members: [keen, quiet] });
    await db
      .insert(notificationSettings)
      .values({ userId: quiet.id, kind: 'clan_announcement', enabled: false });

    const consoleMessage = await openConsole(chief);
    await press(chief, consoleMessage, buttonData(consoleMessage, en.announceButton));
    const prompt = last(chief.telegramId);
    expect(prompt.text).toBe(en.announcePrompt(clan.name, 1_000));
    expect(prompt.messageId).not.toBe(consoleMessage.messageId);

    await handle(textUpdate({ id: chief.telegramId }, 'x'.repeat(1_001)));
    expect(last(chief.telegramId).text).toBe(en.announceTooLong(1_000));
    await handle(textUpdate({ id: chief.telegramId }, '  Scrim tonight at 9, be there!  '));
    const sent = last(chief.telegramId);
    expect(sent.text).toMatch(/^Announcement sent to \d+ members?\.$/);
    // One prompt only: the conversation's replays do not send it again.
    expect(fake.sent(chief.telegramId).filter((m) => m.text === prompt.text)).toHaveLength(1);

    // Later texts are ordinary messages again.
    await handle(textUpdate({ id: chief.telegramId }, 'hello'));
    expect(last(chief.telegramId).messageId).toBe(sent.messageId);

    notifierFor(db, fake, running);
    await waitUntil(async () => {
      const rows = await db.select().from(outbox).where(eq(outbox.kind, 'clan_announcement'));
      return rows.length > 0 && rows.every((r) => r.status !== 'pending') && rows;
    });
    const toKeen = fake.sent(keen.telegramId);
    expect(toKeen).toHaveLength(1);
    expect(toKeen[0]?.text).toBe(`📣 ${clan.name}: Scrim tonight at 9, be there!`);
    expect(buttonUrl(inlineButtons(toKeen[0])[0])).toBe('https://khel.example/tma/my-clan');
    expect(fake.sent(quiet.telegramId)).toEqual([]);
    const quietRows = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, quiet.id), eq(outbox.kind, 'clan_announcement')));
    expect(quietRows.every((r) => r.status === 'skipped')).toBe(true);
  });

  it('/cancel and the Cancel button drop the announcement; nothing is sent', async () => {
    const chief = await player(db);
    const member = await player(db);
    await clanOf(db, chief, { members: [member] });
    const consoleMessage = await openConsole(chief);
    const announce = buttonData(consoleMessage, en.announceButton);

    await press(chief, consoleMessage, announce);
    await handle(commandUpdate({ from: { id: chief.telegramId }, command: 'cancel' }));
    expect(last(chief.telegramId).text).toBe(en.announceCancelled);

    await press(chief, consoleMessage, announce);
    const prompt = last(chief.telegramId);
    await press(chief, prompt, buttonData(prompt, en.cancel));
    expect(fake.sent(chief.telegramId).find((m) => m.messageId === prompt.messageId)?.text).toBe(
      en.announceCancelled,
    );
    await handle(textUpdate({ id: chief.telegramId }, 'not an announcement'));

    expect(await db.select().from(outbox).where(eq(outbox.userId, member.id))).toEqual([]);
    expect(fake.sent(chief.telegramId).filter((m) => /^Announcement sent/.test(m.text ?? ''))).toEqual([]);
  });
});

describe('join requests to a chief: a digest', () => {
  /** A bearer token for a player, through the Mini App's sign-in (their Telegram identity). */
  async function bearerOf(who: Player) {
    const initData = signInitData({ id: who.telegramId, first_name: 'P' }, ctx.now(), TOKEN);
    const res = await ctx.json('/authentication/telegram', {
      method: 'POST',
      headers: { authorization: `tma ${initData}` },
    });
    return { authorization: `Bearer ${res.body.data.accessToken as string}` };
  }
  async function ask(clanId: string, name: string) {
    const who = await player(db, { name });
    await db.update(users).set({ username: null }).where(eq(users.id, who.id));
    const res = await ctx.json(`/platform-clans/${clanId}/join`, {
      method: 'POST',
      headers: await bearerOf(who),
    });
    expect(res.body.data.status).toBe('PENDING');
    return who;
  }
  const digestRows = (chiefId: string) =>
    db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, chiefId), eq(outbox.kind, 'clan_join_request')))
      .orderBy(outbox.id);

  it('the first request at once, the next ones as one push per window with the count and first names; answered ones are not pushed', async () => {
    // The API's clock and the notifier's move on together when the test says so.
    let advanced = 0;
    const advance = (ms: number) => {
      ctx.advance(ms);
      advanced += ms;
    };
    const window = ctx.deps.env.CLAN_JOIN_DIGEST_MINUTES * 60_000;
    const chief = await player(db, { languageCode: 'hi' });
    const clan = await clanOf(db, chief);
    notifierFor(db, fake, running, { clock: () => Date.now() + advanced, perChatIntervalMs: 1 });

    const first = await ask(clan.id, 'Asha');
    const [one] = await fake.waitForSent(1, chief.telegramId, 15_000);
    expect(one?.text).toBe(
      NOTIFICATION_TEXTS.hi.clan_join_request({ member: 'Asha', clan: clan.name, count: 1 } as never).text,
    );
    expect(buttonUrl(inlineButtons(one)[0])).toBe('https://khel.example/tma/clan-chief');
    // The notifier marks what it sent after Telegram answered: wait for that before the clock jumps, or the
    // row's lease would run out on the test clock and the push would go again.
    await vi.waitFor(async () => expect((await digestRows(chief.id))[0]).toMatchObject({ status: 'sent' }), {
      timeout: 15_000,
    });

    const names = ['Ravi', 'João', 'Meera', 'Kabir'];
    const later: Player[] = [];
    for (const name of names) {
      advance(60_000);
      later.push(await ask(clan.id, name));
    }
    const [, waiting] = await digestRows(chief.id);
    expect(waiting).toMatchObject({ status: 'pending', payload: { count: 4 } });
    expect(waiting!.availableAt.getTime() - (await digestRows(chief.id))[0]!.sentAt!.getTime()).toBe(window);

    advance(window);
    const [, two] = await fake.waitForSent(2, chief.telegramId, 15_000);
    expect(two?.text).toBe(`🙋 4 गेमर्स ने ${clan.name} में जुड़ने का अनुरोध किया: Ravi, João, Meera और 1 और।`);
    await vi.waitFor(async () => expect((await digestRows(chief.id))[1]).toMatchObject({ status: 'sent' }), {
      timeout: 15_000,
    });

    // One more asks, and the chief answers every request before the next digest is due: it is not pushed.
    const last = await ask(clan.id, 'Zoya');
    for (const who of [first, ...later, last])
      expect((await khelApi.refuse(chief.telegramId, clan.id, who.id)).ok).toBe(true);
    advance(window);
    await waitUntil(async () => (await digestRows(chief.id))[2]?.status === 'skipped');
    expect(fake.sent(chief.telegramId)).toHaveLength(2);
  });
});
