import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { pogTelegramPreparedSchema } from './pog.ts';
import { defineRoute } from './route.ts';

/**
 * Sharing a quest, a K-Drop campaign, a Klash tournament or an article into a chat (issue 26): its share
 * picture, what a shared message says of it, and a prepared inline message for the Mini App's shareMessage.
 * POG cards share through their own routes (`pog.ts`), with the same picture pool and the same prepared
 * messages. Refusals reuse the owners' texts: each kind's not-found message, and POG's Telegram messages
 * (`POG_TELEGRAM_NOT_LINKED_MESSAGE`, `POG_TELEGRAM_UNAVAILABLE_MESSAGE`), which say nothing of cards.
 */

/** What can be shared; each is a screen of the deep-link table (`@khel/core/deep-links` `ItemScreen`). */
export const SHARE_KINDS = ['quest', 'campaign', 'klash', 'article'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** The share picture's size (a photo result announces it): a card's share image's. Served as JPEG, as the Bot API wants. */
export const SHARE_PICTURE_WIDTH = 1200;
export const SHARE_PICTURE_HEIGHT = 630;
/** The short line under a title: the item's description, cut. */
export const SHARE_LINE_MAX = 140;

export const shareItemParams = lazySchema(() =>
  z.object({
    kind: z.enum(SHARE_KINDS),
    /** The item's slug, or its id (a deep link names an item by id when its slug is too long). */
    ref: z.string().trim().min(1).max(200),
  }),
);
export const shareItemQuery = lazySchema(() =>
  z.object({ lang: z.enum(['en', 'hi', 'pt-BR']).default('en') }),
);
export const sharePictureQuery = lazySchema(() =>
  z.object({ lang: z.enum(['en', 'hi', 'pt-BR']).default('en'), v: z.string().max(80).optional() }),
);

export const shareItemSchema = lazySchema(() =>
  z.object({
    kind: z.enum(SHARE_KINDS),
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    /** One short line: the start of the item's description (empty when it has none). */
    line: z.string(),
    /** The share picture, absolute (`/api/share/<kind>/<ref>/picture?v=…`), `lang` added by the reader. */
    pictureUrl: z.string(),
    /** The Mini App's start parameter of the item's screen (`quest_<slug or id>`). */
    startParam: z.string(),
    /** The item's page on the website, absolute. */
    url: z.string(),
  }),
);
export type ShareItem = z.infer<typeof shareItemSchema>;

export const sharingRoutes = {
  shareItem: defineRoute({
    method: 'GET',
    path: '/share/:kind/:ref',
    summary: 'What a shared quest, campaign, tournament or article shows: title, line, picture and links',
    tag: 'Sharing',
    auth: 'none',
    publicCache: { seconds: 30 },
    params: shareItemParams,
    query: shareItemQuery,
    response: shareItemSchema,
  }),
  sharePicture: defineRoute({
    method: 'GET',
    path: '/share/:kind/:ref/picture',
    summary:
      'The share picture of a quest, campaign, tournament or article: image/png bytes, not an envelope',
    tag: 'Sharing',
    document: true,
    auth: 'none',
    params: shareItemParams,
    query: sharePictureQuery,
    mediaType: 'image/jpeg',
    response: lazySchema(() => z.string().describe('image/jpeg')),
  }),
  shareTelegramPrepared: defineRoute({
    method: 'POST',
    path: '/share/:kind/:ref/telegram-prepared',
    summary:
      'A prepared inline message of a quest, campaign, tournament or article for the Mini App’s shareMessage',
    tag: 'Sharing',
    auth: 'bearer',
    params: shareItemParams,
    response: pogTelegramPreparedSchema,
  }),
};
