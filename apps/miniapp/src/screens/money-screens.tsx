import { useTranslation } from '@khel/ui';
import { BuyKcashScreen } from '@khel/ui/buy-kcash';
import { StoreScreen } from '@khel/ui/k-store';
import { PurchaseConfirmationScreen } from '@khel/ui/purchase-confirmation';
import { useLocation } from '@khel/ui/routing';
import { type PrimaryAction, SwapScreen, TELEGRAM_SWAP_SOURCES } from '@khel/ui/swap';
import { TransactionHistoryScreen } from '@khel/ui/transaction-history';
import { useState } from 'react';
import { TelegramMainButton } from '../main-button.tsx';
import { TonPaySection } from '../ton/ton-pay-section.tsx';

/**
 * The money screens in the Mini App (/buy-kcash, /swap and /currency-exchange, /k-store,
 * /purchase-confirmation, /transaction-history): the shared screens, with the main action of buying,
 * swapping and store purchases (Continue / Pay, Review / Swap now, Review purchase / Buy now) also on
 * Telegram's MainButton, and Change on its SecondaryButton at each confirmation. One lazy chunk for all of them: in this app's build each extra dynamic
 * entry that shares code with the first screen costs initial bytes (more common chunks).
 */
export default function MiniAppMoneyScreens() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const [action, setAction] = useState<PrimaryAction | null>(null);
  const { t } = useTranslation();
  let screen: React.ReactNode;
  // Telegram lets a Mini App move crypto only on TON, with TON Connect: "Pay with TON" first, no USDT
  // checkout, and the swap takes rKHEL only (docs/economy.md "TON").
  if (path === '/buy-kcash')
    screen = (
      <BuyKcashScreen
        onPrimaryAction={setAction}
        tonPay={<TonPaySection retryLabel={t('money.ton.walletUnavailable')} />}
      />
    );
  else if (path === '/swap' || path === '/currency-exchange')
    screen = <SwapScreen onPrimaryAction={setAction} sources={TELEGRAM_SWAP_SOURCES} />;
  else if (path === '/k-store') screen = <StoreScreen onPrimaryAction={setAction} />;
  else if (path === '/purchase-confirmation') screen = <PurchaseConfirmationScreen />;
  else screen = <TransactionHistoryScreen />;
  return (
    <>
      {screen}
      <TelegramMainButton action={action} />
    </>
  );
}
