/**
 * Opens another site's page (X, Discord, Steam, where an account is linked) in the browser Telegram
 * opens beside the Mini App, with the SDK's openLink; without it (a client too old, or outside
 * Telegram), the page replaces the Mini App.
 */
export function openExternalPage(url: string): void {
  import('@telegram-apps/sdk-react')
    .then(({ openLink }) => {
      if (openLink.isAvailable()) openLink(url);
      else window.location.assign(url);
    })
    .catch(() => window.location.assign(url));
}

/**
 * Opens a t.me link (the bot's chat) inside Telegram with the SDK's openTelegramLink; without it,
 * the link replaces the Mini App.
 */
export function openTelegramPage(url: string): void {
  import('@telegram-apps/sdk-react')
    .then(({ openTelegramLink }) => {
      if (openTelegramLink.isAvailable()) openTelegramLink(url);
      else window.location.assign(url);
    })
    .catch(() => window.location.assign(url));
}

/** Shares inside Telegram: t.me links (the share sheet, t.me/share/url) with openTelegramLink, the rest with openLink. */
export function openShare(url: string): void {
  if (url.startsWith('https://t.me/')) openTelegramPage(url);
  else openExternalPage(url);
}

/** The bot's chat (`https://t.me/<bot>`) from the Mini App's link (`https://t.me/<bot>/<app>`), if set. */
export function botChatLink(miniAppLink: string | null): string | null {
  const bot = miniAppLink ? new URL(miniAppLink).pathname.split('/')[1] : undefined;
  return bot ? `https://t.me/${bot}` : null;
}
