import { TELEGRAM_LINK_PAYLOAD_PREFIX } from '@khel/core/contract';
import { resolveStartParam, startParamToPath } from '@khel/core/deep-links';
import type { Database } from '@khel/db';
import { Composer, type Context } from 'grammy';
import { recordChatOpened } from '../bot-users.ts';
import { type KhelApi, KhelApiUnavailableError } from '../khel-api.ts';
import { type BotLogger, consoleLogger, describeError } from '../logger.ts';
import { type MiniAppSettings, openAppButton, replyWithButton } from '../open-app.ts';
import { type BotTexts, textsFor } from '../texts.ts';

/**
 * `/start [payload]`: a button that opens the Mini App on the screen the payload names (home otherwise).
 * With a database, a private `/start` records the chat so the notifier may message the user: in `bot_chats`
 * (clearing an earlier block) for a Telegram user linked to a Khel account, else in `telegram_bot_starts`,
 * which becomes their `bot_chats` row when they sign in or link Telegram. The Mini App's write-access
 * request, once granted, reaches the bot as a `write_access_allowed` service message: recorded the same way.
 *
 * `/start link_<token>` (a private chat) completes linking Telegram from the website: the API links this
 * Telegram user to the account that made the link, and the bot says how it went.
 */
export function startFeature(
  settings: MiniAppSettings,
  deps: { db?: Database; logger?: BotLogger; khelApi?: KhelApi } = {},
): Composer<Context> {
  const composer = new Composer<Context>();
  const logger = deps.logger ?? consoleLogger;

  /** Records the opened chat; the account it belongs to, if any (null also when recording failed). */
  const recordChat = async (ctx: Context) => {
    if (!deps.db || !ctx.from || ctx.chat?.type !== 'private') return null;
    try {
      return await recordChatOpened(deps.db, ctx.from.id, ctx.chat.id);
    } catch (error) {
      // The welcome still goes out; the chat is recorded at the next /start or /settings.
      logger.warn('Could not record the bot chat', { error: describeError(error) });
      return null;
    }
  };

  // Telegram's service message when the user lets the bot write from the Mini App (requestWriteAccess).
  composer.on('message:write_access_allowed', async (ctx) => {
    await recordChat(ctx);
  });

  composer.command('start', async (ctx) => {
    // The account's language when the user has one (every push speaks it too), else Telegram's.
    const user = await recordChat(ctx);
    const texts = textsFor(user?.languageCode ?? ctx.from?.language_code);
    const payload = ctx.match.trim();
    if (payload.startsWith(TELEGRAM_LINK_PAYLOAD_PREFIX) && ctx.from && ctx.chat?.type === 'private') {
      const said = await completeLink(ctx.from, payload.slice(TELEGRAM_LINK_PAYLOAD_PREFIX.length), texts);
      const button = openAppButton(texts.openAppButton, { path: startParamToPath('home') }, settings, {
        type: ctx.chat.type,
        botUsername: ctx.me.username,
      });
      await replyWithButton(ctx, said, button, texts);
      return;
    }
    const resolved = resolveStartParam(payload);
    const text = resolved ? texts.openLinkedScreen : payload ? texts.unknownLink : texts.welcome;
    const button = openAppButton(
      texts.openAppButton,
      { path: startParamToPath(payload), startParam: resolved ? payload : undefined },
      settings,
      { type: ctx.chat?.type, botUsername: ctx.me.username },
    );
    await replyWithButton(ctx, text, button, texts);
  });

  /** What the bot says after asking the API to link `from` with the website link's token. */
  async function completeLink(
    from: NonNullable<Context['from']>,
    token: string,
    texts: BotTexts,
  ): Promise<string> {
    const t = texts.telegramLink;
    if (!deps.khelApi) return t.unavailable;
    try {
      const result = await deps.khelApi.completeTelegramLink(from.id, {
        token,
        username: from.username,
        firstName: from.first_name,
        lastName: from.last_name,
        languageCode: from.language_code,
      });
      if (result.ok) return t.linked;
      if (result.status === 409) return t.conflict;
      if (result.status === 429) return t.tooMany;
      if (result.status === 503) return t.unavailable;
      // 410 (unknown, used or expired) and a token of the wrong shape (400).
      return t.expired;
    } catch (error) {
      if (!(error instanceof KhelApiUnavailableError)) throw error;
      logger.warn('Could not complete a Telegram link', { error: describeError(error) });
      return texts.somethingWentWrong;
    }
  }

  return composer;
}
