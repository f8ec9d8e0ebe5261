import { createContext, useContext } from 'react';

/**
 * What the Mini App adds to sharing one's own card (@khel/ui knows nothing of Telegram's SDK): Telegram's
 * shareMessage dialog (a prepared inline message with a button into the card's showcase) and the story editor.
 * Each answers null when it opened Telegram's dialog, or a message to show when nothing could be shared.
 */
export interface PogTelegramShare {
  /** The "Telegram" button for one's own card. */
  shareMessage(): Promise<string | null>;
  /** A "Story" button for one's own card, shown only when given. */
  shareToStory?: (() => Promise<string | null>) | undefined;
}

export const PogTelegramShareContext = createContext<PogTelegramShare | null>(null);

export const usePogTelegramShare = () => useContext(PogTelegramShareContext);
