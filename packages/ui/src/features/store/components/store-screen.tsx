import '../../../components/money/money.css';
import { STORE_ITEM_CATEGORIES, type StoreItem, type StoreItemCategory } from '@khel/core/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../../api/get-balance.ts';
import { BannerStrip } from '../../../components/banner-strip.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { BalancesCard } from '../../../components/money/balances-card.tsx';
import { MoneyNav } from '../../../components/money/money-nav.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useQueryParams } from '../../../hooks/use-query-params.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import type { PrimaryActionListener } from '../../../lib/primary-action.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { Link } from '../../../routing/index.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useStoreItems } from '../api/get-store-items.ts';
import { PurchasePanel } from './purchase-panel.tsx';
import { StoreItemCard } from './store-item-card.tsx';

const isCategory = (value: string | null): value is StoreItemCategory =>
  (STORE_ITEM_CATEGORIES as readonly string[]).includes(value ?? '');

/** The catalogue, filtered by category, with loading, error and empty states. */
export function StoreCatalogue({
  items,
  category,
  onCategory,
  onBuy,
}: {
  items: StoreItem[];
  category: StoreItemCategory | null;
  onCategory: (category: StoreItemCategory | null) => void;
  onBuy: (item: StoreItem) => void;
}) {
  const { t } = useTranslation();
  const shown = category ? items.filter((i) => i.category === category) : items;
  return (
    <>
      <fieldset className="chips chips--scroll bare-fieldset">
        <legend className="visually-hidden">{t('money.store.title')}</legend>
        {[null, ...STORE_ITEM_CATEGORIES].map((c) => (
          <button
            key={c ?? 'all'}
            type="button"
            className="chip"
            aria-pressed={category === c}
            onClick={() => onCategory(c)}
          >
            {t(`money.store.categories.${c ?? 'all'}`)}
          </button>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="store-grid">
          {shown.map((item) => (
            <li key={item.id}>
              <StoreItemCard item={item} onBuy={onBuy} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export interface StoreScreenProps {
  /** Told the purchase's main action (Review, Buy now), for Telegram's MainButton. */
  onPrimaryAction?: PrimaryActionListener;
  /**
   * Paying an item in Telegram Stars, under the purchase (the Mini App's, for items with a Stars price): the
   * front end that can open Telegram's payment sheet draws it.
   */
  starsPurchase?: (item: StoreItem) => ReactNode;
}

/**
 * /k-store/: the catalogue (GET /k-store/items) by category with prices in K-Cash and rKHEL, stock
 * and out-of-stock items; `?item=<id>` opens buying that item (sign-in first for a visitor).
 */
export function StoreScreen({ onPrimaryAction, starsPurchase }: StoreScreenProps = {}) {
  useTextPart('money');
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const openModal = useUiStore((s) => s.openModal);
  const describeError = useErrorMessage();
  const [search, setSearch] = useQueryParams();
  const items = useStoreItems();
  const balance = useBalance({ enabled: signedIn });
  const itemId = search.get('item');
  const rawCategory = search.get('category');
  const category = isCategory(rawCategory) ? rawCategory : null;
  const selected = itemId ? items.data?.find((i) => i.id === itemId) : undefined;

  const setParam = (key: string, value: string | null, replace = false) => {
    const next = new URLSearchParams(search);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setSearch(next, { replace });
  };
  const buy = (item: StoreItem) => {
    if (!signedIn) {
      openModal('login');
      return;
    }
    setParam('item', item.id);
  };

  return (
    <Page title={t('money.store.title')}>
      <h1 className="page-title">{t('money.store.title')}</h1>
      <BannerStrip placement="store" />
      {signedIn && <MoneyNav />}
      {items.isPending && <LoadingState skeletonLines={4} />}
      {items.isError && (
        <ErrorState message={describeError(items.error)} onRetry={() => void items.refetch()} />
      )}
      {items.data &&
        (itemId ? (
          <div className="purchase">
            <Link className="back-link" to={`/k-store/${category ? `?category=${category}` : ''}`}>
              ← {t('money.store.back')}
            </Link>
            {signedIn && <BalancesCard />}
            {selected ? (
              signedIn ? (
                <>
                  {starsPurchase && selected.prices.stars !== null && starsPurchase(selected)}
                  <PurchasePanel
                    key={selected.id}
                    item={selected}
                    balance={balance.data}
                    onPrimaryAction={onPrimaryAction}
                  />
                </>
              ) : (
                <section className="card signin-gate">
                  <p className="signin-gate__text">{t('auth.modalTitle')}</p>
                  <Button variant="primary" onClick={() => openModal('login')}>
                    {t('routes.register')}
                  </Button>
                </section>
              )
            ) : (
              <EmptyState message={t('money.store.itemMissing')} />
            )}
          </div>
        ) : (
          <>
            <p className="money-intro">{t('money.store.intro')}</p>
            <StoreCatalogue
              items={items.data}
              category={category}
              onCategory={(c) => setParam('category', c, true)}
              onBuy={buy}
            />
          </>
        ))}
    </Page>
  );
}
