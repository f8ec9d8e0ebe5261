import { CollectEarningsScreen, type EarningsPrimaryAction } from '@khel/ui/collect-earnings';
import { useState } from 'react';
import { TelegramMainButton } from '../main-button.tsx';

/**
 * /collect-earnings in the Mini App (deep link `startapp=earnings`): the shared screen, with its main
 * action (collect all, confirm, done, try again) also on Telegram's MainButton under the app, and
 * Cancel (or Close) on its SecondaryButton.
 */
export default function MiniAppCollectEarningsScreen() {
  const [action, setAction] = useState<EarningsPrimaryAction | null>(null);
  return (
    <>
      <CollectEarningsScreen onPrimaryAction={setAction} />
      <TelegramMainButton action={action} />
    </>
  );
}
