import '../../../components/money/money.css';
import { TRANSACTION_TYPES, type TransactionLine, type TransactionType } from '@khel/core/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { MoneyNav } from '../../../components/money/money-nav.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { useQueryParams } from '../../../hooks/use-query-params.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { countedText, signedMoneyText } from '../../../lib/money-text.ts';
import { labelKeysOf, labelParamsOf } from '../../../lib/transaction-label.ts';
import { Link } from '../../../routing/index.ts';
import { useTransactions } from '../api/get-transactions.ts';

const LABEL_PREFIX = 'transactions.label.';

/**
 * The line's label in the user's language: the API's `labelKey` with its `labelParams`. A kind
 * this build has no text for shows the API's English label (English) or Credit/Debit.
 */
export function transactionLabel(t: TFunction, line: TransactionLine, language: string): string {
  const params = labelParamsOf(line, {
    aStoreItem: t('transactions.aStoreItem'),
    itemWithQuantity: (quantity, itemName) => t('transactions.itemWithQuantity', { quantity, itemName }),
  });
  const fallback =
    language === 'en'
      ? line.label
      : t(line.direction === 'in' ? 'transactions.credit' : 'transactions.debit');
  if (!line.labelKey.startsWith(LABEL_PREFIX)) return fallback;
  const translate = t as unknown as (key: string[], options: Record<string, unknown>) => string;
  return translate(labelKeysOf(line), { ...params, defaultValue: fallback });
}

export function TransactionRow({ line }: { line: TransactionLine }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <li className="history__line" data-kind={line.kind}>
      <p className="history__label">{transactionLabel(t, line, currentLanguage(i18n))}</p>
      <p className={`history__amount history__amount--${line.direction}`}>
        {signedMoneyText(line.amount, line.direction)}
      </p>
      <p className="history__meta">
        {formatDateTime(line.createdAt)} · {t(`transactions.balances.${line.balance}`)}
      </p>
      <p className="history__meta history__meta--right">
        {t('transactions.balanceAfter', { amount: countedText(line.balanceAfter) })}
      </p>
      {line.reference.orderId && (
        <p className="history__meta">
          <Link to={`/purchase-confirmation?orderId=${line.reference.orderId}`}>
            {t('transactions.viewReceipt')}
          </Link>
        </p>
      )}
    </li>
  );
}

const isType = (value: string | null): value is TransactionType =>
  (TRANSACTION_TYPES as readonly string[]).includes(value ?? '');

/**
 * /transaction-history/: every movement of the user's balances, newest first (GET /transactions),
 * with tabs per SPEC §7 type (`?type=shop`) and "Load more" for the next page.
 */
export function TransactionHistoryScreen() {
  useTextPart('money');
  useTextPart('transactions');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const [search, setSearch] = useQueryParams();
  const raw = search.get('type');
  const type = isType(raw) ? raw : null;
  const history = useTransactions(type);
  const lines = history.data?.pages.flatMap((p) => p.list) ?? [];

  const choose = (next: TransactionType | null) => {
    const params = new URLSearchParams(search);
    if (next) params.set('type', next);
    else params.delete('type');
    setSearch(params, { replace: true });
  };

  return (
    <Page title={t('transactions.title')} width="medium">
      <h1 className="page-title">{t('transactions.title')}</h1>
      <MoneyNav />
      <fieldset className="chips chips--scroll bare-fieldset">
        <legend className="visually-hidden">{t('transactions.tabsLabel')}</legend>
        {[null, ...TRANSACTION_TYPES].map((tab) => (
          <button
            key={tab ?? 'all'}
            type="button"
            className="chip"
            aria-pressed={type === tab}
            onClick={() => choose(tab)}
          >
            {t(`transactions.tabs.${tab ?? 'all'}`)}
          </button>
        ))}
      </fieldset>
      <section className="card" aria-label={t(`transactions.tabs.${type ?? 'all'}`)}>
        {history.isPending && <LoadingState skeletonLines={5} />}
        {history.isError && !history.data && (
          <ErrorState message={describeError(history.error)} onRetry={() => void history.refetch()} />
        )}
        {history.data && lines.length === 0 && <EmptyState />}
        {lines.length > 0 && (
          <ul className="history">
            {lines.map((line) => (
              <TransactionRow key={line.id} line={line} />
            ))}
          </ul>
        )}
        {history.isFetchNextPageError && <Notice tone="error">{describeError(history.error)}</Notice>}
        {history.hasNextPage && (
          <Button
            variant="secondary"
            block
            className="history__more"
            onClick={() => void history.fetchNextPage()}
            busy={history.isFetchingNextPage}
          >
            {t('transactions.loadMore')}
          </Button>
        )}
      </section>
    </Page>
  );
}
