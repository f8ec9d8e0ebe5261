import '../../../components/money/money.css';
import './stars.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { BalancesCard } from '../../../components/money/balances-card.tsx';
import { MoneyNav } from '../../../components/money/money-nav.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { countedText } from '../../../lib/money-text.ts';
import { type OpenInvoice, useStarsCheckout, useStarsPacks } from '../api/stars.ts';
import { StarsCheckoutNotice, StarsReceipt } from './stars-checkout.tsx';

export interface StarsBuyKcashScreenProps {
  /** Telegram's openInvoice (the Mini App's). */
  openInvoice: OpenInvoice;
  /** The Mini App's "Pay with TON" (TON Connect, a lazy chunk of the Mini App's own), under the packs. */
  tonPay?: ReactNode;
}

/**
 * /buy-kcash/ in the Mini App: K-Cash packs paid in Telegram Stars (Telegram's rule for digital goods in a Mini
 * App), instead of the website's UPI, PIX and USDT checkout, and Pay with TON under them (Telegram's blockchain
 * rules allow TON, through TON Connect). A pack opens Telegram's payment sheet; once the bot
 * booked the payment the receipt shows the K-Cash gained, the balances are asked again and the success haptic plays.
 */
export function StarsBuyKcashScreen({ openInvoice, tonPay }: StarsBuyKcashScreenProps) {
  useTextPart('money');
  useTextPart('stars');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const packs = useStarsPacks();
  const checkout = useStarsCheckout(openInvoice);
  const { state } = checkout;
  return (
    <Page title={t('stars.title')} width="medium">
      <h1 className="page-title">{t('stars.title')}</h1>
      <MoneyNav />
      <BalancesCard hint hideUsdt />
      {state.phase === 'paid' ? (
        <StarsReceipt receipt={state.receipt} onAgain={checkout.reset} />
      ) : (
        <>
          <p className="money-intro">{t('stars.intro')}</p>
          <StarsCheckoutNotice state={state} />
          <h2 className="section-title section-title--small">{t('stars.packsTitle')}</h2>
          {packs.isPending && <LoadingState skeletonLines={2} />}
          {packs.isError && (
            <ErrorState message={describeError(packs.error)} onRetry={() => void packs.refetch()} />
          )}
          {packs.data?.length === 0 && <p className="field__hint">{t('stars.none')}</p>}
          {packs.data && packs.data.length > 0 && (
            <ul className="stars-packs">
              {packs.data.map((pack) => (
                <li key={pack.id} className="card stars-pack" data-sku={pack.sku}>
                  <span className="stars-pack__kcash">{countedText(pack.kcash)}</span>
                  <Button
                    variant="primary"
                    block
                    disabled={checkout.busy}
                    aria-label={t('stars.buyPack', {
                      kcash: countedText(pack.kcash),
                      stars: pack.stars,
                    })}
                    onClick={() => checkout.buy({ product: 'kcash_pack', packId: pack.id })}
                  >
                    <span className="stars-pack__price">{t('stars.price', { stars: pack.stars })}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {tonPay}
        </>
      )}
    </Page>
  );
}
