import './share-row.css';
import type { ShareKind } from '@khel/core/contract';
import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

/**
 * Sharing a quest, a campaign, a tournament or an article into a chat (issue 26). The Mini App gives the share
 * (Telegram's shareMessage with a prepared message of the item, else the t.me share sheet: `@khel/ui` knows nothing
 * of Telegram's SDK); the website gives none, so the button is not drawn there and its share links stay as they are.
 * `share` answers null once Telegram's dialog or sheet opened, else a message to show.
 */
export interface ChatShare {
  share(kind: ShareKind, ref: string): Promise<string | null>;
}

export const ChatShareContext = createContext<ChatShare | null>(null);

/** The "Share to a chat" button of one item, named by slug (by id when the slug is long, as deep links do). */
export function ShareToChatButton({ kind, item }: { kind: ShareKind; item: { slug: string; id: string } }) {
  const chat = useContext(ChatShareContext);
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!chat) return null;
  const ref = item.slug.length > 200 ? item.id : item.slug;
  const onClick = async () => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage(await chat.share(kind, ref));
    } catch {
      setMessage(t('states.genericError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="share-to-chat">
      <Button variant="secondary" onClick={() => void onClick()} disabled={busy} data-share-kind={kind}>
        {t('common.shareToChat')}
      </Button>
      {message && (
        <p className="share-to-chat__message" role="status">
          {message}
        </p>
      )}
    </div>
  );
}
