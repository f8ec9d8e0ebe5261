import { resolveStartParam, startParamToPath } from '@khel/core/deep-links';
import type { Database } from '@khel/db';
import { Composer, type Context } from 'grammy';
import { findTelegramUser, recordBotChat } from '../bot-users.ts';
import { type BotLogger, consoleLogger, describeError } from '../logger.ts';
import { type MiniAppSettings, openAppButton, replyWithButton } from '../open-app.ts';
import { textsFor } from '../texts.ts';

/**
 * `/start [payload]`: a button that opens the Mini App on the screen the payload names (home otherwise).
 * With a database, a private `/start` from a Telegram user linked to a Khel account records the chat in
 * `bot_chats` (and clears an earlier block) so the notifier may message them; unlinked users are not stored.
 */
export function startFeature(
  settings: MiniAppSettings,
  deps: { db?: Database; logger?: BotLogger } = {},
): Composer<Context> {
  const composer = new Composer<Context>();
  const logger = deps.logger ?? consoleLogger;

  composer.command('start', async (ctx) => {
    // The account's language when the user has one (every push speaks it too), else Telegram's.
    let language = ctx.from?.language_code;
    if (deps.db && ctx.from && ctx.chat?.type === 'private') {
      try {
        const user = await findTelegramUser(deps.db, ctx.from.id);
        if (user?.languageCode) language = user.languageCode;
        if (user) await recordBotChat(deps.db, user.id, ctx.chat.id);
      } catch (error) {
        // The welcome still goes out; the chat is recorded at the next /start or /settings.
        logger.warn('Could not record the bot chat', { error: describeError(error) });
      }
    }
    const texts = textsFor(language);
    const payload = ctx.match.trim();
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

  return composer;
}
