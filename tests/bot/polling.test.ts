import { BOT_TEXTS, type BotHandle, createBot, startBot } from '@khel/bot';
import { buttonUrl, type FakeTelegram, inlineButtons, startUpdate } from '@khel/tests/fake-telegram';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeTelegram, MINI_APP_URL, spyLogger, TOKEN } from './helpers.ts';

let fake: FakeTelegram;
let handle: BotHandle | undefined;
beforeEach(async () => {
  fake = await fakeTelegram();
});
afterEach(async () => {
  await handle?.stop();
  handle = undefined;
  await fake.close();
});

function pollingBot(miniAppUrl = MINI_APP_URL) {
  const logger = spyLogger();
  const bot = createBot(TOKEN, { miniAppUrl, apiRoot: fake.apiRoot, logger });
  return { bot, logger };
}

describe('polling mode', () => {
  it('receives /start through getUpdates and replies, including updates that waited before start', async () => {
    const waiting = fake.pushUpdate(startUpdate({ id: 21 }, 'earnings'));
    const { bot, logger } = pollingBot();

    handle = startBot(bot, { mode: 'polling', logger });
    await handle.ready;
    await fake.waitForSent(1, 21);
    fake.pushUpdate(startUpdate({ id: 22, language_code: 'hi' }, 'quest_summer-cup'));
    const [reply] = await fake.waitForSent(1, 22);

    expect(buttonUrl(inlineButtons(fake.sent(21)[0])[0])).toBe('https://khel.example/tma/collect-earnings');
    expect(reply?.text).toBe(BOT_TEXTS.hi.openLinkedScreen);
    expect(buttonUrl(inlineButtons(reply)[0])).toBe('https://khel.example/tma/quest-details/summer-cup');
    // Pending updates are kept (drop_pending_updates off) and confirmed through the offset.
    const deleteWebhook = fake.callsTo('deleteWebhook');
    expect(deleteWebhook.length).toBeGreaterThan(0);
    expect(deleteWebhook.every((c) => c.params.drop_pending_updates !== true)).toBe(true);
    await fake.waitFor(() =>
      fake.callsTo('getUpdates').some((c) => Number(c.params.offset) > waiting.update_id),
    );
    expect(fake.calls[0]?.method).toBe('getMe');
    expect(logger.info).toHaveBeenCalledWith('Bot @khel_test_bot is polling for updates');
  });

  it('publishes the command list in three languages and the Mini App menu button on startup', async () => {
    const { bot, logger } = pollingBot();

    handle = startBot(bot, { mode: 'polling', logger });
    await handle.ready;

    expect(fake.commands().map((c) => c.command)).toEqual([
      'start',
      'buy',
      'clan',
      'settings',
      'paysupport',
      'help',
    ]);
    expect(fake.commands('hi')[0]?.description).toBe(BOT_TEXTS.hi.commands.start);
    expect(fake.commands('pt')[0]?.description).toBe(BOT_TEXTS['pt-BR'].commands.start);
    expect(fake.menuButton()).toEqual({
      type: 'web_app',
      text: 'Open Khel',
      web_app: { url: 'https://khel.example/tma/home' },
    });
  });

  it('starts even when setMyCommands fails, and skips the menu button for an http Mini App', async () => {
    fake.failNext('setMyCommands', 1, { code: 500 });
    const { bot, logger } = pollingBot('http://localhost:8080/tma/');

    handle = startBot(bot, { mode: 'polling', logger });
    await handle.ready;

    expect(logger.warn).toHaveBeenCalledWith(
      'Telegram setMyCommands failed; continuing without it',
      expect.objectContaining({ error: expect.stringContaining('500') }),
    );
    expect(fake.commands('hi')).toHaveLength(6);
    expect(fake.callsTo('setChatMenuButton')).toEqual([]);
    expect(fake.menuButton()).toEqual({ type: 'default' });
  });

  it('removes a webhook left behind, since Telegram refuses getUpdates while one is set', async () => {
    const { bot, logger } = pollingBot();
    await bot.api.setWebhook('https://khel.example/telegram/webhook', { secret_token: 'old_secret' });

    handle = startBot(bot, { mode: 'polling', logger });
    await handle.ready;
    fake.pushUpdate(startUpdate({ id: 23 }));

    expect(fake.webhook()).toBeNull();
    await fake.waitForSent(1, 23);
  });

  it('stops cleanly: stop() resolves, no getUpdates stays open and later updates get no reply', async () => {
    const { bot, logger } = pollingBot();
    handle = startBot(bot, { mode: 'polling', logger });
    await handle.ready;
    await fake.waitFor(() => fake.callsTo('getUpdates').some((c) => c.status === 0));

    await handle.stop();
    await fake.waitFor(() => fake.callsTo('getUpdates').every((c) => c.status !== 0));
    const polls = fake.callsTo('getUpdates').length;
    fake.pushUpdate(startUpdate({ id: 24 }));
    // A round trip through the bot's own API client after the push: the update is still waiting in
    // Telegram's queue, since nothing asked for it, and no getUpdates came since the stop.
    expect((await bot.api.getWebhookInfo()).pending_update_count).toBe(1);

    expect(bot.isRunning()).toBe(false);
    expect(fake.callsTo('getUpdates')).toHaveLength(polls);
    expect(fake.sent(24)).toEqual([]);
  });
});
