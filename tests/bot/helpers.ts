import { type BotDeps, type BotLogger, createBot, type KhelBot } from '@khel/bot';
import { type FakeTelegram, type FakeTelegramOptions, startFakeTelegram } from '@khel/tests/fake-telegram';
import { vi } from 'vitest';

export const TOKEN = '7000000001:AAH-test-token-for-the-fake-api';
export const BOT_USERNAME = 'khel_test_bot';
export const MINI_APP_URL = 'https://khel.example/tma/';

export function spyLogger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies BotLogger;
}

export async function fakeTelegram(
  options: Omit<FakeTelegramOptions, 'token' | 'botUsername'> = {},
): Promise<FakeTelegram> {
  return startFakeTelegram({ token: TOKEN, botUsername: BOT_USERNAME, ...options });
}

/** A bot built by createBot and pointed at the fake; `init` fetches its identity through getMe. */
export async function botAgainst(
  fake: FakeTelegram,
  deps: Partial<BotDeps> = {},
): Promise<{ bot: KhelBot; logger: ReturnType<typeof spyLogger> }> {
  const logger = spyLogger();
  const bot = createBot(TOKEN, { miniAppUrl: MINI_APP_URL, apiRoot: fake.apiRoot, logger, ...deps });
  await bot.init();
  return { bot, logger };
}
