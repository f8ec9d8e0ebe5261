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
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { savePreparedMessage } from '../../lib/telegram-prepared.ts';
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
  const prepared = await savePreparedMessage(
    deps,
    user.telegramId,
    async (links) => (await import('@khel/bot/pog-results')).pogPhotoResult(card, user.languageCode, links),
    { notLinked: POG_TELEGRAM_NOT_LINKED_MESSAGE, unavailable: POG_TELEGRAM_UNAVAILABLE_MESSAGE },
    'pog',
  );
  await deps.db.insert(pogShares).values({ userId: user.id, cardId: row.id, channel: 'telegram' });
  return prepared;
}
