import { BOT_TEXTS } from '@khel/bot';
import { commandUpdate, type FakeTelegram } from '@khel/tests/fake-telegram';
import type { Update } from 'grammy/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { botAgainst, fakeTelegram } from './helpers.ts';

let fake: FakeTelegram;
beforeEach(async () => {
  fake = await fakeTelegram();
});
afterEach(async () => {
  await fake.close();
});

describe('/help', () => {
  it('lists /start, /buy, /clan, /settings, /paysupport and /help in the user’s language', async () => {
    const { bot } = await botAgainst(fake);

    await bot.handleUpdate({
      ...commandUpdate({ from: { id: 11 }, command: 'help' }),
      update_id: 1,
    } as Update);
    await bot.handleUpdate({
      ...commandUpdate({ from: { id: 12, language_code: 'hi' }, command: 'help' }),
      update_id: 2,
    } as Update);

    expect(fake.sent(11)[0]?.text).toBe(
      [
        'Here is what I can do:',
        '/start – Open the Khel app',
        '/buy – Buy K-Cash with Telegram Stars',
        '/clan – Manage your clan (clan chiefs)',
        '/settings – Choose which notifications you get',
        '/paysupport – Get help with a payment',
        '/help – Show the list of commands',
      ].join('\n'),
    );
    expect(fake.sent(12)[0]?.text).toBe(
      [
        BOT_TEXTS.hi.helpIntro,
        `/start – ${BOT_TEXTS.hi.commands.start}`,
        `/buy – ${BOT_TEXTS.hi.commands.buy}`,
        `/clan – ${BOT_TEXTS.hi.commands.clan}`,
        `/settings – ${BOT_TEXTS.hi.commands.settings}`,
        `/paysupport – ${BOT_TEXTS.hi.commands.paysupport}`,
        `/help – ${BOT_TEXTS.hi.commands.help}`,
      ].join('\n'),
    );
  });
});
