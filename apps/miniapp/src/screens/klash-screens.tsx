import { KlashScreen, type PrimaryAction, TournamentScreen } from '@khel/ui/klash';
import { useParams } from '@khel/ui/routing';
import { useState } from 'react';
import { hapticOnGain } from '../haptics.ts';
import { TelegramMainButton } from '../main-button.tsx';

/**
 * Klash in the Mini App (/klash, /tournaments/, and a tournament at /klash/<slug-or-id> where
 * startapp=klash and klash_<slug-or-id> land): the shared screens, with registration's main action
 * (Register, Review, Confirm) on Telegram's MainButton and a haptic when the registration goes through.
 * One lazy chunk for both.
 */
export default function MiniAppKlashScreens() {
  const { tournament } = useParams();
  const [action, setAction] = useState<PrimaryAction | null>(null);
  if (!tournament) return <KlashScreen />;
  return (
    <>
      <TournamentScreen key={tournament} onPrimaryAction={setAction} onRegistered={hapticOnGain} />
      <TelegramMainButton action={action} />
    </>
  );
}
