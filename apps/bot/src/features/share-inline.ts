import { SHARE_KINDS, type ShareKind } from '@khel/core/contract';
import { resolveStartParam } from '@khel/core/deep-links';
import type { Database } from '@khel/db';
import { Composer, type Context } from 'grammy';
import { languageOfTelegramUser } from '../bot-users.ts';
import { type KhelApi, KhelApiUnavailableError } from '../khel-api.ts';
import { type BotLogger, consoleLogger, describeError } from '../logger.ts';
import type { MiniAppSettings } from '../open-app.ts';
import { shareItemResult } from '../share-results.ts';
import { localeFor } from '../texts.ts';

/** How long Telegram may reuse an answer: an item's title or picture may change, so not long. */
export const SHARE_INLINE_CACHE_SECONDS = 30;

/**
 * `quest <slug>`, `campaign <slug>`, `klash <slug or id>`, `article <slug>`, or the item's start parameter as a
 * deep link names it (`quest_<slug>`, the way `pog_<name>` names a card): the kind and the slug or id.
 */
const ITEM_QUERY = new RegExp(`^(${SHARE_KINDS.join('|')})(?:\\s+|_)(\\S{1,200})$`, 'i');

/** The kind and reference of an inline query naming an item, or null (the query is POG's then). */
export function shareQueryOf(query: string): { kind: ShareKind; ref: string } | null {
  const match = ITEM_QUERY.exec(query.trim());
  if (!match) return null;
  const kind = match[1]!.toLowerCase() as ShareKind;
  const ref = match[2]!;
  // The deep-link style must be an entry of the table (as a start parameter it opens that screen).
  if (query.trim()[kind.length] === '_' && resolveStartParam(`${kind}_${ref}`)?.screen !== kind) return null;
  return { kind, ref };
}

/**
 * Inline mode for anything but POG cards: a query naming a quest, a campaign, a tournament or an article answers
 * that item as a photo (its share picture in the reader's language, a caption with its title and short line, a
 * button into its screen in the Mini App), read from the API's public GET /share/:kind/:ref. An unknown item
 * answers no result. Any other query goes on to POG's inline mode (features/pog-inline.ts), so this composer is
 * used before it.
 */
export function shareInlineFeature(
  settings: MiniAppSettings,
  deps: { khelApi?: KhelApi; logger?: BotLogger; db?: Database },
): Composer<Context> {
  const composer = new Composer<Context>();
  const logger = deps.logger ?? consoleLogger;

  composer.on('inline_query', async (ctx, next) => {
    const asked = shareQueryOf(ctx.inlineQuery.query);
    if (!asked || !deps.khelApi) return next();
    const language = await languageOfTelegramUser(deps.db, ctx.inlineQuery.from);
    let answer: Awaited<ReturnType<KhelApi['shareItem']>>;
    try {
      answer = await deps.khelApi.shareItem(asked.kind, asked.ref, localeFor(language));
    } catch (error) {
      if (!(error instanceof KhelApiUnavailableError)) throw error;
      logger.warn('Inline query: the API is unavailable', { error: describeError(error) });
      await ctx.answerInlineQuery([], { cache_time: 0, is_personal: true });
      return;
    }
    if (!answer.ok && answer.status !== 404)
      logger.warn('Inline query: the API refused the item lookup', {
        status: answer.status,
        message: answer.message,
      });
    const links = { ...settings, botUsername: ctx.me.username };
    await ctx.answerInlineQuery(answer.ok ? [shareItemResult(answer.data, language, links)] : [], {
      cache_time: answer.ok ? SHARE_INLINE_CACHE_SECONDS : 0,
      // The texts are in the reader's language.
      is_personal: true,
    });
  });

  return composer;
}
