import { lazy, Suspense } from 'react';
import { telegramSdkStarted } from './telegram-sdk.ts';

export interface TelegramMainButtonProps {
  text: string;
  onClick: () => void;
  enabled?: boolean;
  /** Shows Telegram's spinner in the button and ignores presses. */
  loading?: boolean;
}

// The SDK chunk, once started; without it (chunk lost, outside Telegram) the screen's own buttons remain.
const MainButtonSync = lazy(() =>
  telegramSdkStarted()
    .then(() => import('./main-button-sync.tsx'))
    .catch((error: unknown) => {
      console.error('Could not load the Telegram main button', error);
      return { default: () => null };
    }),
);

/**
 * Telegram's MainButton (the wide button under the Mini App) for a screen's primary action. It
 * renders nothing in the page; the screen keeps its own button for clients without one.
 */
export function TelegramMainButton(props: TelegramMainButtonProps) {
  return (
    <Suspense fallback={null}>
      <MainButtonSync {...props} />
    </Suspense>
  );
}
