import type { PrimaryAction } from '@khel/ui';
import { lazy, Suspense } from 'react';
import { telegramSdkStarted } from './telegram-sdk.ts';

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
 * Telegram's MainButton (the wide button under the Mini App) for a screen's main action, and its
 * SecondaryButton beside it when another action competes (edit instead of pay, keep instead of
 * delete). They render nothing in the page; the screen keeps its own buttons for clients without
 * them. Both go when the action is null or the screen goes away.
 */
export function TelegramMainButton({ action }: { action: PrimaryAction | null }) {
  if (!action) return null;
  return (
    <Suspense fallback={null}>
      <MainButtonSync action={action} />
    </Suspense>
  );
}
