import { POG_NOT_FOUND_MESSAGE, type PogCardFace } from '@khel/core/contract';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { cachedRender } from './card/card-cache.ts';
import {
  type PogCardImageInput,
  renderCardBack,
  renderCardFront,
  renderShareImage,
} from './card/card-image.ts';
import { cardByName, cardRowByName } from './cards.ts';

const RENDER = { front: renderCardFront, back: renderCardBack, share: renderShareImage } as const;

/** A card's picture (front, back or the share preview), rendered once per version of the card and language. */
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
  return cachedRender(key, () => RENDER[face](input));
}
