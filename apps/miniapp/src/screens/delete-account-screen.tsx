import { DeleteAccountScreen, type DeletionPrimaryAction } from '@khel/ui/delete-account';
import { useState } from 'react';
import { TelegramMainButton } from '../main-button.tsx';

/**
 * /delete-user-account in the Mini App: the shared screen, with its main action (ask, confirm, or
 * cancel the deletion) also on Telegram's MainButton under the app, and Keep my account on the
 * SecondaryButton while confirming.
 */
export default function MiniAppDeleteAccountScreen() {
  const [action, setAction] = useState<DeletionPrimaryAction | null>(null);
  return (
    <>
      <DeleteAccountScreen onPrimaryAction={setAction} />
      <TelegramMainButton action={action} />
    </>
  );
}
