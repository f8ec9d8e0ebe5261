import {
  POG_BOT_CARDS_MAX,
  POG_NOT_MINTED_MESSAGE,
  POG_TELEGRAM_NOT_LINKED_MESSAGE,
  POG_TELEGRAM_UNAVAILABLE_MESSAGE,
  type PogBotCards,
  type PogTelegramPrepared,
} from '@khel/core/contract';
import { pogShares, type UserRow } from '@khel/db/schema';
import { sql } from 'drizzle-orm';
import type { Api } from 'grammy';
import type { Env } from '../../env.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { cardById, cardsWhere } from './cards.ts';
import { cardOf } from './flow.ts';

/**
 * Sharing POG cards into Telegram (issue 13). The bot's inline mode reads cards here as the Telegram user
 * (`pogBotCards`), and the Mini App's shareMessage gets a prepared inline message of the user's card
 * (`prepareTelegramShare`, Bot API savePreparedInlineMessage) that is the same photo result as inline mode's
 * (`@khel/bot/pog-results`).
 */

const BEST_FIRST = sql`coalesce(s.total, 0) desc, c.minted_at asc, c.id`;

/** The user's own minted card (or null) and the minted cards whose name starts with `prefix` (any case). */
export async function pogBotCards(deps: AppDeps, userId: string, prefix: string): Promise<PogBotCards> {
  const [mine] = await cardsWhere(
    deps,
    userId,
    sql`c.user_id = ${userId}::uuid and c.minted_at is not null`,
    sql`c.id`,
    1,
    0,
  );
  // Names are letters and digits (the contract's query refuses anything else), so no LIKE wildcard can slip in.
  const cards = prefix
    ? await cardsWhere(
        deps,
        userId,
        sql`c.minted_at is not null and c.name_key like ${`${prefix.toLowerCase()}%`}`,
        BEST_FIRST,
        POG_BOT_CARDS_MAX,
        0,
      )
    : [];
  return { mine: mine ?? null, cards };
}

// One grammY Api per configuration, made on the first share (grammY loads then, not at start), and the bot's
// username when TELEGRAM_BOT_USERNAME does not say it (getMe, asked once).
const apis = new WeakMap<Env, Promise<{ api: Api; botUsername: () => Promise<string> } | null>>();

function telegram(env: Env) {
  let entry = apis.get(env);
  if (!entry) {
    const token = env.TELEGRAM_BOT_TOKEN;
    entry = token
      ? import('grammy').then(({ Api }) => {
          // grammY refuses an apiRoot with a trailing slash.
          const api = new Api(
            token,
            env.TELEGRAM_API_ROOT ? { apiRoot: env.TELEGRAM_API_ROOT.replace(/\/+$/, '') } : {},
          );
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
        })
      : Promise.resolve(null);
    apis.set(env, entry);
  }
  return entry;
}

/** The Mini App root the bot's buttons open (as the all-in-one server gives the bot). */
function miniAppUrlOf(env: Env): string {
  return env.TELEGRAM_MINIAPP_URL ?? `${env.PUBLIC_URL ?? `http://localhost:${env.PORT}`}/tma/`;
}

/**
 * Saves the user's card as a prepared inline message for the Mini App's shareMessage: any chat (users, bots,
 * groups, channels). 409 without a Telegram account or a minted card, 503 when the API has no bot token or Telegram
 * refuses. The share counts like the other channels' (pog_shares, channel telegram).
 */
export async function prepareTelegramShare(deps: AppDeps, user: UserRow): Promise<PogTelegramPrepared> {
  if (!user.telegramId) throw new AppError(409, POG_TELEGRAM_NOT_LINKED_MESSAGE);
  const row = await cardOf(deps.db, user.id);
  if (!row?.mintedAt) throw new AppError(409, POG_NOT_MINTED_MESSAGE);
  const card = await cardById(deps, user.id, row.id);
  if (!card) throw new AppError(409, POG_NOT_MINTED_MESSAGE);
  const bot = await telegram(deps.env);
  if (!bot) {
    deps.logger.warn('pog: sharing into Telegram needs TELEGRAM_BOT_TOKEN');
    throw new AppError(503, POG_TELEGRAM_UNAVAILABLE_MESSAGE);
  }
  const { pogPhotoResult } = await import('@khel/bot/pog-results');
  try {
    const result = pogPhotoResult(card, user.languageCode, {
      miniAppUrl: miniAppUrlOf(deps.env),
      ...(deps.env.TELEGRAM_MINIAPP_SHORT_NAME
        ? { miniAppShortName: deps.env.TELEGRAM_MINIAPP_SHORT_NAME }
        : {}),
      botUsername: await bot.botUsername(),
    });
    const prepared = await bot.api.savePreparedInlineMessage(Number(user.telegramId), result, {
      allow_user_chats: true,
      allow_bot_chats: true,
      allow_group_chats: true,
      allow_channel_chats: true,
    });
    await deps.db.insert(pogShares).values({ userId: user.id, cardId: row.id, channel: 'telegram' });
    return { id: prepared.id, expirationDate: prepared.expiration_date };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const description = (error as { description?: string }).description ?? String(error);
    deps.logger.warn('pog: savePreparedInlineMessage failed', { error: description });
    throw new AppError(503, POG_TELEGRAM_UNAVAILABLE_MESSAGE);
  }
}
