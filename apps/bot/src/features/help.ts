import type { Database } from '@khel/db';
import { type Api, Composer, type Context } from 'grammy';
import type { BotCommand } from 'grammy/types';
import { languageOfTelegramUser } from '../bot-users.ts';
import { grammySignal } from '../grammy-signal.ts';
import { type BotLogger, describeError } from '../logger.ts';
import { isHttps, type MiniAppSettings, miniAppScreenUrl } from '../open-app.ts';
import { BOT_TEXTS, type BotTexts, TELEGRAM_LANGUAGE_CODES, textsFor } from '../texts.ts';

export const BOT_COMMANDS = [
  'start',
  'buy',
  'clan',
  'settings',
  'paysupport',
  'help',
] as const satisfies ReadonlyArray<keyof BotTexts['commands']>;

function commandList(texts: BotTexts): BotCommand[] {
  return BOT_COMMANDS.map((command) => ({ command, description: texts.commands[command] }));
}

export function helpText(texts: BotTexts): string {
  const lines = commandList(texts).map(({ command, description }) => `/${command} – ${description}`);
  return [texts.helpIntro, ...lines].join('\n');
}

/** `/help`: lists the commands in the user's language (their account's, else Telegram's). */
export function helpFeature(db?: Database): Composer<Context> {
  const composer = new Composer<Context>();
  composer.command('help', async (ctx) => {
    await ctx.reply(helpText(textsFor(await languageOfTelegramUser(db, ctx.from))));
  });
  return composer;
}

/**
 * Publishes the command list (default, Hindi, Portuguese) and points the chat menu button at the Mini App.
 * Each call may fail without stopping the others or the bot: they only polish the chat UI.
 */
export async function publishCommandsAndMenu(
  api: Api,
  settings: MiniAppSettings,
  logger: BotLogger,
  signal?: AbortSignal,
): Promise<void> {
  const calls: Array<[string, () => Promise<unknown>]> = [
    ['setMyCommands', () => api.setMyCommands(commandList(BOT_TEXTS.en), {}, grammySignal(signal))],
    ...Object.entries(TELEGRAM_LANGUAGE_CODES).map(
      ([locale, language_code]): [string, () => Promise<unknown>] => [
        `setMyCommands(${language_code})`,
        () =>
          api.setMyCommands(
            commandList(BOT_TEXTS[locale as keyof typeof BOT_TEXTS]),
            { language_code },
            grammySignal(signal),
          ),
      ],
    ),
  ];
  const homeUrl = miniAppScreenUrl(settings.miniAppUrl, '/home');
  if (isHttps(homeUrl)) {
    calls.push([
      'setChatMenuButton',
      () =>
        api.setChatMenuButton(
          { menu_button: { type: 'web_app', text: BOT_TEXTS.en.menuButton, web_app: { url: homeUrl } } },
          grammySignal(signal),
        ),
    ]);
  } else {
    logger.info(
      'Mini App URL is not https; leaving the chat menu button as it is (Telegram requires https)',
      {
        miniAppUrl: settings.miniAppUrl,
      },
    );
  }
  for (const [name, call] of calls) {
    try {
      await call();
    } catch (error) {
      logger.warn(`Telegram ${name} failed; continuing without it`, { error: describeError(error) });
    }
  }
}
