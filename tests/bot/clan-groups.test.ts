import type { TestContext } from '@khel/api/test-support';
import { BOT_TEXTS, type KhelApi, type KhelBot, type NotifierHandle } from '@khel/bot';
import { CLAN_NOT_CHIEF_MESSAGE } from '@khel/core/contract';
import type { Database } from '@khel/db';
import { clanGroupNews, clans, clanTelegramGroups, outbox } from '@khel/db/schema';
import {
  buttonUrl,
  callbackQueryUpdate,
  commandUpdate,
  type FakeTelegram,
  groupChat,
  inlineButtons,
  myChatMemberUpdate,
  type SentMessage,
  type UpdateDraft,
} from '@khel/tests/fake-telegram';
import { eq } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clanOf, clanWorld, notifierFor, player, waitUntil } from './clan-support.ts';
import { BOT_USERNAME, botAgainst, fakeTelegram } from './helpers.ts';

/**
 * Linking a clan to a Telegram group (the bot added by the chief), and the group's news from the notifier:
 * paced to Telegram's 20 messages a minute per group, 429 retry_after honoured, a group that removed the bot
 * unlinked. Pacing runs at a smaller scale: the fake allows 20 messages per 600 ms in a group and the notifier
 * spaces them by 30 ms (the product's 20 a minute and 3 s, 100 times faster).
 */
let ctx: TestContext;
let db: Database;
let khelApi: KhelApi;
let fake: FakeTelegram;
let bot: KhelBot;
const running: NotifierHandle[] = [];
const GROUP_WINDOW_MS = 600;
const GROUP_INTERVAL_MS = 30;

beforeAll(async () => {
  ({ ctx, db, khelApi } = await clanWorld());
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  fake = await fakeTelegram({ limits: { perChat: 1_000, perGroup: 20, groupWindowMs: GROUP_WINDOW_MS } });
  ({ bot } = await botAgainst(fake, { db, khelApi }));
});
afterEach(async () => {
  for (const notifier of running.splice(0)) await notifier.stop();
  await fake.close();
});

let updateId = 1;
const handle = (draft: UpdateDraft) => bot.handleUpdate({ ...draft, update_id: updateId++ } as Update);
let nextGroupId = -4_100_000;
const newGroup = (title = 'Pune Crew chat') => groupChat(nextGroupId--, title);
const botUser = () => ({ id: fake.botInfo.id, username: BOT_USERNAME });

const groupOf = async (chatId: number) =>
  db.select().from(clanTelegramGroups).where(eq(clanTelegramGroups.chatId, chatId));

async function linkedGroup(clanId: string, chatId: number) {
  await db.insert(clanTelegramGroups).values({ chatId, clanId, title: 'Crew chat' });
}

async function news(clanId: string, count: number, kind: 'member_joined' | 'announcement' = 'member_joined') {
  await db.insert(clanGroupNews).values(
    Array.from({ length: count }, (_, i) => ({
      clanId,
      kind,
      dedupeKey: `test:${clanId}:${kind}:${i}:${Math.random()}`,
      payload: { memberName: `Gamer ${i + 1}`, text: `Message ${i + 1}` },
    })),
  );
}

const newsOf = (clanId: string) =>
  db.select().from(clanGroupNews).where(eq(clanGroupNews.clanId, clanId)).orderBy(clanGroupNews.id);
const settled = (clanId: string) => async () => {
  const rows = await newsOf(clanId);
  return rows.every((r) => r.status !== 'pending') && rows;
};

describe('adding the bot to a group', () => {
  it('by the chief, an administrator of the group, links it; the notifier posts the welcome with a button to the clan', async () => {
    const chief = await player(db, { languageCode: 'pt-BR' });
    const clan = await clanOf(db, chief);
    const group = newGroup();
    fake.setChatMember(group.id, chief.telegramId, 'creator');

    await handle(
      myChatMemberUpdate({
        chat: group,
        from: { id: chief.telegramId },
        bot: botUser(),
        oldStatus: 'left',
        newStatus: 'member',
      }),
    );
    expect(await groupOf(group.id)).toEqual([
      expect.objectContaining({
        chatId: group.id,
        clanId: clan.id,
        title: 'Pune Crew chat',
        linkedBy: chief.id,
      }),
    ]);
    expect(fake.callsTo('getChatMember')[0]?.params).toMatchObject({
      chat_id: group.id,
      user_id: chief.telegramId,
    });
    expect(fake.leftChats()).toEqual([]);

    notifierFor(db, fake, running, { groupIntervalMs: GROUP_INTERVAL_MS, miniAppShortName: 'app' });
    await waitUntil(settled(clan.id));
    const [welcome] = fake.sent(group.id);
    expect(welcome?.text).toBe(BOT_TEXTS['pt-BR'].clan.groupWelcome(clan.name));
    expect(inlineButtons(welcome).map((b) => b.text)).toEqual([BOT_TEXTS['pt-BR'].clan.groupNewsButton]);
    expect(buttonUrl(inlineButtons(welcome)[0])).toBe(
      `https://t.me/${BOT_USERNAME}/app?startapp=clan_${clan.id}`,
    );
  });

  it('by a group administrator who leads no clan: not linked, the bot says why and leaves', async () => {
    const gamer = await player(db);
    const group = newGroup();
    fake.setChatMember(group.id, gamer.telegramId, 'administrator');

    await handle(
      myChatMemberUpdate({
        chat: group,
        from: { id: gamer.telegramId },
        bot: botUser(),
        oldStatus: 'left',
        newStatus: 'administrator',
      }),
    );
    expect(await groupOf(group.id)).toEqual([]);
    expect(fake.sent(group.id).map((m) => m.text)).toEqual([BOT_TEXTS.en.clan.groupOnlyChief]);
    expect(fake.leftChats()).toEqual([group.id]);
  });

  it('by a chief who is only a member of the group (not an admin): not linked, the bot leaves', async () => {
    const chief = await player(db);
    await clanOf(db, chief);
    const group = newGroup();
    fake.setChatMember(group.id, chief.telegramId, 'member');

    await handle(
      myChatMemberUpdate({
        chat: group,
        from: { id: chief.telegramId },
        bot: botUser(),
        oldStatus: 'left',
        newStatus: 'member',
      }),
    );
    expect(await groupOf(group.id)).toEqual([]);
    expect(fake.leftChats()).toEqual([group.id]);
  });

  it('removing the bot from a linked group unlinks it', async () => {
    const chief = await player(db);
    const clan = await clanOf(db, chief);
    const group = newGroup();
    await linkedGroup(clan.id, group.id);

    await handle(
      myChatMemberUpdate({
        chat: group,
        from: { id: chief.telegramId },
        bot: botUser(),
        oldStatus: 'member',
        newStatus: 'kicked',
      }),
    );
    expect(await groupOf(group.id)).toEqual([]);
  });
});

describe('/clan typed in a group', () => {
  const clanCommand = (from: number, chat: ReturnType<typeof newGroup>, language_code = 'en') =>
    handle(
      commandUpdate({ from: { id: from, language_code }, command: 'clan', chat, botUsername: BOT_USERNAME }),
    );

  async function press(from: number, message: SentMessage, chat: ReturnType<typeof newGroup>, data: string) {
    await bot.handleUpdate(
      fake.pushUpdate(
        callbackQueryUpdate({ from: { id: from }, message: { ...message.message, chat }, data }),
      ),
    );
    return fake.callsTo('answerCallbackQuery').at(-1)?.params as { text?: string; show_alert?: boolean };
  }

  it('in a linked group, tells anyone (a stranger too) which clan it is, with a button into its page', async () => {
    const chief = await player(db, { languageCode: 'hi' });
    const member = await player(db, { languageCode: 'pt-BR' });
    const clan = await clanOf(db, chief, { members: [member] });
    const group = newGroup();
    await linkedGroup(clan.id, group.id);

    for (const [who, language] of [
      // The member's Khel language, whatever their Telegram's; a stranger's Telegram language.
      [member.telegramId, 'en'],
      [999_123_456, 'pt-br'],
    ] as const) {
      await clanCommand(who, group, language);
      const reply = fake.sent(group.id).at(-1);
      const texts = BOT_TEXTS['pt-BR'].clan;
      // The rank depends on the other clans in this database: read it back from the text.
      const rank = Number(
        /(\d+)(?:º lugar|$)|rank (\d+)/m
          .exec(reply?.text?.split('\n')[1] ?? '')
          ?.slice(1)
          .find(Boolean),
      );
      expect(reply?.text).toBe(
        texts.groupClan({
          clan: clan.name,
          tier: texts.tiers.Bronze,
          score: '0',
          rank,
          members: 2,
          memberCap: 50,
        }),
      );
      expect(inlineButtons(reply).map((b) => b.text)).toEqual([texts.groupNewsButton]);
      expect(buttonUrl(inlineButtons(reply)[0])).toBe(`https://t.me/${BOT_USERNAME}?start=clan_${clan.id}`);
    }
    // The console's buttons never show in a group.
    expect(
      fake
        .sent(group.id)
        .flatMap((m) => inlineButtons(m))
        .filter((b) => 'callback_data' in b),
    ).toEqual([]);
  });

  it('in a group no clan has: a chief who administers it may link it there; others are told how and refused', async () => {
    const chief = await player(db);
    const member = await player(db);
    const clan = await clanOf(db, chief, { members: [member] });
    const group = newGroup('Scrims');
    fake.setChatMember(group.id, chief.telegramId, 'administrator');
    fake.setChatMember(group.id, member.telegramId, 'administrator');

    await clanCommand(member.telegramId, group);
    const howTo = fake.sent(group.id).at(-1)!;
    expect(howTo.text).toBe(BOT_TEXTS.en.clan.groupNotLinked);
    expect(buttonUrl(inlineButtons(howTo)[0])).toBe(`https://t.me/${BOT_USERNAME}?start=clans`);

    await clanCommand(chief.telegramId, group);
    const offer = fake.sent(group.id).at(-1)!;
    expect(offer.text).toBe(BOT_TEXTS.en.clan.groupNotLinkedChief(clan.name));
    const link = inlineButtons(offer)[0] as { text: string; callback_data: string };
    expect(link.text).toBe(BOT_TEXTS.en.clan.groupLinkButton(clan.name));

    // A member who administers the group, and someone who does not: refused, nothing linked.
    expect(await press(member.telegramId, offer, group, link.callback_data)).toMatchObject({
      text: CLAN_NOT_CHIEF_MESSAGE,
      show_alert: true,
    });
    expect(await press(555_000_111, offer, group, link.callback_data)).toMatchObject({
      text: BOT_TEXTS.en.clan.groupOnlyAdmins,
      show_alert: true,
    });
    expect(await groupOf(group.id)).toEqual([]);

    await press(chief.telegramId, offer, group, link.callback_data);
    expect(await groupOf(group.id)).toEqual([
      expect.objectContaining({ chatId: group.id, clanId: clan.id, title: 'Scrims', linkedBy: chief.id }),
    ]);
    expect(fake.sent(group.id).find((m) => m.messageId === offer.messageId)?.text).toBe(
      BOT_TEXTS.en.clan.groupLinkedNow,
    );
    expect((await newsOf(clan.id)).map((n) => n.kind)).toEqual(['group_linked']);
  });
});

describe('group news from the notifier', () => {
  it('30 news for one group go out paced (never 20 in a group window), each once, in the chief’s language', async () => {
    const chief = await player(db, { languageCode: 'hi' });
    const clan = await clanOf(db, chief);
    const otherChief = await player(db);
    const other = await clanOf(db, otherChief);
    const group = newGroup();
    const otherGroup = newGroup();
    await linkedGroup(clan.id, group.id);
    await linkedGroup(other.id, otherGroup.id);
    await news(clan.id, 30);
    await news(other.id, 3);

    notifierFor(db, fake, running, { groupIntervalMs: GROUP_INTERVAL_MS });
    await waitUntil(settled(clan.id));
    await waitUntil(settled(other.id));

    expect((await newsOf(clan.id)).map((r) => r.status)).toEqual(Array(30).fill('sent'));
    expect(fake.floodRefusals()).toEqual([]);
    const sends = fake.callsTo('sendMessage').filter((c) => c.params.chat_id === group.id);
    expect(sends).toHaveLength(30);
    for (let i = 1; i < sends.length; i++)
      expect(sends[i]!.at - sends[i - 1]!.at).toBeGreaterThanOrEqual(GROUP_INTERVAL_MS);
    for (let i = 20; i < sends.length; i++)
      expect(sends[i]!.at - sends[i - 20]!.at).toBeGreaterThanOrEqual(GROUP_WINDOW_MS);
    const texts = fake.sent(group.id).map((m) => m.text);
    expect(new Set(texts).size).toBe(30);
    expect(texts[0]).toBe(
      BOT_TEXTS.hi.clan.groupNews.member_joined({
        clan: clan.name,
        member: 'Gamer 1',
        title: '',
        tier: '',
        text: '',
        opponent: '?',
        mine: '0',
        theirs: '0',
        outcome: 'draw',
      }),
    );
    // Another group is not held up by the first one's pace.
    const otherSends = fake.callsTo('sendMessage').filter((c) => c.params.chat_id === otherGroup.id);
    expect(otherSends).toHaveLength(3);
    expect(otherSends[2]!.at).toBeLessThan(sends[29]!.at);
  });

  it('two notifier workers on one database keep the pace of a group between them and send each news once', async () => {
    const chief = await player(db);
    const clan = await clanOf(db, chief);
    const group = newGroup();
    await linkedGroup(clan.id, group.id);
    await news(clan.id, 25, 'announcement');

    notifierFor(db, fake, running, { groupIntervalMs: GROUP_INTERVAL_MS });
    notifierFor(db, fake, running, { groupIntervalMs: GROUP_INTERVAL_MS });
    await waitUntil(settled(clan.id));

    const sends = fake.callsTo('sendMessage').filter((c) => c.params.chat_id === group.id);
    expect(sends).toHaveLength(25);
    expect(new Set(sends.map((c) => c.params.text)).size).toBe(25);
    for (let i = 1; i < sends.length; i++)
      expect(sends[i]!.at - sends[i - 1]!.at).toBeGreaterThanOrEqual(GROUP_INTERVAL_MS);
    expect(fake.floodRefusals()).toEqual([]);
  });

  it('a 429 with retry_after holds the group that long, then the news goes out once', async () => {
    const chief = await player(db);
    const clan = await clanOf(db, chief);
    const group = newGroup();
    await linkedGroup(clan.id, group.id);
    await news(clan.id, 2);
    fake.failNextSendTo(group.id, 1, { code: 429, retryAfter: 1 });

    notifierFor(db, fake, running, { groupIntervalMs: GROUP_INTERVAL_MS });
    await waitUntil(settled(clan.id));

    const calls = fake.callsTo('sendMessage').filter((c) => c.params.chat_id === group.id);
    expect(calls.map((c) => c.status)).toEqual([429, 200, 200]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(fake.sent(group.id)).toHaveLength(2);
  });

  it('a group that removed the bot (403) is unlinked and its news are skipped', async () => {
    const chief = await player(db);
    const clan = await clanOf(db, chief);
    const group = newGroup();
    await linkedGroup(clan.id, group.id);
    await news(clan.id, 3);
    fake.kickBot(group.id);

    notifierFor(db, fake, running, { groupIntervalMs: GROUP_INTERVAL_MS });
    await waitUntil(settled(clan.id));

    expect(await groupOf(group.id)).toEqual([]);
    expect((await newsOf(clan.id)).map((r) => r.status)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(fake.callsTo('sendMessage').filter((c) => c.params.chat_id === group.id)).toHaveLength(1);
  });
});

describe('members’ clan notifications', () => {
  it('each opens the right Mini App screen', async () => {
    const someone = await player(db);
    const [clan] = await db.select({ id: clans.id }).from(clans).limit(1);
    const cases = [
      ['clan_request_approved', {}, 'https://khel.example/tma/my-clan'],
      ['clan_request_refused', {}, 'https://khel.example/tma/discover-clan'],
      ['clan_member_removed', {}, 'https://khel.example/tma/discover-clan'],
      ['clan_announcement', { text: 'GG' }, 'https://khel.example/tma/my-clan'],
      [
        'clan_quest_added',
        { questSlug: 'summer-cup', questTitle: 'Summer Cup' },
        'https://khel.example/tma/quest-details/summer-cup',
      ],
      ['clan_quest_completed', { questTitle: 'Summer Cup' }, 'https://khel.example/tma/my-clan'],
      ['clan_tier_reached', { tier: 'Gold' }, 'https://khel.example/tma/my-clan'],
      ['clan_deleted', {}, 'https://khel.example/tma/discover-clan'],
    ] as const;
    await db.insert(outbox).values(
      cases.map(([kind, payload], i) => ({
        kind,
        userId: someone.id,
        dedupeKey: `test:${someone.id}:${i}`,
        payload: { clanName: 'Pune Crew', clanId: clan?.id ?? null, ...payload },
      })),
    );
    notifierFor(db, fake, running, { perChatIntervalMs: 1 });
    const sent = await fake.waitForSent(cases.length, someone.telegramId, 15_000);
    const urlOf = new Map(sent.map((m) => [m.text, buttonUrl(inlineButtons(m)[0])]));
    expect([...urlOf.values()].sort()).toEqual(cases.map((c) => c[2]).sort());
    expect([...urlOf.entries()].find(([text]) => text?.startsWith('📣'))?.[1]).toBe(
      'https://khel.example/tma/my-clan',
    );
  });
});
