import type { ConversationFlavor } from '@grammyjs/conversations';
import { BOT_USER_NOT_LINKED_MESSAGE, CLAN_NOT_CHIEF_MESSAGE } from '@khel/core/contract';
import type { Database } from '@khel/db';
import { Composer, type Context, GrammyError, type InlineKeyboard } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import { findTelegramUser } from '../bot-users.ts';
import {
  type BotClanConsoleAnswer,
  type KhelApi,
  type KhelApiResult,
  KhelApiUnavailableError,
} from '../khel-api.ts';
import { type BotLogger, describeError } from '../logger.ts';
import { type AppDestination, type MiniAppSettings, openAppButton } from '../open-app.ts';
import { type BotLocale, type BotTexts, localeFor, textsFor } from '../texts.ts';
import { type ClanAction, type ClanCallback, decodeClanCallback } from './clan-callbacks.ts';

/** What every part of the clan chief's console shares: the API, the logger, the user's language, app buttons. */
export type ClanContext = ConversationFlavor<Context>;

export interface ClanConsoleKit {
  api: KhelApi;
  logger: BotLogger;
  /** The user's Khel language (else Telegram's). */
  languageOf(ctx: Context): Promise<string | undefined>;
  appButton(ctx: Context, label: string, destination: AppDestination): InlineKeyboardButton;
}

export const DESTINATIONS = {
  myClan: { path: '/my-clan', startParam: 'myclan' },
  discover: { path: '/discover-clan', startParam: 'clans' },
  chief: { path: '/clan-chief', startParam: 'clanchief' },
  home: { path: '/home', startParam: 'home' },
} satisfies Record<string, AppDestination>;

export function createClanConsoleKit(
  settings: MiniAppSettings,
  api: KhelApi,
  logger: BotLogger,
  db: Database | undefined,
): ClanConsoleKit {
  return {
    api,
    logger,
    async languageOf(ctx) {
      if (db && ctx.from) {
        try {
          const user = await findTelegramUser(db, ctx.from.id);
          if (user?.languageCode) return user.languageCode;
        } catch (error) {
          logger.warn('Could not read the user’s language', { error: describeError(error) });
        }
      }
      return ctx.from?.language_code;
    },
    appButton: (ctx, label, destination) =>
      openAppButton(label, destination, settings, { type: ctx.chat?.type, botUsername: ctx.me.username }),
  };
}

/** A refusal's message in the user's language when we know it, else as the API wrote it. */
export function refusalText(texts: BotTexts, message: string): string {
  return texts.clan.apiMessages[message] ?? message;
}

/**
 * A refused press, in an alert on the button. Someone with no Khel account pressing a chief's button (a forwarded
 * console) is told what a member is: only the chief can do that.
 */
export const refuse = (ctx: Context, texts: BotTexts, message: string) =>
  ctx.answerCallbackQuery({
    text: refusalText(texts, message === BOT_USER_NOT_LINKED_MESSAGE ? CLAN_NOT_CHIEF_MESSAGE : message),
    show_alert: true,
  });

/**
 * The console of the clan the button names, when the presser leads it now. Otherwise the API's refusal: a former
 * chief is no longer the chief, anyone else is told only the chief can do that.
 */
export function chiefConsole(
  api: KhelApi,
  actor: number,
  clanId: string,
): Promise<KhelApiResult<BotClanConsoleAnswer>> {
  return api.console(actor, clanId);
}

/** Replaces the console message with a view. */
export async function show(ctx: Context, view: { text: string; keyboard: InlineKeyboard }): Promise<void> {
  try {
    await ctx.editMessageText(view.text, { reply_markup: view.keyboard });
  } catch (error) {
    // Refresh pressed with nothing new to show.
    if (error instanceof GrammyError && /not modified/i.test(error.description)) return;
    throw error;
  }
}

/** A console button pressed, decoded, with the presser's language. */
export interface ClanPress {
  ctx: ClanContext;
  callback: ClanCallback;
  actor: number;
  texts: BotTexts;
  locale: BotLocale;
  languageCode: string | null;
}

/**
 * A Composer answering the console buttons of the given actions (others pass on). An API that cannot be reached
 * is shown on the button.
 */
export function clanButtons(
  kit: ClanConsoleKit,
  actions: readonly ClanAction[],
  handle: (press: ClanPress) => Promise<void>,
): Composer<ClanContext> {
  const composer = new Composer<ClanContext>();
  composer.callbackQuery(/^k:/, async (ctx, next) => {
    const callback = decodeClanCallback(ctx.callbackQuery.data);
    if (!callback || !actions.includes(callback.action)) return next();
    const languageCode = await kit.languageOf(ctx);
    const texts = textsFor(languageCode);
    try {
      await handle({
        ctx,
        callback,
        actor: ctx.from.id,
        texts,
        locale: localeFor(languageCode),
        languageCode: languageCode ?? null,
      });
    } catch (error) {
      if (!(error instanceof KhelApiUnavailableError)) throw error;
      kit.logger.error('A clan console button could not reach the API', { error: describeError(error) });
      await ctx.answerCallbackQuery({ text: texts.somethingWentWrong, show_alert: true });
    }
  });
  return composer;
}
