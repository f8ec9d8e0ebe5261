import type { ApiClient } from '@khel/core/client';
import { pogRoutes } from '@khel/core/contract';
import { openTelegramPage } from './open-external.ts';

/**
 * Sharing the signed-in user's POG card from the Mini App into Telegram (issue 13):
 * - `sharePogInTelegram(api)`: the API saves the card as a prepared inline message (POST
 *   /pog/share/telegram-prepared: the bot's inline-mode photo, with the button into the card's showcase) and
 *   Telegram's shareMessage dialog lets the user pick any chat. Without shareMessage (Telegram before Mini Apps 8.0,
 *   outside Telegram) or when the API cannot prepare one, the share sheet opens instead (t.me/share/url, from
 *   POST /pog/share).
 * - `sharePogToStory(imageUrl, text, link)`: Telegram's story editor with the card's image; without shareStory
 *   (before 7.8), the share sheet with the link and text.
 */

/** The SDK functions used here (`@telegram-apps/sdk-react`), injectable for tests. */
export interface PogShareSdk {
  shareMessage: { isAvailable(): boolean } & ((id: string) => PromiseLike<void>);
  shareStory: { isAvailable(): boolean } & ((
    mediaUrl: string,
    options?: { text?: string; widgetLink?: { url: string; name?: string } },
  ) => void);
}

export type PogShareOutcome =
  /** Telegram's dialog (shareMessage) or the story editor (shareStory) was opened. */
  | { via: 'telegram' }
  /** The share sheet (t.me/share/url) was opened instead. */
  | { via: 'link'; url: string }
  /** Nothing could be shared: the API's message to show (e.g. 'Mint your POG card first.'). */
  | { via: 'none'; message: string };

export interface PogShareOptions {
  /** The share text's language when falling back to the share sheet. */
  lang?: 'en' | 'hi' | 'pt-BR';
  /** Defaults to `@telegram-apps/sdk-react`, loaded on first use. */
  sdk?: PogShareSdk | null;
  /** Opens a t.me link; defaults to the SDK's openTelegramLink (else the page goes there). */
  openLink?: (url: string) => void;
}

/** Telegram caps a story's caption at 200 characters for most users. */
export const STORY_TEXT_MAX = 200;
const STORY_WIDGET_NAME = 'Khel POG';

async function loadSdk(): Promise<PogShareSdk | null> {
  try {
    return await import('@telegram-apps/sdk-react');
  } catch {
    return null;
  }
}

/** `https://t.me/share/url?url=…&text=…`: Telegram's share sheet. */
export function telegramShareUrl(url: string, text: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}

async function shareSheet(api: ApiClient, options: PogShareOptions): Promise<PogShareOutcome> {
  const answer = await api.request(pogRoutes.pogShare, {
    body: { channel: 'telegram', lang: options.lang ?? 'en' },
  });
  if (!answer.success) return { via: 'none', message: answer.message };
  const url = answer.data.intentUrl ?? telegramShareUrl(answer.data.url, answer.data.text);
  (options.openLink ?? openTelegramPage)(url);
  return { via: 'link', url };
}

/**
 * Shares the signed-in user's minted card into any Telegram chat with shareMessage (a prepared inline message),
 * else through the share sheet. A screen calls it from its Telegram share button and shows `message` when
 * nothing could be shared.
 */
export async function sharePogInTelegram(
  api: ApiClient,
  options: PogShareOptions = {},
): Promise<PogShareOutcome> {
  const sdk = options.sdk === undefined ? await loadSdk() : options.sdk;
  if (!sdk?.shareMessage.isAvailable()) return shareSheet(api, options);
  const prepared = await api.request(pogRoutes.pogTelegramPrepared);
  // 409 (no Telegram account, no minted card) or 503 (the bot is not configured): the share sheet still works
  // for a minter, and says why for the others.
  if (!prepared.success) return shareSheet(api, options);
  try {
    await sdk.shareMessage(prepared.data.id);
  } catch {
    // The user closed the dialog, or Telegram could not send it: nothing to add, they may try again.
  }
  return { via: 'telegram' };
}

/**
 * Posts the card to the user's Telegram story (the image, the text cut to 200 characters, the link as a widget for
 * those allowed one), else opens the share sheet with the link and text.
 */
export async function sharePogToStory(
  imageUrl: string,
  text: string,
  link: string,
  options: Pick<PogShareOptions, 'sdk' | 'openLink'> = {},
): Promise<PogShareOutcome> {
  const sdk = options.sdk === undefined ? await loadSdk() : options.sdk;
  if (sdk?.shareStory.isAvailable()) {
    const chars = [...text];
    const caption = chars.length > STORY_TEXT_MAX ? `${chars.slice(0, STORY_TEXT_MAX - 1).join('')}…` : text;
    sdk.shareStory(imageUrl, { text: caption, widgetLink: { url: link, name: STORY_WIDGET_NAME } });
    return { via: 'telegram' };
  }
  const url = telegramShareUrl(link, text);
  (options.openLink ?? openTelegramPage)(url);
  return { via: 'link', url };
}
