/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import { sign } from '@telegram-apps/init-data-node';
import type { Page } from 'playwright-core';

/**
 * Telegram Desktop's day theme, as the client passes it in `tgWebAppThemeParams`. Light on
 * purpose: the Mini App's own palette is dark, so following the theme is visible.
 */
export const THEME_PARAMS = {
  accent_text_color: '#168acd',
  bg_color: '#ffffff',
  button_color: '#40a7e3',
  button_text_color: '#ffffff',
  destructive_text_color: '#d14e4e',
  header_bg_color: '#ffffff',
  hint_color: '#999999',
  link_color: '#168acd',
  secondary_bg_color: '#f1f1f1',
  section_bg_color: '#ffffff',
  section_header_text_color: '#168acd',
  subtitle_text_color: '#999999',
  text_color: '#000000',
} as const;

export interface SignedUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

/** A Telegram user id nobody else in this run uses. */
export function randomTelegramId(): number {
  return 1_000_000_000 + Math.floor(Math.random() * 6_000_000_000);
}

/** Init data as Telegram would sign it for `user` with the bot's token. */
export function signInitData(
  botToken: string,
  user: SignedUser,
  options: { authDate?: Date; startParam?: string } = {},
): string {
  return sign(
    {
      user: { allows_write_to_pm: true, language_code: 'en', ...user },
      chat_instance: '-4016893721542385870',
      chat_type: 'sender',
      ...(options.startParam ? { start_param: options.startParam } : {}),
    },
    botToken,
    options.authDate ?? new Date(),
  );
}

/** The same init data with one field of the user changed after signing; the hash is kept. */
export function tamperUser(initDataRaw: string, change: Partial<SignedUser>): string {
  const params = new URLSearchParams(initDataRaw);
  const user = JSON.parse(params.get('user') ?? '{}') as SignedUser;
  params.set('user', JSON.stringify({ ...user, ...change }));
  return params.toString();
}

/** `/tma/` with launch parameters in the hash, as Telegram Desktop opens a Mini App. */
export function miniAppUrl(baseUrl: string, initDataRaw: string, startParam?: string): string {
  const launch: [string, string][] = [
    ['tgWebAppData', initDataRaw],
    ['tgWebAppVersion', '8.0'],
    ['tgWebAppPlatform', 'tdesktop'],
    ['tgWebAppThemeParams', JSON.stringify(THEME_PARAMS)],
  ];
  if (startParam) launch.push(['tgWebAppStartParam', startParam]);
  const hash = launch.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `${baseUrl}/tma/#${hash}`;
}

export interface PostedEvent {
  eventType: string;
  eventData: unknown;
}

/**
 * Plays the Telegram Desktop side of the Mini App bridge: the page posts events through
 * `window.TelegramWebviewProxy` and the client answers the requests that expect a reply
 * (theme, viewport, safe areas) through `Telegram.WebView.receiveEvent`. Posted events are
 * kept for assertions (see `postedEvents`).
 */
export async function installTelegramClient(page: Page): Promise<void> {
  await page.addInitScript((themeParams) => {
    type Receiver = (eventType: string, eventData?: unknown) => void;
    const w = window as unknown as {
      TelegramWebviewProxy?: { postEvent(eventType: string, eventData?: string): void };
      Telegram?: { WebView?: { receiveEvent?: Receiver } };
      __khelPostedEvents: { eventType: string; eventData: unknown }[];
    };
    w.__khelPostedEvents = [];
    const reply = (eventType: string, eventData: unknown) => {
      setTimeout(() => {
        const receive = w.Telegram?.WebView?.receiveEvent;
        if (receive) receive(eventType, eventData);
        else window.postMessage(JSON.stringify({ eventType, eventData }), '*');
      }, 0);
    };
    const insets = { top: 0, bottom: 0, left: 0, right: 0 };
    w.TelegramWebviewProxy = {
      postEvent(eventType, eventData) {
        const data = eventData ? (JSON.parse(eventData) as unknown) : undefined;
        w.__khelPostedEvents.push({ eventType, eventData: data });
        switch (eventType) {
          case 'web_app_request_theme':
            reply('theme_changed', { theme_params: themeParams });
            break;
          case 'web_app_request_viewport':
            reply('viewport_changed', {
              height: window.innerHeight,
              width: window.innerWidth,
              is_expanded: true,
              is_state_stable: true,
            });
            break;
          case 'web_app_request_safe_area':
            reply('safe_area_changed', insets);
            break;
          case 'web_app_request_content_safe_area':
            reply('content_safe_area_changed', insets);
            break;
        }
      },
    };
  }, THEME_PARAMS);
}

export async function postedEvents(page: Page): Promise<PostedEvent[]> {
  return page.evaluate(() => (window as unknown as { __khelPostedEvents: PostedEvent[] }).__khelPostedEvents);
}
