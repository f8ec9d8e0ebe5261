import { botStartLink, miniAppLink } from '@khel/core/deep-links';
import { type Context, GrammyError, InlineKeyboard } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import type { BotTexts } from './texts.ts';

export interface MiniAppSettings {
  /** Mini App root, e.g. `https://khel.example/tma/`. */
  miniAppUrl: string;
  /** BotFather short name of the Mini App; enables `t.me/<bot>/<app>?startapp=` links. */
  miniAppShortName?: string;
}

/** Where a button should take the user: a Mini App path and the start parameter naming it (none for home). */
export interface AppDestination {
  path: string;
  startParam?: string;
}

/** `https://khel.example/tma/` + `/quest-details/x?y=1` → `https://khel.example/tma/quest-details/x?y=1`. */
export function miniAppScreenUrl(miniAppUrl: string, path: string): string {
  const base = new URL(miniAppUrl);
  if (!base.pathname.endsWith('/')) base.pathname = `${base.pathname}/`;
  base.search = '';
  base.hash = '';
  return new URL(path.replace(/^\/+/, ''), base).href;
}

export function isHttps(url: string): boolean {
  return new URL(url).protocol === 'https:';
}

/**
 * The button that opens the Mini App on `destination`. `web_app` buttons only work in private chats and only
 * with https URLs; elsewhere a link does the job: the registered Mini App link (`t.me/<bot>/<app>?startapp=`)
 * when we know the short name, otherwise the bot's own `?start=` link (groups) or the plain URL (local http).
 */
export function openAppButton(
  label: string,
  destination: AppDestination,
  settings: MiniAppSettings,
  chat: { type: string | undefined; botUsername: string },
): InlineKeyboardButton {
  const screenUrl = miniAppScreenUrl(settings.miniAppUrl, destination.path);
  const shortName = settings.miniAppShortName;
  if (chat.type === 'private') {
    if (isHttps(screenUrl)) return InlineKeyboard.webApp(label, screenUrl);
    if (shortName)
      return InlineKeyboard.url(label, miniAppLink(chat.botUsername, shortName, destination.startParam));
    // Local development (http Mini App URL): Telegram rejects non-https web_app buttons, so open it as a link.
    return InlineKeyboard.url(label, screenUrl);
  }
  if (shortName)
    return InlineKeyboard.url(label, miniAppLink(chat.botUsername, shortName, destination.startParam));
  return InlineKeyboard.url(label, botStartLink(chat.botUsername, destination.startParam));
}

/**
 * Replies with one button. Telegram refuses url buttons whose host it cannot link (such as `localhost` during
 * development, `BUTTON_URL_INVALID`); the message then carries the link as text so /start still answers.
 */
export async function replyWithButton(
  ctx: Context,
  text: string,
  button: InlineKeyboardButton,
  texts: BotTexts,
): Promise<void> {
  try {
    await ctx.reply(text, { reply_markup: new InlineKeyboard([[button]]) });
  } catch (error) {
    const refusedButton =
      error instanceof GrammyError && error.error_code === 400 && /BUTTON/i.test(error.description);
    if (!refusedButton || !('url' in button)) throw error;
    await ctx.reply(`${text}\n\n${texts.linkInText(button.url)}`, {
      link_preview_options: { is_disabled: true },
    });
  }
}
