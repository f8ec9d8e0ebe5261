import { autoRetry } from '@grammyjs/auto-retry';
import type { Database } from '@khel/db';
import { Bot, type BotError, type Context } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { clanFeature } from './features/clan.ts';
import { clanGroupsFeature } from './features/clan-groups.ts';
import { helpFeature, publishCommandsAndMenu } from './features/help.ts';
import { pogInlineFeature } from './features/pog-inline.ts';
import { settingsFeature } from './features/settings.ts';
import { shareInlineFeature } from './features/share-inline.ts';
import { starsFeature } from './features/stars.ts';
import { startFeature } from './features/start.ts';
import type { KhelApi } from './khel-api.ts';
import { type BotLogger, consoleLogger, describeError } from './logger.ts';
import type { MiniAppSettings } from './open-app.ts';
import { registerStartupTask } from './startup-tasks.ts';
import { textsFor } from './texts.ts';

export interface BotDeps extends MiniAppSettings {
  /** Bot API server root; defaults to https://api.telegram.org (tests point it at the fake). */
  apiRoot?: string;
  logger?: BotLogger;
  /** Skips the `getMe` call when the bot's identity is already known. */
  botInfo?: UserFromGetMe;
  /**
   * The Khel database: `/start` records who opened the bot (`bot_chats`) and `/settings` reads and writes
   * `notification_settings`. Without it the bot only links to the Mini App and `/settings` says it is unavailable.
   */
  db?: Database;
  /**
   * The Khel API (khel-api.ts), through which `/clan` (the chief's console), group linking and inline mode (POG
   * cards) act for the Telegram user. Without it `/clan` says the console is unavailable, the bot ignores being
   * added to groups and inline mode only offers to mint a card.
   */
  khelApi?: KhelApi;
}

/** Replies to users: a 429 or a 5xx is retried in place (auto-retry); connecting and polling back off in run.ts. */
const REPLY_METHODS = new Set([
  'sendMessage',
  'editMessageText',
  'editMessageReplyMarkup',
  'answerCallbackQuery',
  'answerInlineQuery',
]);

export type KhelBot = Bot<Context>;

/** Builds the bot: one Composer per feature behind an error boundary. Does not contact Telegram. */
export function createBot(token: string, deps: BotDeps): KhelBot {
  const logger = deps.logger ?? consoleLogger;
  const bot = new Bot<Context>(token, {
    // grammY refuses an apiRoot with a trailing slash.
    ...(deps.apiRoot ? { client: { apiRoot: deps.apiRoot.replace(/\/+$/, '') } } : {}),
    ...(deps.botInfo ? { botInfo: deps.botInfo } : {}),
  });
  const settings: MiniAppSettings = {
    miniAppUrl: deps.miniAppUrl,
    ...(deps.miniAppShortName ? { miniAppShortName: deps.miniAppShortName } : {}),
  };

  const retryReplies = autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 10, rethrowHttpErrors: true });
  bot.api.config.use((prev, method, payload, signal) =>
    REPLY_METHODS.has(method) ? retryReplies(prev, method, payload, signal) : prev(method, payload, signal),
  );

  // Last resort for errors outside the boundary; grammY's default would stop polling.
  bot.catch((error) => {
    logger.error('Unhandled error while handling a Telegram update', updateDetails(error));
  });

  const features = bot.errorBoundary(async (error) => {
    logger.error('A bot feature failed', updateDetails(error));
    if (!error.ctx.chat) return;
    try {
      await error.ctx.reply(textsFor(error.ctx.from?.language_code).somethingWentWrong);
    } catch (replyError) {
      logger.warn('Could not tell the user about the failure', { error: describeError(replyError) });
    }
  });
  features.use(
    startFeature(settings, {
      logger,
      ...(deps.db ? { db: deps.db } : {}),
      ...(deps.khelApi ? { khelApi: deps.khelApi } : {}),
    }),
  );
  features.use(settingsFeature(settings, deps.db));
  features.use(helpFeature(deps.db));
  const clanDeps = {
    logger,
    ...(deps.db ? { db: deps.db } : {}),
    ...(deps.khelApi ? { khelApi: deps.khelApi } : {}),
  };
  features.use(clanFeature(settings, clanDeps));
  features.use(clanGroupsFeature(clanDeps));
  // Items first: a query that names none goes on to POG cards.
  features.use(shareInlineFeature(settings, clanDeps));
  features.use(pogInlineFeature(settings, clanDeps));
  // Telegram Stars: pre-checkout answered within Telegram's 10 s, successful payments booked by the API.
  features.use(starsFeature(clanDeps));

  registerStartupTask(bot, (api, taskLogger, signal) =>
    publishCommandsAndMenu(api, settings, taskLogger, signal),
  );
  return bot;
}

function updateDetails(error: BotError<Context>): Record<string, unknown> {
  return { updateId: error.ctx.update.update_id, error: describeError(error.error) };
}
