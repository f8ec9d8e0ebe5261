import './stars.css';
import type { StarsInvoiceStatus, StoreItem } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Summary } from '../../../components/money/summary.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { countedText, moneyText } from '../../../lib/money-text.ts';
import { Link } from '../../../routing/index.ts';
import { type OpenInvoice, type StarsCheckoutState, useStarsCheckout } from '../api/stars.ts';

/** Where a Stars payment is, said as a notice (nothing while idle or once the receipt shows). */
export function StarsCheckoutNotice({ state }: { state: StarsCheckoutState }) {
  useTextPart('stars');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  switch (state.phase) {
    case 'opening':
      return <Notice tone="info">{t('stars.opening')}</Notice>;
    case 'confirming':
      return <Notice tone="info">{t('stars.confirming')}</Notice>;
    case 'cancelled':
      return <Notice tone="info">{t('stars.cancelled')}</Notice>;
    case 'pending':
      return <Notice tone="info">{t('stars.pending')}</Notice>;
    case 'failed':
      return <Notice tone="error">{state.error ? describeError(state.error) : t('stars.failed')}</Notice>;
    case 'refunded':
      return <Notice tone="error">{t('stars.refunded')}</Notice>;
    default:
      return null;
  }
}

/** The receipt of a Stars payment, with the reward moment: the K-Cash (or the item) it bought, the Stars paid. */
export function StarsReceipt({ receipt, onAgain }: { receipt: StarsInvoiceStatus; onAgain?: () => void }) {
  useTextPart('stars');
  useTextPart('money');
  const { t } = useTranslation();
  return (
    <section
      className="card card--raised stars-receipt"
      aria-labelledby="stars-receipt-title"
      data-testid="stars-receipt"
    >
      <div className="stars-burst" aria-hidden="true">
        {Array.from({ length: 12 }, (_, i) => (
          <span key={i} style={{ '--i': i } as React.CSSProperties}>
            ⭐
          </span>
        ))}
      </div>
      <h2 className="section-title" id="stars-receipt-title">
        {t('stars.receiptTitle')}
      </h2>
      <p className="stars-receipt__gain">
        {receipt.kcash
          ? t('stars.receiptGain', { kcash: countedText(receipt.kcash) })
          : `🎁 ${receipt.title}`}
      </p>
      <Summary
        rows={[
          receipt.kcash
            ? { label: t('stars.receiptBought'), value: moneyText(receipt.kcash) }
            : { label: t('stars.receiptItem'), value: receipt.title },
          {
            label: t('stars.receiptPaid'),
            value: t('stars.price', { stars: receipt.stars }),
            total: true,
          },
        ]}
      />
      {receipt.order && (
        <Link
          className="button button--primary button--block"
          to={`/purchase-confirmation?orderId=${receipt.order.id}`}
        >
          {t('money.receipt.title')}
        </Link>
      )}
      {onAgain && (
        <Button variant="secondary" block onClick={onAgain}>
          {t('stars.buyMore')}
        </Button>
      )}
    </section>
  );
}

/**
 * A K-Store item's Stars price and its buy button (the Mini App, where Telegram's rules want digital goods paid
 * in Stars): Telegram's payment sheet, then the receipt with the order's redemption code.
 */
export function StarsItemPurchase({ item, openInvoice }: { item: StoreItem; openInvoice: OpenInvoice }) {
  useTextPart('stars');
  const { t } = useTranslation();
  const checkout = useStarsCheckout(openInvoice);
  const stars = item.prices.stars;
  if (stars === null) return null;
  const { state } = checkout;
  if (state.phase === 'paid') return <StarsReceipt receipt={state.receipt} />;
  return (
    <section className="card stars-store" aria-labelledby="stars-store-title">
      <h2 className="section-title section-title--small" id="stars-store-title">
        {t('stars.storeTitle')}
      </h2>
      <p className="field__hint">{t('stars.storeHint')}</p>
      <StarsCheckoutNotice state={state} />
      <Button
        variant="primary"
        block
        disabled={!item.inStock}
        busy={checkout.busy}
        onClick={() => checkout.buy({ product: 'store_item', itemId: item.id })}
      >
        {t('stars.storeBuy', { stars })}
      </Button>
    </section>
  );
}
