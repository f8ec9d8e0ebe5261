import '../../../components/money/money.css';
import { SWAP_TOO_SMALL_MESSAGE, type SwapResult } from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import { CURRENCIES, type CurrencyCode } from '@khel/core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBalance } from '../../../api/get-balance.ts';
import { AmountField } from '../../../components/amount-field.tsx';
import { Button } from '../../../components/button.tsx';
import { BalancesCard } from '../../../components/money/balances-card.tsx';
import { ConfirmActions } from '../../../components/money/confirm-actions.tsx';
import { MoneyNav } from '../../../components/money/money-nav.tsx';
import { Summary } from '../../../components/money/summary.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Page } from '../../../components/page.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage, translateApiMessage } from '../../../i18n/index.ts';
import type { Language } from '../../../i18n/languages.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { useIntentKey } from '../../../lib/intent.ts';
import {
  countedText,
  moneyText,
  parseTypedAmount,
  rateText,
  typedAmountOf,
} from '../../../lib/money-text.ts';
import { type PrimaryActionListener, useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { useConfirmClose, useGainFeedback } from '../../../providers/app-feedback.ts';
import { useSwap } from '../api/swap.ts';
import {
  availableToSwap,
  previewSwap,
  SWAP_SOURCES,
  type SwapPreview,
  swapTargetsOf,
} from '../lib/swap-preview.ts';

const label = (currency: CurrencyCode) => CURRENCIES[currency].label;

/** SPEC §8 'Uh-oh! Not Enough K-Cash or rKHEL' for rKHEL; the API's own sentence for USDT. */
export function shortOfText(currency: CurrencyCode, language: Language) {
  if (currency === 'KCASH' || currency === 'RKHEL')
    return translateApiMessage('NOT_ENOUGH_BALANCE', MESSAGES.notEnoughBalance, language);
  const code = currency === 'USDT' ? 'NOT_ENOUGH_USDT' : 'NOT_ENOUGH_KPOINTS';
  return translateApiMessage(code, `Not enough ${label(currency)}`, language);
}

function PreviewRows({ preview }: { preview: Extract<SwapPreview, { amount: bigint }> }) {
  const { t } = useTranslation();
  return (
    <Summary
      rows={[
        { label: t('money.swap.rate'), value: rateText(preview.rate) },
        preview.remainder > 0n && {
          label: t('money.swap.remainder'),
          value: moneyText({ amount: preview.remainder, currency: preview.rate.from }),
        },
        {
          label: t('money.swap.youReceive'),
          value: moneyText({ amount: preview.received, currency: preview.rate.to }),
          total: true,
        },
      ]}
    />
  );
}

/** The receipt of a swap: paid, received, and any remainder too small to convert. */
export function SwapReceipt({ result, onAgain }: { result: SwapResult; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="card card--raised" aria-labelledby="swap-done-title">
      <div role="status">
        <h2 className="notice notice--success section-title--small" id="swap-done-title">
          {t('money.swap.doneTitle')}
        </h2>
      </div>
      <Summary
        rows={[
          { label: t('money.swap.paid'), value: moneyText(result.debited) },
          { label: t('money.swap.rate'), value: rateText(result.rate) },
          BigInt(result.remainder.amount) > 0n && {
            label: t('money.swap.remainder'),
            value: moneyText(result.remainder),
          },
          { label: t('money.swap.received'), value: moneyText(result.received), total: true },
        ]}
      />
      <div className="actions actions--stack">
        <Button variant="primary" block onClick={onAgain}>
          {t('money.swap.again')}
        </Button>
        <Link className="button button--ghost button--block" to="/transaction-history/?type=onramp">
          {t('money.nav.history')}
        </Link>
      </div>
    </section>
  );
}

export interface SwapScreenProps {
  onPrimaryAction?: PrimaryActionListener;
}

/**
 * A swap's state: the pair, the amount typed, its preview, and the steps (review, confirm with one intent's
 * Idempotency-Key, the receipt).
 */
function useSwapFlow() {
  const balance = useBalance();
  const mutation = useSwap();
  const intent = useIntentKey();
  const gain = useGainFeedback();
  // The Mini App asks before it is closed while the swap is on its way.
  useConfirmClose(mutation.isPending);
  const [from, setFrom] = useState<CurrencyCode>(SWAP_SOURCES[0] ?? 'USDT');
  const [to, setTo] = useState<CurrencyCode>(() => swapTargetsOf(SWAP_SOURCES[0] ?? 'USDT')[0] ?? 'KCASH');
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<SwapResult | null>(null);

  const amount = parseTypedAmount(text, CURRENCIES[from].decimals);
  const available = availableToSwap(balance.data, from);
  const preview = previewSwap(from, to, amount, available);
  const ready = preview.kind === 'ok';

  const edit = () => {
    // A changed swap is a new intent: the next confirmation gets a new key.
    intent.end();
    mutation.reset();
    setConfirming(false);
  };
  const chooseFrom = (next: CurrencyCode) => {
    setFrom(next);
    setTo(swapTargetsOf(next)[0] ?? 'KCASH');
    setText('');
  };
  const review = () => {
    if (!ready) return;
    intent.begin();
    setConfirming(true);
  };
  const confirm = () => {
    if (!ready || mutation.isPending) return;
    const idempotencyKey = intent.begin();
    mutation.mutate(
      { body: { from, to, amount: preview.amount.toString() }, idempotencyKey },
      {
        onSuccess: (done) => {
          intent.end();
          gain();
          setResult(done);
          setConfirming(false);
          setText('');
        },
      },
    );
  };
  const again = () => {
    setResult(null);
    mutation.reset();
  };
  return {
    balance,
    mutation,
    from,
    to,
    setTo,
    text,
    setText,
    confirming,
    result,
    available,
    preview,
    ready,
    edit,
    chooseFrom,
    review,
    confirm,
    again,
  };
}

/**
 * /currency-exchange/ and /swap: swap between balances (USDT → K-Cash at 1:1000, the other pairs of
 * the contract's table) with a preview, a confirmation step that makes the intent's Idempotency-Key
 * (a retry or double tap sends the same one), then the receipt.
 */
export function SwapScreen({ onPrimaryAction }: SwapScreenProps = {}) {
  useTextPart('money');
  const { t } = useTranslation();
  const flow = useSwapFlow();
  const { balance, mutation, from, to, text, confirming, result, available, preview, ready } = flow;
  const { edit, review, confirm, again } = flow;

  useReportPrimaryAction(
    onPrimaryAction,
    result
      ? null
      : confirming
        ? {
            key: 'confirm',
            text: t('money.swap.confirm'),
            run: confirm,
            busy: mutation.isPending,
            enabled: ready,
            secondary: { text: t('money.swap.edit'), run: edit, enabled: !mutation.isPending },
          }
        : { key: 'review', text: t('money.swap.review'), run: review, busy: false, enabled: ready },
  );

  const nothing =
    balance.data && BigInt(balance.data.usdt.amount) === 0n && BigInt(balance.data.rkhel.amount) === 0n;

  return (
    <Page title={t('money.swap.title')} width="medium">
      <h1 className="page-title">{t('money.swap.title')}</h1>
      <MoneyNav />
      <BalancesCard />
      {result ? (
        <SwapReceipt result={result} onAgain={again} />
      ) : confirming && preview.kind === 'ok' ? (
        <SwapConfirm preview={preview} from={from} mutation={mutation} onConfirm={confirm} onEdit={edit} />
      ) : (
        <SwapForm
          from={from}
          to={to}
          onFrom={flow.chooseFrom}
          onTo={flow.setTo}
          text={text}
          onText={flow.setText}
          available={available}
          preview={preview}
          nothing={Boolean(nothing)}
          onReview={review}
        />
      )}
    </Page>
  );
}

/** The confirmation: what leaves which balance, the preview, and Confirm / Change. */
function SwapConfirm({
  preview,
  from,
  mutation,
  onConfirm,
  onEdit,
}: {
  preview: Extract<SwapPreview, { amount: bigint }>;
  from: CurrencyCode;
  mutation: ReturnType<typeof useSwap>;
  onConfirm: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  return (
    <section className="card confirm" aria-labelledby="swap-confirm-title">
      <h2 className="section-title" id="swap-confirm-title">
        {t('money.swap.confirmTitle')}
      </h2>
      <p>
        {t('money.swap.confirmBody', {
          amount: moneyText({ amount: preview.amount, currency: from }),
          balance: label(from),
        })}
      </p>
      <PreviewRows preview={preview} />
      {mutation.stillProcessing && (
        <p className="money-progress" role="status">
          <Spinner size="sm" /> {t('money.progress.stillProcessing')}
        </p>
      )}
      {mutation.isError && <Notice tone="error">{describeError(mutation.error)}</Notice>}
      <ConfirmActions
        busy={mutation.isPending}
        confirmLabel={mutation.isError ? t('common.retry') : t('money.swap.confirm')}
        onConfirm={onConfirm}
        editLabel={t('money.swap.edit')}
        onEdit={onEdit}
      />
    </section>
  );
}

interface SwapFormProps {
  from: CurrencyCode;
  to: CurrencyCode;
  onFrom: (currency: CurrencyCode) => void;
  onTo: (currency: CurrencyCode) => void;
  text: string;
  onText: (text: string) => void;
  available: bigint | null;
  preview: SwapPreview;
  /** Neither USDT nor rKHEL to swap: the way to buy K-Cash instead. */
  nothing: boolean;
  onReview: () => void;
}

/** What is swapped from, and to. */
function PairPicker({ from, to, onFrom, onTo }: Pick<SwapFormProps, 'from' | 'to' | 'onFrom' | 'onTo'>) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="option-grid option-grid--two">
        <legend className="field__label">{t('money.swap.from')}</legend>
        {SWAP_SOURCES.map((c) => (
          <label key={c} className="option">
            <input type="radio" name="swap-from" value={c} checked={from === c} onChange={() => onFrom(c)} />
            <span className="option__name">{label(c)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="option-grid option-grid--two">
        <legend className="field__label">{t('money.swap.to')}</legend>
        {swapTargetsOf(from).map((c) => (
          <label key={c} className="option">
            <input type="radio" name="swap-to" value={c} checked={to === c} onChange={() => onTo(c)} />
            <span className="option__name">{label(c)}</span>
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** The pair, the amount (with 'use all' and what is available), its errors and the preview. */
function SwapForm({
  from,
  to,
  onFrom,
  onTo,
  text,
  onText,
  available,
  preview,
  nothing,
  onReview,
}: SwapFormProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const decimals = CURRENCIES[from].decimals;
  const invalid = text.trim() !== '' && parseTypedAmount(text, decimals) === null;
  const ready = preview.kind === 'ok';
  return (
    <section className="card" aria-labelledby="swap-form-title">
      <h2 className="visually-hidden" id="swap-form-title">
        {t('money.swap.title')}
      </h2>
      <p className="money-intro">{t('money.swap.intro')}</p>
      {nothing && (
        <p className="notice notice--info" data-testid="nothing-to-swap">
          {t('money.swap.nothingToSwap')}{' '}
          <Link className="notice__action" to="/buy-kcash/">
            {t('money.store.buyKcash')}
          </Link>
        </p>
      )}
      <PairPicker from={from} to={to} onFrom={onFrom} onTo={onTo} />
      <SubmitForm onSubmit={onReview}>
        <AmountField
          label={t('money.swap.amount', { currency: label(from) })}
          unit={label(from)}
          placeholder="0"
          value={text}
          onValueChange={onText}
          action={
            available !== null &&
            available > 0n && (
              <button
                type="button"
                className="amount-input__action"
                onClick={() => onText(typedAmountOf(available, decimals))}
              >
                {t('money.swap.useAll')}
              </button>
            )
          }
          error={
            invalid ? (
              t('money.buy.invalidAmount', { decimals })
            ) : preview.kind === 'short' ? (
              <>
                {shortOfText(from, language)}{' '}
                {from === 'USDT' ? t('money.swap.usdtRemedy') : t('money.store.rkhelRemedy')}
              </>
            ) : preview.kind === 'too-small' ? (
              translateApiMessage('SWAP_TOO_SMALL', SWAP_TOO_SMALL_MESSAGE, language)
            ) : undefined
          }
          keepHint
          hint={
            available !== null &&
            t('money.swap.available', { amount: countedText({ amount: available, currency: from }) })
          }
        />
        {'amount' in preview && <PreviewRows preview={preview} />}
        <Button type="submit" variant="primary" block disabled={!ready}>
          {t('money.swap.review')}
        </Button>
      </SubmitForm>
    </section>
  );
}
