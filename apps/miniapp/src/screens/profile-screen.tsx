import { ProfileScreen } from '@khel/ui/profile';
import { Suspense } from 'react';
import { TonWalletSection } from '../ton/ton-wallet-section.tsx';

/**
 * /profile in the Mini App: the shared profile (details, linked sign-in methods with phone linking,
 * the Khel wallet, account deletion) plus linking a TON wallet, the one wallet Telegram allows here.
 * TON Connect is fetched only when this screen renders.
 */
export default function MiniAppProfileScreen() {
  return (
    <ProfileScreen
      sections={
        <Suspense fallback={null}>
          <TonWalletSection mode="link" />
        </Suspense>
      }
    />
  );
}
