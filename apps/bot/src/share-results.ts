import { SHARE_PICTURE_HEIGHT, SHARE_PICTURE_WIDTH, type ShareItem } from '@khel/core/contract';
import { resolveStartParam, startParamToPath } from '@khel/core/deep-links';
import type { InlineQueryResultPhoto } from 'grammy/types';
import { openAppButton } from './open-app.ts';
import { inLanguage, type ShareLinkSettings } from './pog-results.ts';
import { localeFor, textsFor } from './texts.ts';

/**
 * What a quest, a campaign, a tournament or an article looks like when shared into Telegram: inline mode's photo
 * result (features/share-inline.ts) and the prepared inline message the API saves for the Mini App's shareMessage
 * (POST /share/:kind/:ref/telegram-prepared) are the same object, built here, as POG cards' are in
 * pog-results.ts. The API imports this file alone (`@khel/bot/share-results`).
 */

/** The item as a photo: its share picture in the reader's language, a caption, a button into its screen. */
export function shareItemResult(
  item: ShareItem,
  languageCode: string | null | undefined,
  settings: ShareLinkSettings,
): InlineQueryResultPhoto {
  const locale = localeFor(languageCode);
  const texts = textsFor(locale).share;
  const picture = inLanguage(item.pictureUrl, locale);
  // The API answers a start parameter of the deep-link table; a screen that does not resolve opens its list.
  const startParam = resolveStartParam(item.startParam) ? item.startParam : '';
  return {
    type: 'photo',
    id: `share:${item.kind}:${item.id}`,
    photo_url: picture,
    thumbnail_url: picture,
    photo_width: SHARE_PICTURE_WIDTH,
    photo_height: SHARE_PICTURE_HEIGHT,
    title: item.title,
    description: item.line || texts.kinds[item.kind],
    caption: texts.caption({ kind: texts.kinds[item.kind], title: item.title, line: item.line }),
    reply_markup: {
      inline_keyboard: [
        [
          openAppButton(texts.open[item.kind], { path: startParamToPath(startParam), startParam }, settings, {
            type: undefined,
            botUsername: settings.botUsername,
          }),
        ],
      ],
    },
  };
}
