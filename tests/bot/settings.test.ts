import { BOT_TEXTS, helpText, kindsByGroup, QUIET_HOURS_CHOICES } from '@khel/bot';
import { NOTIFICATION_KINDS } from '@khel/core/contract';
import { formatClock } from '@khel/core/domain';
import { LANGUAGES } from '@khel/core/format';
import { type DatabaseHandle, readNotificationPreferences } from '@khel/db';
import { botChats, notificationSettings, users } from '@khel/db/schema';
import {
  commandUpdate,
  type FakeTelegram,
  inlineButtons,
  privateChatOf,
  startUpdate,
  testUser,
  type UpdateDraft,
} from '@khel/tests/fake-telegram';
import { eq, sql } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { botAgainst, fakeTelegram } from './helpers.ts';
import { seedUsers, testDatabase } from './notifier-support.ts';

/** `/start` records who opened the bot and `/settings` switches notification kinds, on PostgreSQL. */
let database: DatabaseHandle;
let fake: FakeTelegram;
beforeAll(async () => {
  database = await testDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  fake = await fakeTelegram();
});
afterEach(async () => {
  await fake.close();
  await database.db.execute(sql`truncate notification_settings, notification_preferences, bot_chats`);
});

let updateId = 1;
const asUpdate = (draft: UpdateDraft): Update => ({ ...draft, update_id: updateId++ }) as Update;

describe('/start records the bot chat', () => {
  it('for a Telegram user linked to a Khel account, clearing an earlier block; nothing for others', async () => {
    const [linked] = await seedUsers(database.db, 1, { openedBot: false });
    const { bot } = await botAgainst(fake, { db: database.db });

    await bot.handleUpdate(asUpdate(startUpdate({ id: linked!.chatId })));
    let [chat] = await database.db.select().from(botChats).where(eq(botChats.userId, linked!.id));
    expect(chat).toMatchObject({ chatId: linked!.chatId, blockedAt: null });

    await database.db.update(botChats).set({ blockedAt: new Date() }).where(eq(botChats.userId, linked!.id));
    await bot.handleUpdate(asUpdate(startUpdate({ id: linked!.chatId }, 'earnings')));
    [chat] = await database.db.select().from(botChats).where(eq(botChats.userId, linked!.id));
    expect(chat?.blockedAt).toBeNull();

    await bot.handleUpdate(asUpdate(startUpdate({ id: 999_000_001 })));
    expect(await database.db.select().from(botChats)).toHaveLength(1);
    expect(fake.sent()).toHaveLength(3);
  });
});

describe('/start speaks the account’s language', () => {
  it('the one its pushes speak, over the Telegram app’s', async () => {
    const [user] = await seedUsers(database.db, 1, { languageCode: 'pt-BR', openedBot: false });
    const { bot } = await botAgainst(fake, { db: database.db });
    await bot.handleUpdate(asUpdate(startUpdate({ id: user!.chatId, language_code: 'hi' })));
    expect(fake.sent(user!.chatId)[0]?.text).toBe(BOT_TEXTS['pt-BR'].welcome);
    await bot.handleUpdate(asUpdate(startUpdate({ id: 999_000_003, language_code: 'hi' })));
    expect(fake.sent(999_000_003)[0]?.text).toBe(BOT_TEXTS.hi.welcome);
  });
});

describe('/help speaks the account’s language', () => {
  it('over the Telegram app’s; Telegram’s for a Telegram user with no account', async () => {
    const [user] = await seedUsers(database.db, 1, { languageCode: 'pt-BR', openedBot: false });
    const { bot } = await botAgainst(fake, { db: database.db });
    await bot.handleUpdate(
      asUpdate(commandUpdate({ from: { id: user!.chatId, language_code: 'hi' }, command: 'help' })),
    );
    expect(fake.sent(user!.chatId)[0]?.text).toBe(helpText(BOT_TEXTS['pt-BR']));
    await bot.handleUpdate(
      asUpdate(commandUpdate({ from: { id: 999_000_004, language_code: 'hi' }, command: 'help' })),
    );
    expect(fake.sent(999_000_004)[0]?.text).toBe(helpText(BOT_TEXTS.hi));
  });
});

describe('/settings', () => {
  /** Presses the button labelled `label` on the menu message as the user; answers the redrawn message. */
  async function press(chatId: number, label: string | RegExp) {
    const message = fake.sent(chatId)[0]!;
    const button = inlineButtons(message).find((b) =>
      typeof label === 'string' ? b.text === label : label.test(b.text),
    ) as { text: string; callback_data: string } | undefined;
    if (!button) throw new Error(`no button ${label} in ${inlineButtons(message).map((b) => b.text)}`);
    const update = fake.pushUpdate({
      callback_query: {
        id: `press-${updateId++}`,
        from: testUser(chatId),
        chat_instance: '1',
        message: { ...message.message, chat: privateChatOf({ id: chatId }) },
        data: button.callback_data,
      },
    });
    await bot.handleUpdate(update);
    return inlineButtons(fake.sent(chatId)[0]).map((b) => b.text);
  }
  let bot: Awaited<ReturnType<typeof botAgainst>>['bot'];

  it("is short and grouped, in the user's language: mute all, quiet hours, then the kinds by group", async () => {
    const [user] = await seedUsers(database.db, 1, { languageCode: 'pt-BR', openedBot: false });
    ({ bot } = await botAgainst(fake, { db: database.db }));
    const from = { id: user!.chatId, language_code: 'en' };

    await bot.handleUpdate(asUpdate(commandUpdate({ from, command: 'settings' })));
    const [menu] = fake.sent(user!.chatId);
    const t = BOT_TEXTS['pt-BR'].settings;
    expect(menu?.text).toBe(`${t.intro}\n${t.languageLine}`);
    // The first row is the account's language, then mute all, quiet hours and the groups.
    expect(
      inlineButtons(menu)
        .slice(0, LANGUAGES.length)
        .map((b) => b.text),
    ).toEqual(['English', 'हिन्दी', '✓ Português (Brasil)']);
    const buttons = inlineButtons(menu).slice(LANGUAGES.length);
    const groups = [...kindsByGroup()];
    expect(buttons.map((b) => b.text)).toEqual([
      `🔔 ${t.all}: ${t.on}`,
      `🌙 ${t.quietHours}: ${t.off}`,
      ...groups.map(([group, kinds]) =>
        kinds.length === 1
          ? `✅ ${t.groups[group]}: ${t.on}`
          : `✅ ${t.groups[group]} · ${kinds.length}/${kinds.length}`,
      ),
    ]);
    expect(groups.flatMap(([, kinds]) => kinds).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    expect(buttons.length).toBeLessThanOrEqual(8);
    // Opening the settings counts as opening the bot.
    expect(await database.db.select().from(botChats).where(eq(botChats.userId, user!.id))).toHaveLength(1);

    // A group: its switches, All on / All off and Back. One switch, then all off.
    const clans = kindsByGroup().get('clans')!;
    const inClans = await press(user!.chatId, new RegExp(`^✅ ${t.groups.clans} · `));
    expect(inClans).toEqual([
      ...clans.map((kind) => `✅ ${t.kinds[kind]}: ${t.on}`),
      t.allOn,
      t.allOff,
      t.back,
    ]);
    expect(await press(user!.chatId, `✅ ${t.kinds.clan_join_request}: ${t.on}`)).toContain(
      `🔕 ${t.kinds.clan_join_request}: ${t.off}`,
    );
    const offRows = async () =>
      (await database.db.select().from(notificationSettings).where(eq(notificationSettings.userId, user!.id)))
        .filter((r) => !r.enabled)
        .map((r) => r.kind)
        .sort();
    expect(await offRows()).toEqual(['clan_join_request']);
    await press(user!.chatId, t.allOff);
    expect(await offRows()).toEqual([...clans].sort());
    const back = await press(user!.chatId, t.back);
    expect(back).toContain(`🔕 ${t.groups.clans} · 0/${clans.length}`);

    // A group of one kind is its own switch.
    expect(await press(user!.chatId, `✅ ${t.groups.klash}: ${t.on}`)).toContain(
      `🔕 ${t.groups.klash}: ${t.off}`,
    );
    expect(await offRows()).toEqual([...clans, 'klash'].sort());
    expect(fake.callsTo('answerCallbackQuery').every((c) => c.status === 200)).toBe(true);
  });

  it('mutes everything and sets quiet hours and their zone (the country’s until one is picked)', async () => {
    const [user] = await seedUsers(database.db, 1, { languageCode: 'hi', openedBot: false });
    await database.db.update(users).set({ phoneNumber: '+5511987654321' }).where(eq(users.id, user!.id));
    ({ bot } = await botAgainst(fake, { db: database.db }));
    await bot.handleUpdate(asUpdate(commandUpdate({ from: { id: user!.chatId }, command: 'settings' })));
    const t = BOT_TEXTS.hi.settings;

    expect(await press(user!.chatId, `🔔 ${t.all}: ${t.on}`)).toContain(`🔕 ${t.all}: ${t.muted}`);
    expect((await readNotificationPreferences(database.db, user!.id)).muted).toBe(true);

    const quiet = await press(user!.chatId, `🌙 ${t.quietHours}: ${t.off}`);
    // A Brazilian phone number: Brasília time until they pick a zone.
    expect(quiet).toEqual([
      `✅ ${t.noQuietHours}`,
      ...QUIET_HOURS_CHOICES.map((q) => `${formatClock(q.start)}–${formatClock(q.end)}`),
      `🌍 ${t.timeZone}: ${t.zones['America/Sao_Paulo']}`,
      t.back,
    ]);
    expect(await press(user!.chatId, '22:00–08:00')).toContain('✅ 22:00–08:00');
    const zones = await press(user!.chatId, /^🌍 /);
    expect(zones[0]).toBe(`✅ ${t.zoneAuto(t.zones['America/Sao_Paulo'])}`);
    expect(await press(user!.chatId, t.zones['America/Manaus'])).toContain(`✅ ${t.zones['America/Manaus']}`);
    expect(await readNotificationPreferences(database.db, user!.id)).toEqual({
      muted: true,
      quietHours: { start: 22 * 60, end: 8 * 60 },
      timeZone: 'America/Manaus',
    });
    await press(user!.chatId, t.back);
    expect(await press(user!.chatId, t.back)).toContain(`🌙 ${t.quietHours}: 22:00–08:00`);
  });

  it("chooses the account's one language: stored on the account, the message and its buttons redrawn in it", async () => {
    // A website account that never chose (no language yet), opened from a Telegram set to Hindi.
    const [user] = await seedUsers(database.db, 1, { languageCode: null, openedBot: false });
    const { bot } = await botAgainst(fake, { db: database.db });
    await bot.handleUpdate(
      asUpdate(commandUpdate({ from: { id: user!.chatId, language_code: 'hi' }, command: 'settings' })),
    );
    const [menu] = fake.sent(user!.chatId);
    expect(menu?.text).toBe(`${BOT_TEXTS.hi.settings.intro}\n${BOT_TEXTS.hi.settings.languageLine}`);
    const portuguese = inlineButtons(menu).find((b) => b.text === 'Português (Brasil)');
    await bot.handleUpdate(
      fake.pushUpdate({
        callback_query: {
          id: 'press-language',
          from: testUser(user!.chatId),
          chat_instance: '1',
          message: { ...menu!.message, chat: privateChatOf({ id: user!.chatId }) },
          data: (portuguese as { callback_data: string }).callback_data,
        },
      }),
    );

    const [row] = await database.db
      .select({ languageCode: users.languageCode })
      .from(users)
      .where(eq(users.id, user!.id));
    expect(row?.languageCode).toBe('pt-BR');
    const pt = BOT_TEXTS['pt-BR'].settings;
    const [edited] = fake.sent(user!.chatId);
    expect(edited?.text).toBe(`${pt.intro}\n${pt.languageLine}`);
    // The language row, then the rest of the menu in the new language (mute all first).
    expect(
      inlineButtons(edited)
        .slice(0, LANGUAGES.length + 1)
        .map((b) => b.text),
    ).toEqual(['English', 'हिन्दी', '✓ Português (Brasil)', `🔔 ${pt.all}: ${pt.on}`]);
  });

  it('asks a Telegram user with no Khel account to sign in first', async () => {
    const { bot } = await botAgainst(fake, { db: database.db });
    await bot.handleUpdate(
      asUpdate(commandUpdate({ from: { id: 999_000_002, language_code: 'hi' }, command: 'settings' })),
    );
    expect(fake.sent(999_000_002)[0]?.text).toBe(BOT_TEXTS.hi.settings.notLinked);
  });
});
