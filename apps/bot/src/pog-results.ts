import { POG_SHARE_IMAGE_HEIGHT, POG_SHARE_IMAGE_WIDTH, type PogCard } from '@khel/core/contract';
import { resolveStartParam, startParamToPath } from '@khel/core/deep-links';
import type {
  InlineQueryResultArticle,
  InlineQueryResultPhoto,
  InlineQueryResultsButton,
} from 'grammy/types';
import { type AppDestination, type MiniAppSettings, openAppButton } from './open-app.ts';
import { type BotLocale, localeFor, textsFor } from './texts.ts';

/**
 * What a POG card looks like when shared into Telegram: the inline mode's photo result (features/pog-inline.ts)
 * and the prepared inline message the API saves for the Mini App's shareMessage (POST
 * /pog/share/telegram-prepared) are the same object, built here. The API imports this file alone
 * (`@khel/bot/pog-results`, on its first prepared share) without loading the bot's features.
 */

/** The parts of a card a shared message shows. */
export type ShareableCard = Pick<PogCard, 'id' | 'name' | 'variant' | 'total' | 'images'>;

/** Where the links of a shared card point: the bot (for t.me links) and the Mini App. */
export interface ShareLinkSettings extends MiniAppSettings {
  botUsername: string;
}

/** Start parameter of the Mini App screen the mint article opens (/pog/mint). */
export const POG_MINT_START_PARAM = 'mint';

/** `pog_<name>`: the card's showcase (/pog-showcase?username=<name>) in the deep-link table. */
export function pogShowcaseDestination(name: string): AppDestination {
  const startParam = `pog_${name}`;
  return resolveStartParam(startParam)
    ? { path: startParamToPath(startParam), startParam }
    : { path: '/pog', startParam: 'pog' };
}

/**
 * A Mini App button for any chat: inline results land in chats of every kind, where `web_app` buttons are not
 * allowed, so this is a `t.me/<bot>/<app>?startapp=` link (a `t.me/<bot>?start=` one without the short name).
 */
function linkButton(label: string, destination: AppDestination, settings: ShareLinkSettings) {
  return openAppButton(label, destination, settings, { type: undefined, botUsername: settings.botUsername });
}

/** The image in the reader's language (the image route's `lang`). */
export function inLanguage(imageUrl: string, locale: BotLocale): string {
  try {
    const url = new URL(imageUrl);
    url.searchParams.set('lang', locale);
    return url.href;
  } catch {
    return imageUrl;
  }
}

/** The card as a photo: its share image, a caption with name, variant and total, a button to its showcase. */
export function pogPhotoResult(
  card: ShareableCard,
  languageCode: string | null | undefined,
  settings: ShareLinkSettings,
): InlineQueryResultPhoto {
  const locale = localeFor(languageCode ?? undefined);
  const texts = textsFor(locale).pog;
  const facts = { name: card.name, variant: texts.variants[card.variant], total: card.total };
  return {
    type: 'photo',
    id: `pog:${card.id}`,
    photo_url: inLanguage(card.images.share, locale),
    thumbnail_url: inLanguage(card.images.front, locale),
    // Clients show a photo result only with its proportions.
    photo_width: POG_SHARE_IMAGE_WIDTH,
    photo_height: POG_SHARE_IMAGE_HEIGHT,
    title: texts.resultTitle(facts),
    description: texts.resultDescription(facts),
    caption: texts.caption(facts),
    reply_markup: {
      inline_keyboard: [[linkButton(texts.openShowcase, pogShowcaseDestination(card.name), settings)]],
    },
  };
}

/** The one result of someone without a minted card: a message inviting to mint, with a button to /pog/mint. */
export function pogMintArticle(
  languageCode: string | null | undefined,
  settings: ShareLinkSettings,
): InlineQueryResultArticle {
  const texts = textsFor(languageCode ?? undefined).pog;
  return {
    type: 'article',
    id: 'pog:mint',
    title: texts.mintTitle,
    description: texts.mintDescription,
    input_message_content: { message_text: texts.mintMessage },
    reply_markup: {
      inline_keyboard: [
        [
          linkButton(
            texts.mintButton,
            { path: startParamToPath(POG_MINT_START_PARAM), startParam: POG_MINT_START_PARAM },
            settings,
          ),
        ],
      ],
    },
  };
}

/** The button above the results for someone without a card: to the bot's chat with `/start mint`. */
export function pogMintSwitchButton(languageCode: string | null | undefined): InlineQueryResultsButton {
  return { text: textsFor(languageCode ?? undefined).pog.mintTitle, start_parameter: POG_MINT_START_PARAM };
}
