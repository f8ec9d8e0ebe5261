import { pogRoutes } from '@khel/core/contract';
import { useApi, useTranslation } from '@khel/ui';
import {
  MintScreen,
  MyPogScreen,
  PogHomeScreen,
  PogLeaderboardScreen,
  PogShowcaseScreen,
  type PogTelegramShare,
  PogTelegramShareContext,
  type PrimaryAction,
  type TonWalletSlotProps,
} from '@khel/ui/pog';
import { useLocation } from '@khel/ui/routing';
import { Suspense, useMemo, useState } from 'react';
import { TelegramMainButton } from '../main-button.tsx';
import { openShare } from '../open-external.ts';
import { sharePogInTelegram, sharePogToStory } from '../pog-share.ts';
import { TonWalletSection } from '../ton/ton-wallet-section.tsx';

/**
 * Offered when minting on TON needs a wallet: TON Connect's modal opens from the mint step, and the mint
 * goes on once the wallet is linked. TON Connect itself is fetched only when this renders.
 */
function MintTonWallet(props: TonWalletSlotProps) {
  return (
    <Suspense fallback={null}>
      <TonWalletSection mode="link" {...props} />
    </Suspense>
  );
}

/**
 * Proof of Gamer in the Mini App (/pog, /pog/mint, /pog/leaderboard, /my-pog, /pog-showcase; deep links
 * startapp=pog, mint, leaderboard and pog_<name>): the shared screens, minted on TON (a user without a
 * TON wallet connects one from the mint step, which then goes on), the mint flow's main action on
 * Telegram's MainButton, cards shared through Telegram's share sheet. One lazy chunk for all of them.
 */
export default function MiniAppPogScreens() {
  const share = useTelegramShare();
  return (
    <PogTelegramShareContext.Provider value={share}>
      <PogScreen />
    </PogTelegramShareContext.Provider>
  );
}

/** One's own card into a chat with Telegram's shareMessage, or to a story (pog-share.ts). */
function useTelegramShare(): PogTelegramShare {
  const { client } = useApi();
  const { i18n } = useTranslation();
  return useMemo(() => {
    const lang = i18n.language === 'hi' ? 'hi' : i18n.language === 'pt-BR' ? 'pt-BR' : 'en';
    const outcome = (o: Awaited<ReturnType<typeof sharePogInTelegram>>) =>
      o.via === 'none' ? o.message : null;
    return {
      shareMessage: async () => outcome(await sharePogInTelegram(client, { lang })),
      shareToStory: async () => {
        const answer = await client.request(pogRoutes.pogShare, { body: { channel: 'telegram', lang } });
        if (!answer.success) return answer.message;
        return outcome(await sharePogToStory(answer.data.imageUrl, answer.data.text, answer.data.url));
      },
    };
  }, [client, i18n.language]);
}

function PogScreen() {
  const path = useLocation().pathname.replace(/\/+$/, '').toLowerCase();
  const [action, setAction] = useState<PrimaryAction | null>(null);
  if (path === '/pog/mint')
    return (
      <>
        <MintScreen onPrimaryAction={setAction} tonWallet={MintTonWallet} openShare={openShare} />
        <TelegramMainButton action={action} />
      </>
    );
  if (path === '/pog/leaderboard') return <PogLeaderboardScreen />;
  if (path === '/my-pog') return <MyPogScreen openShare={openShare} />;
  if (path === '/pog-showcase') return <PogShowcaseScreen openShare={openShare} />;
  return <PogHomeScreen openShare={openShare} />;
}
