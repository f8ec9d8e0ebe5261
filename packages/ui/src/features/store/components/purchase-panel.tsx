import {
  STORE_MAX_QUANTITY,
  type StoreItem,
  type StorePayCurrency,
  type WalletBalance,
} from '@khel/core/contract';
import { ERROR_CODES, errorCodeOf, localized } from '@khel/core/domain';
import { CURRENCIES } from '@khel/core/format';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ConfirmActions } from '../../../components/money/confirm-actions.tsx';
import { Summary, type SummaryRow } from '../../../components/money/summary.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { useIntentKey } from '../../../lib/intent.ts';
import { countedText, moneyText } from '../../../lib/money-text.ts';
import { type PrimaryActionListener, useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { useConfirmClose, useGainFeedback } from '../../../providers/app-feedback.ts';
import { RKHEL_QUESTS_HREF } from '../../../routes/route-table.ts';
import { Link, useNavigate } from '../../../routing/index.ts';
import { usePurchaseItem } from '../api/purchase-item.ts';
import {
  maxQuantityOf,
  payCurrenciesOf,
  previewSpend,
  type SpendPreview,
  unitPriceOf,
} from '../lib/store-spend.ts';
import { ItemPrices } from './store-item-card.tsx';

/**
 * 'Uh-oh! Not Enough K-Cash or rKHEL' with the remedy that fits the currency: K-Cash can be bought;
 * rKHEL cannot (it is earned in quests: a link to those that pay it), so the item's K-Cash price is
 * offered when it has one.
 */
export function NotEnoughNotice({
  currency,
  onUseKcash,
}: {
  currency: StorePayCurrency;
  /** Switches the purchase to K-Cash (only when the item has a K-Cash price). */
  onUseKcash?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Notice tone="error">
      {t('money.store.notEnough')}
      <br />
      {currency === 'KCASH' ? (
        <Link className="notice__action" to="/buy-kcash/">
          {t('money.store.buyKcash')}
        </Link>
      ) : (
        <>
          {t('money.store.rkhelRemedy')}{' '}
          <Link className="notice__action" to={RKHEL_QUESTS_HREF}>
            {t('money.store.rkhelQuests')}
          </Link>
          {onUseKcash && (
            <>
              <br />
              <Button variant="ghost" size="small" onClick={onUseKcash}>
                {t('money.store.useKcash')}
              </Button>
            </>
          )}
        </>
      )}
    </Notice>
  );
}

/** Which balance pays: bought K-Cash first, then earned (splitKcashSpend), or rKHEL. */
export function SpendRows({ spend }: { spend: Exclude<SpendPreview, { kind: 'short' }> }) {
  const { t } = useTranslation();
  const rows =
    spend.kind === 'kcash'
      ? [
          {
            label: t('money.store.fromBought'),
            value: moneyText({ amount: spend.fromBought, currency: 'KCASH' }),
          },
          {
            label: t('money.store.fromEarned'),
            value: moneyText({ amount: spend.fromEarned, currency: 'KCASH' }),
          },
        ]
      : [
          {
            label: t('money.store.fromRkhel'),
            value: moneyText({ amount: spend.fromRkhel, currency: 'RKHEL' }),
          },
        ];
  return (
    <>
      <h3 className="section-title section-title--small">{t('money.store.paidFrom')}</h3>
      <Summary rows={rows} label={t('money.store.paidFrom')} />
      {spend.kind === 'kcash' && <p className="field__hint">{t('money.store.spendOrder')}</p>}
    </>
  );
}

export interface PurchasePanelProps {
  item: StoreItem;
  balance: WalletBalance | undefined;
  onPrimaryAction?: PrimaryActionListener;
  /** Start on the confirmation step (tests). */
  initialStep?: 'choose' | 'confirm';
  initialQuantity?: number;
  initialCurrency?: StorePayCurrency;
}

/**
 * A purchase's state: currency, quantity and step, what it would spend, and Review / Confirm (one intent, so one
 * Idempotency-Key, per quantity and currency; a change starts a new one).
 */
function usePurchase(
  item: StoreItem,
  balance: WalletBalance | undefined,
  initial: { step: 'choose' | 'confirm'; quantity: number; currency: StorePayCurrency | undefined },
) {
  const { step: initialStep, quantity: initialQuantity, currency: initialCurrency } = initial;
  const navigate = useNavigate();
  const purchase = usePurchaseItem();
  const intent = useIntentKey();
  const gain = useGainFeedback();
  // The Mini App asks before it is closed while the purchase is on its way.
  useConfirmClose(purchase.isPending);
  const currencies = payCurrenciesOf(item);
  const [currency, setCurrency] = useState<StorePayCurrency>(initialCurrency ?? currencies[0] ?? 'KCASH');
  const maxQuantity = maxQuantityOf(item, STORE_MAX_QUANTITY);
  const [quantity, setQuantity] = useState(Math.min(initialQuantity, Math.max(1, maxQuantity)));
  const [step, setStep] = useState(initialStep);
  const spend = balance ? previewSpend(item, currency, quantity, balance) : null;
  const canReview = item.inStock && spend !== null && spend.kind !== 'short';
  const unitPrice = unitPriceOf(item, currency);
  const total = unitPrice === null ? undefined : unitPrice * BigInt(quantity);
  const available = balance && (currency === 'KCASH' ? balance.kcashTotal : balance.rkhel);

  const change = (update: () => void) => {
    // Another quantity or currency is another intent: a new key at the next confirmation.
    intent.end();
    purchase.reset();
    update();
  };
  const review = () => {
    if (!canReview) return;
    intent.begin();
    setStep('confirm');
  };
  const confirm = () => {
    if (!canReview || purchase.isPending) return;
    const idempotencyKey = intent.begin();
    purchase.mutate(
      { body: { itemId: item.id, quantity, currency }, idempotencyKey },
      {
        onSuccess: (order) => {
          intent.end();
          gain();
          navigate(`/purchase-confirmation?orderId=${order.id}`);
        },
      },
    );
  };
  const notEnough =
    spend?.kind === 'short' ||
    (isApiError(purchase.error) && errorCodeOf(purchase.error.data) === ERROR_CODES.insufficientFunds);
  const useKcash =
    currency !== 'KCASH' && currencies.includes('KCASH')
      ? () => change(() => setCurrency('KCASH'))
      : undefined;
  return {
    purchase,
    currencies,
    currency,
    setCurrency,
    maxQuantity,
    quantity,
    setQuantity,
    step,
    setStep,
    spend,
    canReview,
    total,
    available,
    change,
    review,
    confirm,
    notEnough,
    useKcash,
  };
}

/**
 * Buying one item: quantity and currency, then a confirmation step saying which balance pays (the
 * intent's Idempotency-Key is made there, so a retry never buys twice), then the receipt at
 * /purchase-confirmation. Short of funds: 'Uh-oh! Not Enough K-Cash or rKHEL' and a link to buy K-Cash.
 */
export function PurchasePanel({
  item,
  balance,
  onPrimaryAction,
  initialStep = 'choose',
  initialQuantity = 1,
  initialCurrency,
}: PurchasePanelProps) {
  const { t, i18n } = useTranslation();
  const flow = usePurchase(item, balance, {
    step: initialStep,
    quantity: initialQuantity,
    currency: initialCurrency,
  });
  const { purchase, currencies, currency, maxQuantity, quantity, step, spend, canReview, total, available } =
    flow;
  const { change, review, confirm, notEnough } = flow;
  const notEnoughNotice = <NotEnoughNotice currency={currency} onUseKcash={flow.useKcash} />;
  const edit = () => change(() => flow.setStep('choose'));

  useReportPrimaryAction(
    onPrimaryAction,
    step === 'confirm'
      ? {
          key: 'confirm',
          text: t('money.store.confirm'),
          run: confirm,
          busy: purchase.isPending,
          enabled: canReview,
          secondary: { text: t('money.store.edit'), run: edit, enabled: !purchase.isPending },
        }
      : { key: 'review', text: t('money.store.review'), run: review, busy: false, enabled: canReview },
  );

  const totalRow = total !== undefined && {
    label: t('money.store.total'),
    value: moneyText({ amount: total, currency }),
    total: true,
  };

  return (
    <section className="card card--raised" aria-labelledby="purchase-title">
      <span className="badge">{t(`money.store.categories.${item.category}`)}</span>
      <h2 className="section-title" id="purchase-title">
        {localized(item, 'name', i18n.language)}
      </h2>
      <p className="store-item__description">{localized(item, 'description', i18n.language)}</p>
      <ItemPrices item={item} />
      {!item.inStock && <Notice tone="error">{t('money.store.outOfStock')}</Notice>}
      {step === 'confirm' && spend && spend.kind !== 'short' ? (
        <PurchaseConfirm
          quantity={quantity}
          totalRow={totalRow}
          spend={spend}
          purchase={purchase}
          notEnoughNotice={notEnough ? notEnoughNotice : null}
          onConfirm={confirm}
          onEdit={edit}
        />
      ) : (
        item.inStock && (
          <PurchaseChoose
            quantity={quantity}
            maxQuantity={maxQuantity}
            currencies={currencies}
            currency={currency}
            totalRow={totalRow}
            available={available}
            notEnoughNotice={notEnough ? notEnoughNotice : null}
            canReview={canReview}
            onReview={review}
            onQuantity={(next) => change(() => flow.setQuantity(next))}
            onCurrency={(next) => change(() => flow.setCurrency(next))}
          />
        )
      )}
    </section>
  );
}

/** The first step: quantity, currency, the total and the balance it is paid from, then Review. */
function PurchaseChoose({
  quantity,
  maxQuantity,
  currencies,
  currency,
  totalRow,
  available,
  notEnoughNotice,
  canReview,
  onReview,
  onQuantity,
  onCurrency,
}: {
  quantity: number;
  maxQuantity: number;
  currencies: readonly StorePayCurrency[];
  currency: StorePayCurrency;
  totalRow: SummaryRow | false;
  /** The balance of the chosen currency (unknown until the balance is in). */
  available: WalletBalance['kcashTotal'] | undefined;
  /** Shown when the balance is short. */
  notEnoughNotice: ReactNode;
  canReview: boolean;
  onReview: () => void;
  onQuantity: (quantity: number) => void;
  onCurrency: (currency: StorePayCurrency) => void;
}) {
  const { t } = useTranslation();
  return (
    <SubmitForm className="purchase__form" onSubmit={onReview}>
      <QuantityStepper quantity={quantity} max={maxQuantity} onChange={onQuantity} />
      {currencies.length > 1 && (
        <PayCurrencyChoice currencies={currencies} currency={currency} onChange={onCurrency} />
      )}
      <Summary rows={[totalRow]} />
      {available && (
        <p className="field__hint">
          {t('money.store.yourBalance', {
            currency: CURRENCIES[currency].label,
            amount: countedText(available),
          })}
        </p>
      )}
      {notEnoughNotice}
      <Button type="submit" variant="primary" block disabled={!canReview}>
        {t('money.store.review')}
      </Button>
    </SubmitForm>
  );
}

/** − quantity + (1 to `max`). */
function QuantityStepper({
  quantity,
  max,
  onChange,
}: {
  quantity: number;
  max: number;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="field bare-fieldset">
      <legend className="field__label">{t('money.store.quantity')}</legend>
      <div className="stepper">
        <button
          type="button"
          className="stepper__button"
          aria-label={t('money.store.fewer')}
          disabled={quantity <= 1}
          onClick={() => onChange(Math.max(1, quantity - 1))}
        >
          −
        </button>
        <output className="stepper__value" aria-live="polite">
          {quantity}
        </output>
        <button
          type="button"
          className="stepper__button"
          aria-label={t('money.store.more')}
          disabled={quantity >= max}
          onClick={() => onChange(Math.min(max, quantity + 1))}
        >
          +
        </button>
      </div>
    </fieldset>
  );
}

/** The confirmation: quantity, total, which balance pays, and Buy now / Change. */
function PurchaseConfirm({
  quantity,
  totalRow,
  spend,
  purchase,
  notEnoughNotice,
  onConfirm,
  onEdit,
}: {
  quantity: number;
  totalRow: SummaryRow | false;
  spend: Exclude<SpendPreview, { kind: 'short' }>;
  purchase: ReturnType<typeof usePurchaseItem>;
  /** Shown instead of the request's error when the balance was short. */
  notEnoughNotice: ReactNode;
  onConfirm: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  return (
    <section aria-labelledby="purchase-confirm-title">
      <h3 className="section-title purchase__confirm-title" id="purchase-confirm-title">
        {t('money.store.confirmTitle')}
      </h3>
      <Summary rows={[{ label: t('money.store.quantity'), value: String(quantity) }, totalRow]} />
      <SpendRows spend={spend} />
      {purchase.stillProcessing && (
        <p className="money-progress" role="status">
          <Spinner size="sm" /> {t('money.progress.stillProcessing')}
        </p>
      )}
      {purchase.isError && (notEnoughNotice || <Notice tone="error">{describeError(purchase.error)}</Notice>)}
      <ConfirmActions
        busy={purchase.isPending}
        confirmLabel={purchase.isError ? t('common.retry') : t('money.store.confirm')}
        onConfirm={onConfirm}
        editLabel={t('money.store.edit')}
        onEdit={onEdit}
      />
    </section>
  );
}

/** K-Cash or rKHEL, for an item priced in both. */
function PayCurrencyChoice({
  currencies,
  currency,
  onChange,
}: {
  currencies: readonly StorePayCurrency[];
  currency: StorePayCurrency;
  onChange: (currency: StorePayCurrency) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="option-grid option-grid--two">
      <legend className="field__label">{t('money.store.payWith')}</legend>
      {currencies.map((c) => (
        <label key={c} className="option">
          <input
            type="radio"
            name="store-currency"
            value={c}
            checked={currency === c}
            onChange={() => onChange(c)}
          />
          <span className="option__name">{CURRENCIES[c].label}</span>
        </label>
      ))}
    </fieldset>
  );
}
