import { useApi, useTranslation } from '@khel/ui';
import { StoreScreen } from '@khel/ui/k-store';
import { PurchaseConfirmationScreen } from '@khel/ui/purchase-confirmation';
import { useLocation } from '@khel/ui/routing';
import { payStarsSandbox, StarsBuyKcashScreen, StarsItemPurchase } from '@khel/ui/stars';
import { type PrimaryAction, SwapScreen, TELEGRAM_SWAP_SOURCES } from '@khel/ui/swap';
import { TransactionHistoryScreen } from '@khel/ui/transaction-history';
import { useMemo, useState } from 'react';
import { TelegramMainButton } from '../main-button.tsx';
import { miniAppOpenInvoice } from '../stars-invoice.ts';
import { TonPaySection } from '../ton/ton-pay-section.tsx';

/**
 * The money screens in the Mini App (/buy-kcash, /swap and /currency-exchange, /k-store,
 * /purchase-confirmation, /transaction-history): the shared screens, with the main action of
 * swapping and store purchases (Review / Swap now, Review purchase / Buy now) also on Telegram's
 * MainButton, and Change on its SecondaryButton at each confirmation. Digital goods are paid in
 * Telegram Stars here, as Telegram's rules want: /buy-kcash sells K-Cash packs for Stars (the website
 * keeps its UPI, PIX and USDT checkout), and a K-Store item with a Stars price has its Stars button
 * (Telegram's payment sheet through openInvoice). One lazy chunk for all of them: in this app's build
 * each extra dynamic entry that shares code with the first screen costs initial bytes (more common chunks).
 */
export default function MiniAppMoneyScreens() {
  const { pathname } = useLocation();
  const { client } = useApi();
  const { t } = useTranslation();
  const path = pathname.replace(/\/+$/, '');
  const [action, setAction] = useState<PrimaryAction | null>(null);
  const openInvoice = useMemo(
    () =>
      miniAppOpenInvoice({
        sandboxPay: (invoiceId, outcome) => payStarsSandbox(client, invoiceId, outcome),
        // Read when a sheet opens, once the screen has loaded the money texts.
        sandboxTexts: (stars) => ({
          title: t('stars.sandboxTitle'),
          text: t('stars.sandboxText'),
          pay: t('stars.sandboxPay', { stars }),
          cancel: t('stars.sandboxCancel'),
        }),
      }),
    [client, t],
  );
  let screen: React.ReactNode;
  // Telegram's rules: digital goods in Stars, crypto only on TON through TON Connect (docs/economy.md). So
  // K-Cash packs for Stars, then Pay with TON; no UPI, PIX or USDT checkout, and the swap takes rKHEL only.
  if (path === '/buy-kcash')
    screen = (
      <StarsBuyKcashScreen
        openInvoice={openInvoice}
        tonPay={<TonPaySection retryLabel={t('money.ton.walletUnavailable')} />}
      />
    );
  else if (path === '/swap' || path === '/currency-exchange')
    screen = <SwapScreen onPrimaryAction={setAction} sources={TELEGRAM_SWAP_SOURCES} />;
  else if (path === '/k-store')
    screen = (
      <StoreScreen
        onPrimaryAction={setAction}
        starsPurchase={(item) => <StarsItemPurchase key={item.id} item={item} openInvoice={openInvoice} />}
      />
    );
  else if (path === '/purchase-confirmation') screen = <PurchaseConfirmationScreen />;
  else screen = <TransactionHistoryScreen />;
  return (
    <>
      {screen}
      <TelegramMainButton action={path === '/buy-kcash' ? null : action} />
    </>
  );
}
