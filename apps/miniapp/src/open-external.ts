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
