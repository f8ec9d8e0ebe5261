import type { StoreItem } from '@khel/core/contract';
import { localized } from '@khel/core/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { countedText } from '../../../lib/money-text.ts';

/** Prices of an item: `6,000 K-Cash or 60,000 rKHEL`. */
export function ItemPrices({ item }: { item: StoreItem }) {
  const { t } = useTranslation();
  const prices = [item.prices.kcash, item.prices.rkhel].filter((p) => p !== null);
  return (
    <p className="store-item__prices">
      {prices.map((price, i) => (
        <span key={price.currency}>
          {i > 0 && <span className="store-item__or">{t('money.store.or')} </span>}
          {countedText(price)}
        </span>
      ))}
    </p>
  );
}

/** One catalogue entry: category, name, description, prices, stock, and the way to buy it. */
export function StoreItemCard({ item, onBuy }: { item: StoreItem; onBuy: (item: StoreItem) => void }) {
  const { t, i18n } = useTranslation();
  const name = localized(item, 'name', i18n.language);
  const titleId = `store-item-${item.id}`;
  return (
    <article
      className={`card store-item${item.inStock ? '' : ' store-item--out'}`}
      aria-labelledby={titleId}
      data-sku={item.sku}
    >
      <div className="store-item__top">
        <span className="badge">{t(`money.store.categories.${item.category}`)}</span>
        <span className={`store-item__stock${item.inStock ? '' : ' store-item__stock--out'}`}>
          {item.inStock ? t('money.store.inStock', { count: item.stock }) : t('money.store.outOfStock')}
        </span>
      </div>
      <h2 className="store-item__name" id={titleId}>
        {name}
      </h2>
      <p className="store-item__description">{localized(item, 'description', i18n.language)}</p>
      <ItemPrices item={item} />
      <Button
        variant="primary"
        block
        disabled={!item.inStock}
        aria-label={`${item.inStock ? t('money.store.buy') : t('money.store.outOfStock')}: ${name}`}
        onClick={() => onBuy(item)}
      >
        {item.inStock ? t('money.store.buy') : t('money.store.outOfStock')}
      </Button>
    </article>
  );
}
