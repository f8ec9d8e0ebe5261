import '../../../components/money/money.css';
import {
  SWAP_TOO_SMALL_MESSAGE,
  type SwapResult,
  type WalletBalance,
  walletsMessages,
} from '@khel/core/contract';
import { CURRENCIES, type CurrencyCode } from '@khel/core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { Link } from '../../../routing/index.ts';
import { useSwap } from '../api/swap.ts';
import {
  availableToSwap,
  heldSwapSources,
  previewSwap,
  SWAP_SOURCES,
  SWAP_WAYS,
  type SwapPreview,
  type SwapWay,
  swapSourceOf,
  swapTargetsOf,
  TELEGRAM_SWAP_SOURCES,
  WAYS_TO_GET,
  waysToGetAnySource,
} from '../lib/swap-preview.ts';

const label = (currency: CurrencyCode) => CURRENCIES[currency].label;

/** The message of each currency's shortfall: a swap takes one currency only, so it names that one alone. */
const SHORT_OF_CODE = {
  KCASH: 'NOT_ENOUGH_KCASH',
  RKHEL: 'NOT_ENOUGH_RKHEL',
  USDT: 'NOT_ENOUGH_USDT',
  KPOINTS: 'NOT_ENOUGH_KPOINTS',
  TON: 'NOT_ENOUGH_TON',
  // Stars are never a gamer's balance nor swapped (they pay Telegram invoices): listed for completeness.
  XTR: 'NOT_ENOUGH_KCASH',
} as const satisfies Record<CurrencyCode, keyof typeof walletsMessages>;

/** 'Uh-oh! Not Enough rKHEL', 'Not enough USDT', …: the API's own sentence for a swap short of its source. */
export function shortOfText(currency: CurrencyCode, language: Language) {
  const code = SHORT_OF_CODE[currency];
  return translateApiMessage(code, walletsMessages[code], language);
}

/** Ways to get a swap's source (or what the swap would give), each with a sentence and a link. */
function WayList({ ways }: { ways: readonly SwapWay[] }) {
  const { t } = useTranslation();
  return (
    <ul className="swap-ways">
      {ways.map((way) => (
        <li key={way.id} className="swap-way">
          <h3 className="swap-way__title">{t(`money.swap.ways.${way.id}.title`)}</h3>
          <p className="swap-way__body">{t(`money.swap.ways.${way.id}.body`)}</p>
          <Link className="button button--secondary button--small" to={way.to}>
            {t(`money.swap.ways.${way.id}.action`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Holding no rKHEL and no USDT: what a gamer can do instead of a refusal. */
function NothingToSwap({ sources }: { sources: readonly CurrencyCode[] }) {
  const { t } = useTranslation();
  const telegram = sources === TELEGRAM_SWAP_SOURCES;
  return (
    <section className="card" aria-labelledby="swap-nothing-title" data-testid="nothing-to-swap">
      <h2 className="section-title" id="swap-nothing-title">
        {t('money.swap.nothingTitle')}
      </h2>
      <p className="money-intro">
        {t(telegram ? 'money.swap.nothingBodyTelegram' : 'money.swap.nothingBody')}
      </p>
      <WayList ways={waysToGetAnySource(sources)} />
    </section>
  );
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
  /** What can be swapped from (default SWAP_SOURCES; the Mini App: TELEGRAM_SWAP_SOURCES, rKHEL only). */
  sources?: readonly CurrencyCode[];
}

/**
 * A swap's state: the pair, the amount typed, its preview, and the steps (review, confirm with one intent's
 * Idempotency-Key, the receipt).
 */
function useSwapFlow(sources: readonly CurrencyCode[]) {
  const balance = useBalance();
  const mutation = useSwap();
  const intent = useIntentKey();
  const gain = useGainFeedback();
  // The Mini App asks before it is closed while the swap is on its way.
  useConfirmClose(mutation.isPending);
  // Until the user picks, the swap starts from what they hold (a gamer's rKHEL), not from USDT they lack.
  const [chosenFrom, setChosenFrom] = useState<CurrencyCode | null>(null);
  const [chosenTo, setChosenTo] = useState<CurrencyCode | null>(null);
  const from = swapSourceOf(chosenFrom, balance.data, sources);
  const targets = swapTargetsOf(from, sources);
  const to = chosenTo && targets.includes(chosenTo) ? chosenTo : (targets[0] ?? 'KCASH');
  const nothing = balance.data !== undefined && heldSwapSources(balance.data, sources).length === 0;
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
    setChosenFrom(next);
    setChosenTo(null);
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
    setTo: setChosenTo,
    nothing,
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
 * /currency-exchange/ and /swap: swap between balances (rKHEL → K-Cash at 1:100, USDT → K-Cash at 1:1000, the
 * pairs of the contract's table), starting from what the user holds, with a preview, a confirmation step that
 * makes the intent's Idempotency-Key (a retry or double tap sends the same one), then the receipt. Holding no
 * source, the user sees what they can do to get one (WAYS_TO_GET), never a refusal.
 */
export function SwapScreen({ onPrimaryAction, sources = SWAP_SOURCES }: SwapScreenProps = {}) {
  useTextPart('money');
  const { t } = useTranslation();
  const flow = useSwapFlow(sources);
  const { mutation, from, to, text, confirming, result, available, preview, ready, nothing } = flow;
  const { edit, review, confirm, again } = flow;

  useReportPrimaryAction(
    onPrimaryAction,
    result || nothing || available === 0n
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

  return (
    <Page title={t('money.swap.title')} width="medium">
      <h1 className="page-title">{t('money.swap.title')}</h1>
      <MoneyNav />
      <BalancesCard hideUsdt={sources === TELEGRAM_SWAP_SOURCES} />
      {result ? (
        <SwapReceipt result={result} onAgain={again} />
      ) : confirming && preview.kind === 'ok' ? (
        <SwapConfirm preview={preview} from={from} mutation={mutation} onConfirm={confirm} onEdit={edit} />
      ) : nothing ? (
        <NothingToSwap sources={sources} />
      ) : (
        <SwapForm
          from={from}
          to={to}
          onFrom={flow.chooseFrom}
          onTo={flow.setTo}
          text={text}
          onText={flow.setText}
          available={available}
          balance={flow.balance.data}
          preview={preview}
          onReview={review}
          sources={sources}
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
  /** The user's balances (for what each source holds), undefined while loading. */
  balance: WalletBalance | undefined;
  preview: SwapPreview;
  onReview: () => void;
  sources: readonly CurrencyCode[];
}

/** What is swapped from (with how much the user has of each), and to. */
function PairPicker({
  from,
  to,
  onFrom,
  onTo,
  balance,
  sources,
}: Pick<SwapFormProps, 'from' | 'to' | 'onFrom' | 'onTo' | 'balance' | 'sources'>) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="option-grid option-grid--two">
        <legend className="field__label">{t('money.swap.from')}</legend>
        {sources.map((c) => (
          <label key={c} className="option">
            <input type="radio" name="swap-from" value={c} checked={from === c} onChange={() => onFrom(c)} />
            <span className="option__name">{label(c)}</span>
            {balance && (
              <span className="option__hint">
                {t('money.swap.youHave', {
                  amount: countedText({ amount: availableToSwap(balance, c) ?? 0n, currency: c }),
                })}
              </span>
            )}
          </label>
        ))}
      </fieldset>
      <fieldset className="option-grid option-grid--two">
        <legend className="field__label">{t('money.swap.to')}</legend>
        {swapTargetsOf(from, sources).map((c) => (
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
function SwapForm(props: SwapFormProps) {
  const { from, to, onFrom, onTo, text, onText, available, balance, preview, onReview, sources } = props;
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="swap-form-title">
      <h2 className="visually-hidden" id="swap-form-title">
        {t('money.swap.title')}
      </h2>
      <p className="money-intro">{t('money.swap.intro')}</p>
      <PairPicker from={from} to={to} onFrom={onFrom} onTo={onTo} balance={balance} sources={sources} />
      {available === 0n ? (
        <div className="swap-none" data-testid="no-source">
          <p>{t('money.swap.noneOf', { currency: label(from) })}</p>
          <WayList ways={WAYS_TO_GET[from]} />
        </div>
      ) : (
        <SwapAmount
          from={from}
          text={text}
          onText={onText}
          available={available}
          preview={preview}
          onReview={onReview}
        />
      )}
    </section>
  );
}

/** What to swap: the amount (with 'use all' and what is available), its errors, the preview and Review. */
function SwapAmount({
  from,
  text,
  onText,
  available,
  preview,
  onReview,
}: Pick<SwapFormProps, 'from' | 'text' | 'onText' | 'available' | 'preview' | 'onReview'>) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const decimals = CURRENCIES[from].decimals;
  const invalid = text.trim() !== '' && parseTypedAmount(text, decimals) === null;
  const ready = preview.kind === 'ok';
  return (
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
              {from === 'USDT' ? (
                t('money.swap.usdtRemedy')
              ) : (
                <Link className="notice__action" to={SWAP_WAYS.earnRkhel.to}>
                  {t('money.swap.rkhelRemedy')}
                </Link>
              )}
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
  );
}
