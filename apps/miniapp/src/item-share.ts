import type { ApiClient } from '@khel/core/client';
import { type ShareKind, sharingRoutes } from '@khel/core/contract';
import { openTelegramPage } from './open-external.ts';
import { type PogShareOptions, type PogShareOutcome, telegramShareUrl } from './pog-share.ts';

/**
 * Sharing a quest, a campaign, a tournament or an article from the Mini App into a chat (issue 26), as one's POG
 * card is shared (pog-share.ts): the API saves the item as a prepared inline message (POST
 * /share/:kind/:ref/telegram-prepared: its picture, title, line and a button into its screen) and Telegram's
 * shareMessage dialog lets the user pick any chat. Without shareMessage (before Mini Apps 8.0) or when the API
 * cannot prepare one (no Telegram account, the bot not configured), the share sheet (t.me/share/url) opens with the
 * item's page and title (GET /share/:kind/:ref). An item that does not exist is the API's message.
 */
export async function shareItemInTelegram(
  api: ApiClient,
  kind: ShareKind,
  ref: string,
  options: Omit<PogShareOptions, 'sdk'> & {
    sdk?: Pick<NonNullable<PogShareOptions['sdk']>, 'shareMessage'> | null;
  } = {},
): Promise<PogShareOutcome> {
  const sdk = options.sdk === undefined ? await loadSdk() : options.sdk;
  if (sdk?.shareMessage.isAvailable()) {
    const prepared = await api.request(sharingRoutes.shareTelegramPrepared, { params: { kind, ref } });
    if (prepared.success) {
      try {
        await sdk.shareMessage(prepared.data.id);
      } catch {
        // The user closed the dialog, or Telegram could not send it: they may try again.
      }
      return { via: 'telegram' };
    }
  }
  const item = await api.request(sharingRoutes.shareItem, {
    params: { kind, ref },
    query: { lang: options.lang ?? 'en' },
  });
  if (!item.success) return { via: 'none', message: item.message };
  const url = telegramShareUrl(
    item.data.url,
    item.data.line ? `${item.data.title}\n${item.data.line}` : item.data.title,
  );
  (options.openLink ?? openTelegramPage)(url);
  return { via: 'link', url };
}

async function loadSdk() {
  try {
    return await import('@telegram-apps/sdk-react');
  } catch {
    return null;
  }
}
