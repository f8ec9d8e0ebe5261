import type { PogCard } from '@khel/core/contract';
import type { Database } from '@khel/db';
import { Composer, type Context } from 'grammy';
import type { InlineQueryResult } from 'grammy/types';
import { languageOfTelegramUser } from '../bot-users.ts';
import { type KhelApi, KhelApiUnavailableError } from '../khel-api.ts';
import { type BotLogger, consoleLogger, describeError } from '../logger.ts';
import type { MiniAppSettings } from '../open-app.ts';
import { pogMintArticle, pogMintSwitchButton, pogPhotoResult } from '../pog-results.ts';

/** How long Telegram may reuse an answer: short, so a card just minted (or a new score) shows soon. */
export const POG_INLINE_CACHE_SECONDS = 10;
/** What a prefix may be (a POG name is letters and digits); anything else matches no card. */
const PREFIX = /^[A-Za-z0-9]{1,40}$/;

/**
 * Inline mode (`@<bot> …` in any chat): sharing POG cards. An empty query answers the user's own minted card as a
 * photo (share image, caption with name, variant and total in their language, a button into the card's showcase in
 * the Mini App); a query answers the minted cards whose name starts with it (at most 10). Someone without a minted
 * card gets the "Mint your POG card" article and, above the results, a button into the bot's chat (`/start mint`).
 * Cards are read through the API as the Telegram user (GET /pog/bot/cards, auth 'bot'); a Telegram account with no
 * Khel account has no card. Everything is written in the account's language when the Telegram user has an account
 * (read from the database), else in Telegram's. Needs inline mode turned on with @BotFather (/setinline).
 */
export function pogInlineFeature(
  settings: MiniAppSettings,
  deps: { khelApi?: KhelApi; logger?: BotLogger; db?: Database },
): Composer<Context> {
  const composer = new Composer<Context>();
  const logger = deps.logger ?? consoleLogger;

  composer.on('inline_query', async (ctx) => {
    const from = ctx.inlineQuery.from;
    const query = ctx.inlineQuery.query.trim();
    const links = { ...settings, botUsername: ctx.me.username };

    let mine: PogCard | null = null;
    let cards: PogCard[] = [];
    if (deps.khelApi) {
      try {
        // A query that cannot be a name still asks for the user's own card (to offer minting or not).
        const answer = await deps.khelApi.pogCards(from.id, PREFIX.test(query) ? query : '');
        if (answer.ok) {
          mine = answer.data.mine;
          cards = PREFIX.test(query) ? answer.data.cards : [];
        } else if (answer.status !== 403) {
          // 403: a Telegram account with no Khel account, so no card. Anything else is ours to look at.
          logger.warn('Inline query: the API refused the card lookup', {
            status: answer.status,
            message: answer.message,
          });
        }
      } catch (error) {
        if (!(error instanceof KhelApiUnavailableError)) throw error;
        logger.warn('Inline query: the API is unavailable', { error: describeError(error) });
        // Nothing to show, and nothing Telegram should keep: the next keystroke asks again.
        await ctx.answerInlineQuery([], { cache_time: 0, is_personal: true });
        return;
      }
    }

    // The account's language when the Telegram user has one (as /start and /settings), else Telegram's.
    const language = await languageOfTelegramUser(deps.db, from);
    const shown = query === '' ? (mine ? [mine] : []) : cards;
    const results: InlineQueryResult[] = shown.map((card) => pogPhotoResult(card, language, links));
    if (!mine && results.length === 0) results.push(pogMintArticle(language, links));
    await ctx.answerInlineQuery(results, {
      cache_time: POG_INLINE_CACHE_SECONDS,
      // The answer depends on who asks for the empty query (their card) and for anyone without a card (the mint
      // offer); a prefix's cards are the same for every minter.
      is_personal: query === '' || !mine,
      ...(mine ? {} : { button: pogMintSwitchButton(language) }),
    });
  });

  return composer;
}
