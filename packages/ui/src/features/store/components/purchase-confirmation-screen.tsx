import '../../../components/money/money.css';
import type { StoreOrder } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/copy-field.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Summary } from '../../../components/money/summary.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { useQueryParams } from '../../../hooks/use-query-params.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { moneyText } from '../../../lib/money-text.ts';
import { Link } from '../../../routing/index.ts';
import { useStoreOrder } from '../api/get-store-order.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The receipt: item, quantity, prices, what was paid from which balance, and the redemption code to copy. */
export function OrderReceipt({ order }: { order: StoreOrder }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const paid = [
    { key: 'fromBought', money: order.paid.kcashBought },
    { key: 'fromEarned', money: order.paid.kcashEarned },
    { key: 'fromRkhel', money: order.paid.rkhel },
    { key: 'fromStars', money: order.paid.stars },
  ] as const;
  return (
    <>
      <section className="card card--raised receipt" aria-labelledby="receipt-title">
        {order.status === 'refunded' ? (
          <Notice tone="error" role="status">
            {t('money.receipt.refunded')}
          </Notice>
        ) : (
          <Notice tone="success">{t('money.receipt.heading')}</Notice>
        )}
        <h2 className="section-title" id="receipt-title">
          {order.item.name}
        </h2>
        <Summary
          rows={[
            { label: t('money.receipt.quantity'), value: String(order.quantity) },
            { label: t('money.receipt.unitPrice'), value: moneyText(order.unitPrice) },
            { label: t('money.receipt.total'), value: moneyText(order.total), total: true },
          ]}
        />
        <h3 className="section-title section-title--small">{t('money.receipt.paidFrom')}</h3>
        <Summary
          label={t('money.receipt.paidFrom')}
          rows={paid
            .filter((p) => BigInt(p.money.amount) > 0n)
            .map((p) => ({ label: t(`money.store.${p.key}`), value: moneyText(p.money) }))}
        />
        <div className="receipt__code">
          <CopyField
            label={t('money.receipt.code')}
            value={order.redemptionCode}
            copyLabel={t('money.receipt.copy')}
            copiedLabel={t('money.receipt.copied')}
            failedLabel={t('money.receipt.copyFailed')}
          />
          <p className="field__hint">{t('money.receipt.codeHint')}</p>
        </div>
        <Summary
          rows={[
            { label: t('money.receipt.date'), value: formatDateTime(order.createdAt) },
            { label: t('money.receipt.order'), value: <code>{order.id.slice(0, 8).toUpperCase()}</code> },
          ]}
        />
      </section>
      <div className="actions actions--stack">
        <Link className="button button--primary button--block" to="/k-store/">
          {t('money.receipt.backToStore')}
        </Link>
        <Link className="button button--ghost button--block" to="/transaction-history/?type=shop">
          {t('money.receipt.history')}
        </Link>
      </div>
    </>
  );
}

/** /purchase-confirmation?orderId=<id>: the receipt of one purchase (GET /k-store/orders/:id). */
export function PurchaseConfirmationScreen() {
  useTextPart('money');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const [search] = useQueryParams();
  const raw = search.get('orderId');
  const orderId = raw && UUID.test(raw) ? raw : null;
  const order = useStoreOrder(orderId);
  return (
    <Page title={t('money.receipt.title')} width="medium">
      <h1 className="page-title">{t('money.receipt.title')}</h1>
      {!orderId && (
        <EmptyState
          message={t('money.receipt.noOrder')}
          action={
            <Link className="button button--secondary" to="/k-store/">
              {t('money.receipt.backToStore')}
            </Link>
          }
        />
      )}
      {orderId && order.isPending && <LoadingState skeletonLines={4} />}
      {order.isError && (
        <ErrorState message={describeError(order.error)} onRetry={() => void order.refetch()} />
      )}
      {order.data && <OrderReceipt order={order.data} />}
    </Page>
  );
}
