import { SignInOptionsProvider } from '@khel/ui';
import { ProfileScreen } from '@khel/ui/profile';
import { Suspense } from 'react';
import { env } from '../env.ts';
import { botChatLink, openExternalPage, openTelegramPage } from '../open-external.ts';
import { TonWalletSection } from '../ton/ton-wallet-section.tsx';

/** Linking X, Discord and Steam opens the platform's page with Telegram's openLink. */
const OPTIONS = { openExternalPage };
/** 'Open the bot' (bot notifications) when VITE_TELEGRAM_RETURN_URL names the bot. */
const BOT_LINK = botChatLink(env.telegramReturnUrl);

/**
 * /profile in the Mini App: the shared profile (details, linked sign-in methods with phone linking,
 * the Khel wallet, account deletion) plus linking a TON wallet, the one wallet Telegram allows here;
 * X, Discord and Steam pages open outside the Mini App (openLink).
 * TON Connect is fetched only when this screen renders.
 */
export default function MiniAppProfileScreen() {
  return (
    <SignInOptionsProvider value={OPTIONS}>
      <ProfileScreen
        botLink={BOT_LINK}
        onOpenBot={openTelegramPage}
        sections={
          <Suspense fallback={null}>
            <TonWalletSection mode="link" />
          </Suspense>
        }
      />
    </SignInOptionsProvider>
  );
}
