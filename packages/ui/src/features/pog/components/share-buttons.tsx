import { POG_SHARE_CHANNELS, type PogShareChannel } from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { useApi } from '../../../providers/api-context.ts';
import { type PogShareLanguage, useShareCard } from '../api/share-card.ts';
import { shareIntentUrl } from '../lib/pog-view.ts';
import { usePogTelegramShare } from './telegram-share.ts';

export interface PogScreenOptions {
  /**
   * Opens a share address. The Mini App passes Telegram's openTelegramLink for t.me links and openLink
   * for the rest; the website opens a new tab.
   */
  openShare?: ((url: string) => void) | undefined;
  /** Whether a user is signed in (the session's answer unless given: tests, server rendering). */
  signedIn?: boolean | undefined;
}

/** Opens `url` in a new tab; a tab opened before an await keeps the browser from blocking it. */
function openInTab(url: string, tab: Window | null) {
  if (tab) {
    tab.opener = null;
    tab.location.href = url;
  } else window.open(url, '_blank', 'noopener,noreferrer');
}

async function deviceShare(url: string, text: string): Promise<'shared' | 'copied'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url, text });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'shared';
    }
  }
  await navigator.clipboard.writeText(url);
  return 'copied';
}

/**
 * Sharing on one channel: the reader's own card asks POST /pog/share for its text and intent address first; a
 * new tab is opened before that await (else the browser blocks it). `more` is the device's share sheet, or a copy.
 */
function useChannelShare(
  { mine, url, text, openShare }: { mine: boolean; url?: string; text?: string } & PogScreenOptions,
  setNote: (note: string | null) => void,
) {
  const { t, i18n } = useTranslation();
  const { platform } = useApi();
  const share = useShareCard();
  const telegram = platform === 'telegram';
  const open = (target: string, tab: Window | null) => {
    if (openShare) openShare(target);
    else openInTab(target, tab);
  };

  const onShare = async (channel: PogShareChannel) => {
    setNote(null);
    const tab = !openShare && channel !== 'more' ? window.open('about:blank', '_blank') : null;
    try {
      let link = url ?? '';
      let message = text ?? '';
      let intent: string | null = null;
      if (mine) {
        const answer = await share.mutateAsync({
          channel,
          lang: currentLanguage(i18n) as PogShareLanguage,
        });
        link = answer.url;
        message = answer.text;
        intent = answer.intentUrl;
      }
      if (channel === 'more') {
        tab?.close();
        if ((await deviceShare(link, message)) === 'copied') setNote(t('pog.share.copied'));
        return;
      }
      // In Telegram a card goes to a chat through Telegram's own share sheet.
      if (channel === 'telegram' && (telegram || !intent)) intent = shareIntentUrl('telegram', link, message);
      open(intent ?? shareIntentUrl(channel, link, message), tab);
    } catch {
      tab?.close();
    }
  };

  return { share, onShare };
}

/**
 * SPEC §2 share channels x, telegram, facebook, whatsapp, more. `mine`: the reader's own card, through
 * POST /pog/share (its text, preview and intent address); else the given card's showcase link.
 * `more` is the device's share sheet (navigator.share), else the link is copied.
 */
export function ShareButtons({
  mine,
  url,
  text,
  openShare,
}: { mine: boolean; url?: string; text?: string } & PogScreenOptions) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { share, onShare } = useChannelShare({ mine, url, text, openShare }, setNote);
  // In the Mini App, one's own card goes to a chat through Telegram's shareMessage (and to a story).
  const offered = usePogTelegramShare();
  const telegramShare = mine ? offered : null;

  const viaTelegram = async (run: () => Promise<string | null>) => {
    setNote(null);
    setFailure(null);
    const message = await run().catch(() => t('pog.share.failed'));
    if (message) setFailure(message);
  };

  return (
    <div className="pog-share">
      <div className="pog-share__row">
        {POG_SHARE_CHANNELS.map((channel) => (
          <button
            key={channel}
            type="button"
            className={`pog-share__button pog-share__button--${channel}`}
            disabled={share.isPending}
            onClick={() =>
              void (channel === 'telegram' && telegramShare
                ? viaTelegram(() => telegramShare.shareMessage())
                : onShare(channel))
            }
          >
            {t(`pog.share.${channel}`)}
          </button>
        ))}
        {telegramShare?.shareToStory && (
          <button
            type="button"
            className="pog-share__button pog-share__button--story"
            onClick={() => void viaTelegram(telegramShare.shareToStory!)}
          >
            {t('pog.share.story')}
          </button>
        )}
      </div>
      {failure && <Notice tone="error">{failure}</Notice>}
      {share.isError && <Notice tone="error">{describeError(share.error)}</Notice>}
      {note && <Notice tone="success">{note}</Notice>}
    </div>
  );
}
