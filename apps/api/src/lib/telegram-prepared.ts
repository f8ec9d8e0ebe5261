import type { Api } from 'grammy';
import type { InlineQueryResult } from 'grammy/types';
import type { Env } from '../env.ts';
import type { AppDeps } from './context.ts';
import { AppError } from './http.ts';
import { botApiOf } from './telegram-api.ts';

/**
 * Prepared inline messages (Bot API savePreparedInlineMessage) for the Mini App's shareMessage, whatever is
 * shared: a POG card (pog/telegram-share.ts), a quest, a campaign, a tournament or an article (the sharing
 * module). The caller builds the inline result (`@khel/bot`'s result builders, the same objects inline mode
 * answers) from where its links point; this file talks to Telegram.
 */

/** Where the links of a shared message point: the bot (for t.me links) and the Mini App. */
export interface PreparedLinkSettings {
  miniAppUrl: string;
  miniAppShortName?: string;
  botUsername: string;
}

/** What the caller says when sharing is refused: no Telegram account, or Telegram not reachable. */
export interface PreparedMessageTexts {
  notLinked: string;
  unavailable: string;
}

// The configuration's grammY Api (lib/telegram-api.ts, made on first use: grammY loads then, not at start), and the bot's
// username when TELEGRAM_BOT_USERNAME does not say it (getMe, asked once).
const apis = new WeakMap<Env, Promise<{ api: Api; botUsername: () => Promise<string> } | null>>();

function telegram(env: Env) {
  let entry = apis.get(env);
  if (!entry) {
    entry = botApiOf(env).then((api) => {
      if (!api) return null;
      let username: Promise<string> | undefined;
      const botUsername = () => {
        if (env.TELEGRAM_BOT_USERNAME) return Promise.resolve(env.TELEGRAM_BOT_USERNAME);
        if (!username) {
          username = api.getMe().then((me) => me.username);
          // A failed getMe is asked again at the next share.
          username.catch(() => {
            username = undefined;
          });
        }
        return username;
      };
      return { api, botUsername };
    });
    apis.set(env, entry);
  }
  return entry;
}

/** The Mini App root the bot's buttons open (as the all-in-one server gives the bot). */
export function miniAppUrlOf(env: Env): string {
  return env.TELEGRAM_MINIAPP_URL ?? `${env.PUBLIC_URL ?? `http://localhost:${env.PORT}`}/tma/`;
}

/**
 * Saves `build(links)` as a prepared inline message of the Telegram user `telegramId` (any chat type allowed)
 * and answers `{ id, expirationDate }` for shareMessage. 409 `texts.notLinked` without a Telegram id; 503
 * `texts.unavailable` without TELEGRAM_BOT_TOKEN or when Telegram refuses (logged under `area`). An AppError
 * thrown by `build` passes as it is.
 */
export async function savePreparedMessage(
  deps: AppDeps,
  telegramId: string | null,
  build: (links: PreparedLinkSettings) => Promise<InlineQueryResult> | InlineQueryResult,
  texts: PreparedMessageTexts,
  area: string,
): Promise<{ id: string; expirationDate: number }> {
  if (!telegramId) throw new AppError(409, texts.notLinked);
  const bot = await telegram(deps.env);
  if (!bot) {
    deps.logger.warn(`${area}: sharing into Telegram needs TELEGRAM_BOT_TOKEN`);
    throw new AppError(503, texts.unavailable);
  }
  try {
    const result = await build({
      miniAppUrl: miniAppUrlOf(deps.env),
      ...(deps.env.TELEGRAM_MINIAPP_SHORT_NAME
        ? { miniAppShortName: deps.env.TELEGRAM_MINIAPP_SHORT_NAME }
        : {}),
      botUsername: await bot.botUsername(),
    });
    const prepared = await bot.api.savePreparedInlineMessage(Number(telegramId), result, {
      allow_user_chats: true,
      allow_bot_chats: true,
      allow_group_chats: true,
      allow_channel_chats: true,
    });
    return { id: prepared.id, expirationDate: prepared.expiration_date };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const description = (error as { description?: string }).description ?? String(error);
    deps.logger.warn(`${area}: savePreparedInlineMessage failed`, { error: description });
    throw new AppError(503, texts.unavailable);
  }
}
