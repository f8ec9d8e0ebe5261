import { POG_NOT_FOUND_MESSAGE, type PogCardFace } from '@khel/core/contract';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { errorFields } from '../../lib/logger.ts';
import { cachedRender } from './card/card-cache.ts';
import type { ItemShareImageInput, PogCardImageInput } from './card/card-image.ts';
import { CardRenderFailed, sharedCardRenderPool } from './card/card-render-pool.ts';
import { cardByName, cardRowByName } from './cards.ts';

/**
 * A card's picture (front, back or the share preview), rendered once per version of the card and
 * language, in the render pool's child processes (503 when they are busy or the render fails).
 */
export async function cardImage(
  deps: AppDeps,
  name: string,
  face: PogCardFace,
  lang: 'en' | 'hi' | 'pt-BR',
): Promise<{ png: Uint8Array; etag: string }> {
  const row = await cardRowByName(deps.db, name);
  if (!row?.avatar) throw new AppError(404, POG_NOT_FOUND_MESSAGE);
  const card = await cardByName(deps, null, name);
  const input: PogCardImageInput = {
    name: card.name,
    avatarPng: new Uint8Array(row.avatar),
    theme: card.theme ?? 'Adventure',
    variant: card.variant,
    scores: card.scores,
    total: card.total,
    badges: card.badges.map((b) => b.id),
    clanName: card.clan?.name ?? null,
    chain: card.mint?.chain ?? null,
    network: card.mint?.network ?? null,
    tokenId: card.mint?.tokenId ?? null,
    txHash: card.mint?.txHash ?? null,
    mintedAt: card.mint ? new Date(card.mint.mintedAt) : null,
    likes: card.likes,
    lang,
  };
  const key = [
    row.id,
    row.avatarVersion,
    card.total,
    card.variant,
    card.badges.length,
    card.likes,
    card.clan?.name,
    card.mint?.txHash,
    face,
    lang,
  ].join('|');
  const pool = renderPoolOf(deps);
  try {
    return await cachedRender(key, async () => (await pool.render(face, input)).png);
  } catch (error) {
    if (error instanceof CardRenderFailed)
      deps.logger.error('card image not drawn', { card: row.id, face, lang, ...errorFields(error.cause) });
    throw error;
  }
}

function renderPoolOf(deps: AppDeps) {
  const { env } = deps;
  return sharedCardRenderPool({
    ...(env.CARD_RENDER_PROCESSES !== undefined ? { processes: env.CARD_RENDER_PROCESSES } : {}),
    ...(env.CARD_RENDER_QUEUE !== undefined ? { maxQueue: env.CARD_RENDER_QUEUE } : {}),
    priority: env.CARD_RENDER_PRIORITY,
    timeoutMs: env.CARD_RENDER_TIMEOUT_MS,
    logger: deps.logger,
  });
}

export type { ItemShareImageInput };

/**
 * The share picture (JPEG) of something other than a card (a quest, a campaign, a tournament, an article), drawn by
 * the same pool and kept in the same cache as cards: `key` names everything the picture shows (the caller's
 * item id, its version and the language). 503 when the pool is busy or the drawing fails, never cached.
 */
export async function itemSharePicture(
  deps: AppDeps,
  key: string,
  input: ItemShareImageInput,
): Promise<{ png: Uint8Array; etag: string }> {
  const pool = renderPoolOf(deps);
  try {
    return await cachedRender(`item|${key}`, async () => (await pool.render('item', input)).png);
  } catch (error) {
    if (error instanceof CardRenderFailed)
      deps.logger.error('share picture not drawn', { item: key, ...errorFields(error.cause) });
    throw error;
  }
}
