import { BOT_TEXTS } from '@khel/bot';
import { NOTIFICATION_KINDS } from '@khel/core/contract';
import { LANGUAGES } from '@khel/core/format';
import type { DatabaseHandle } from '@khel/db';
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
  await database.db.execute(sql`truncate notification_settings, bot_chats`);
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

describe('/settings', () => {
  it("shows one switch per kind in the user's language; a tap turns the kind off and redraws the menu", async () => {
    const [user] = await seedUsers(database.db, 1, { languageCode: 'pt-BR', openedBot: false });
    const { bot } = await botAgainst(fake, { db: database.db });
    const from = { id: user!.chatId, language_code: 'en' };

    await bot.handleUpdate(asUpdate(commandUpdate({ from, command: 'settings' })));
    const [menu] = fake.sent(user!.chatId);
    const texts = BOT_TEXTS['pt-BR'].settings;
    expect(menu?.text).toBe(`${texts.intro}\n${texts.languageLine}`);
    const buttons = inlineButtons(menu).slice(LANGUAGES.length);
    expect(
      inlineButtons(menu)
        .slice(0, LANGUAGES.length)
        .map((b) => b.text),
    ).toEqual(['English', 'हिन्दी', '✓ Português (Brasil)']);
    expect(buttons.map((b) => b.text)).toEqual(
      NOTIFICATION_KINDS.map((kind) => `✅ ${texts.kinds[kind]}: ${texts.on}`),
    );
    // Opening the settings counts as opening the bot.
    expect(await database.db.select().from(botChats).where(eq(botChats.userId, user!.id))).toHaveLength(1);

    const slotsButton = buttons[NOTIFICATION_KINDS.indexOf('quest_slots_low')];
    const press = fake.pushUpdate({
      callback_query: {
        id: 'press-1',
        from: testUser(user!.chatId),
        chat_instance: '1',
        message: { ...menu!.message, chat: privateChatOf({ id: user!.chatId }) },
        data: (slotsButton as { callback_data: string }).callback_data,
      },
    });
    await bot.handleUpdate(press);

    const saved = await database.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, user!.id));
    expect(saved.map((r) => [r.kind, r.enabled])).toEqual([['quest_slots_low', false]]);
    const redrawn = fake.sent(user!.chatId)[0];
    expect(inlineButtons(redrawn).map((b) => b.text)).toContain(
      `🔕 ${texts.kinds.quest_slots_low}: ${texts.off}`,
    );
    expect(fake.callsTo('answerCallbackQuery').map((c) => c.status)).toEqual([200]);
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
    expect(inlineButtons(edited).map((b) => b.text)).toEqual([
      'English',
      'हिन्दी',
      '✓ Português (Brasil)',
      ...NOTIFICATION_KINDS.map((kind) => `✅ ${pt.kinds[kind]}: ${pt.on}`),
    ]);
  });

  it('asks a Telegram user with no Khel account to sign in first', async () => {
    const { bot } = await botAgainst(fake, { db: database.db });
    await bot.handleUpdate(
      asUpdate(commandUpdate({ from: { id: 999_000_002, language_code: 'hi' }, command: 'settings' })),
    );
    expect(fake.sent(999_000_002)[0]?.text).toBe(BOT_TEXTS.hi.settings.notLinked);
  });
});
