import {
  MintScreen,
  MyPogScreen,
  PogHomeScreen,
  PogLeaderboardScreen,
  PogShowcaseScreen,
  type PrimaryAction,
} from '@khel/ui/pog';
import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { TelegramMainButton } from '../main-button.tsx';
import { openExternalPage, openTelegramPage } from '../open-external.ts';
import { TonWalletSection } from '../ton/ton-wallet-section.tsx';

/** Shares inside Telegram: t.me links (the share sheet, t.me/share/url) with openTelegramLink, the rest with openLink. */
function openShare(url: string): void {
  if (url.startsWith('https://t.me/')) openTelegramPage(url);
  else openExternalPage(url);
}

// Offered when minting on TON needs a wallet; TON Connect itself is fetched only when this renders.
const TON_WALLET = (
  <Suspense fallback={null}>
    <TonWalletSection mode="link" />
  </Suspense>
);

/**
 * Proof of Gamer in the Mini App (/pog, /pog/mint, /pog/leaderboard, /my-pog, /pog-showcase; deep links
 * startapp=pog, mint, leaderboard and pog_<name>): the shared screens, minted on TON (a user without a
 * TON wallet is offered TON Connect linking), the mint flow's main action on Telegram's MainButton, cards
 * shared through Telegram's share sheet. One lazy chunk for all of them.
 */
export default function MiniAppPogScreens() {
  const path = useLocation().pathname.replace(/\/+$/, '').toLowerCase();
  const [action, setAction] = useState<PrimaryAction | null>(null);
  if (path === '/pog/mint')
    return (
      <>
        <MintScreen onPrimaryAction={setAction} tonWallet={TON_WALLET} openShare={openShare} />
        {action && (
          <TelegramMainButton
            text={action.text}
            onClick={action.run}
            enabled={action.enabled}
            loading={action.busy}
          />
        )}
      </>
    );
  if (path === '/pog/leaderboard') return <PogLeaderboardScreen />;
  if (path === '/my-pog') return <MyPogScreen openShare={openShare} />;
  if (path === '/pog-showcase') return <PogShowcaseScreen openShare={openShare} />;
  return <PogHomeScreen openShare={openShare} />;
}
