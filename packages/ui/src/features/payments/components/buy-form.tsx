import { ONRAMP_CURRENCIES, type OnrampCurrency, type OnrampQuote } from '@khel/core/contract';
import { formatMinorUnits } from '@khel/core/format';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/amount-field.tsx';
import { Button } from '../../../components/button.tsx';
import { ConfirmActions } from '../../../components/money/confirm-actions.tsx';
import { Summary } from '../../../components/money/summary.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { displayLocale } from '../../../lib/display-locale.ts';
import {
  countedText,
  kcashRateText,
  moneyText,
  parseTypedAmount,
  payText,
  typedAmountOf,
  usdtInPayCurrency,
} from '../../../lib/money-text.ts';
import { type PrimaryActionListener, useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { useConfirmClose } from '../../../providers/app-feedback.ts';
import { useHref, useNavigate } from '../../../routing/index.ts';
import { useCreateDeposit } from '../api/create-deposit.ts';
import { type FeeRule, useGasFee } from '../api/get-gas-fee.ts';
import { useOnrampQuote } from '../api/get-onramp-quote.ts';
import { checkoutUrlWithReturn, rememberCheckout, tabStorage } from '../lib/deposit-progress.ts';
import { PayTermsNote } from './pay-terms-note.tsx';

/** Payment methods in the order offered: India first (UPI), then Brazil (PIX), then crypto. */
export const PAY_CURRENCIES: readonly OnrampCurrency[] = ['INR', 'BRL', 'USDT'];

/** Quick amounts per method, in major units. */
const QUICK_AMOUNTS: Record<OnrampCurrency, readonly string[]> = {
  INR: ['100', '500', '1000'],
  BRL: ['10', '50', '100'],
  USDT: ['5', '10', '50'],
};

const UNIT: Record<OnrampCurrency, string> = { INR: '₹', BRL: 'R$', USDT: 'USDT' };
const QUOTE_DELAY_MS = 350;

function feeText(rule: FeeRule, t: TFunction): string {
  const parts: string[] = [];
  if (BigInt(rule.flat.amount) > 0n) parts.push(t('money.buy.feeRule', { fee: moneyText(rule.flat) }));
  if (rule.basisPoints > 0) {
    // Basis points → percent, exactly: 150 → 1.5.
    parts.push(
      t('money.buy.feeRulePercent', {
        percent: formatMinorUnits(BigInt(rule.basisPoints), 2, { locale: displayLocale() }),
      }),
    );
  }
  parts.push(t('money.buy.limits', { min: payText(rule.minimum), max: payText(rule.maximum) }));
  return parts.join(' · ');
}

/**
 * The quote as the payer reads it: the rate as the price of 1,000 K-Cash and the fee in the paid
 * currency (₹ for UPI, R$ for PIX), and the K-Cash received in whole K-Cash, rounded down; the
 * deposit's receipt keeps the exact amount.
 */
export function QuoteSummary({ quote }: { quote: OnrampQuote }) {
  const { t } = useTranslation();
  return (
    <Summary
      label={t('money.buy.quoteTitle')}
      rows={[
        { label: t('money.buy.youPay'), value: payText(quote.pay) },
        { label: t('money.buy.rate'), value: kcashRateText(quote) },
        { label: t('money.buy.fee'), value: payText(usdtInPayCurrency(quote.fee.amount, quote)) },
        { label: t('money.buy.youReceive'), value: countedText(quote.receive), total: true },
      ]}
    />
  );
}

export interface BuyFormProps {
  onPrimaryAction?: PrimaryActionListener;
  /** Starting method (tests; otherwise chosen from the user's country). */
  initialCurrency?: OnrampCurrency;
  initialAmount?: string;
}

/** The live quote for what is typed: asked once the user stops typing; `current` is the quote of exactly that. */
function useTypedQuote(currency: OnrampCurrency, text: string) {
  const decimals = ONRAMP_CURRENCIES[currency].decimals;
  const amount = parseTypedAmount(text, decimals);
  const [quotedAmount, setQuotedAmount] = useState<string | null>(amount?.toString() ?? null);
  const quote = useOnrampQuote(currency, quotedAmount);

  // Ask for a quote once the user stops typing.
  useEffect(() => {
    const next = amount?.toString() ?? null;
    const timer = setTimeout(() => setQuotedAmount(next), next === null ? 0 : QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [amount]);

  // The quote of exactly what is typed now (a previous one stays on screen only while typing).
  const current =
    quote.data &&
    !quote.isError &&
    amount !== null &&
    quote.data.pay.amount === amount.toString() &&
    quote.data.pay.currency === currency
      ? quote.data
      : null;
  return { quote, current };
}

/**
 * Pay now: the deposit is created, then the payer leaves for the provider's checkout, which sends them back to
 * /buy-kcash/?deposit=<id> (so does Back).
 */
function useDepositCheckout() {
  const navigate = useNavigate();
  const buyHref = useHref('/buy-kcash/');
  const deposit = useCreateDeposit();
  const [leaving, setLeaving] = useState(false);
  // The Mini App asks before it is closed between Pay and the checkout.
  useConfirmClose(deposit.isPending || leaving);
  const pay = (confirmed: OnrampQuote) => {
    if (deposit.isPending || leaving) return;
    deposit.mutate(
      { amount: confirmed.pay.amount, currency: confirmed.pay.currency },
      {
        onSuccess: (created) => {
          setLeaving(true);
          const back = new URL(`${buyHref}?deposit=${created.depositId}`, window.location.origin).href;
          const checkout = checkoutUrlWithReturn(created.checkoutUrl, back);
          rememberCheckout(tabStorage(), created.depositId, checkout);
          // Back (or the provider's redirect) lands on the deposit's progress.
          navigate(`/buy-kcash/?deposit=${created.depositId}`, { replace: true });
          window.location.assign(checkout);
        },
      },
    );
  };
  return { deposit, leaving, pay };
}

/**
 * Choose a method and an amount, see the live quote (rate, fee, K-Cash received) and the fee
 * schedule, confirm, and go to the provider's checkout; it sends the payer back to
 * /buy-kcash/?deposit=<id>, where the deposit's progress shows.
 */
export function BuyForm({ onPrimaryAction, initialCurrency, initialAmount = '' }: BuyFormProps) {
  const { t, i18n } = useTranslation();
  const [currency, setCurrency] = useState<OnrampCurrency>(
    // Brazil pays with PIX, India (and everyone else, to start with) with UPI.
    () => initialCurrency ?? (currentLanguage(i18n) === 'pt-BR' ? 'BRL' : 'INR'),
  );
  const [text, setText] = useState(initialAmount);
  const [confirmed, setConfirmed] = useState<OnrampQuote | null>(null);
  const { quote, current } = useTypedQuote(currency, text);
  const { deposit, leaving, pay: payQuote } = useDepositCheckout();

  const chooseCurrency = (next: OnrampCurrency) => {
    setCurrency(next);
    setText('');
    setConfirmed(null);
  };
  const review = () => {
    if (current) setConfirmed(current);
  };
  const pay = () => {
    if (confirmed) payQuote(confirmed);
  };
  const edit = () => {
    deposit.reset();
    setConfirmed(null);
  };

  useReportPrimaryAction(
    onPrimaryAction,
    confirmed
      ? {
          key: 'pay',
          text: t('money.buy.payNow', { amount: payText(confirmed.pay) }),
          run: pay,
          busy: deposit.isPending || leaving,
          enabled: true,
          secondary: { text: t('money.buy.edit'), run: edit, enabled: !(deposit.isPending || leaving) },
        }
      : {
          key: 'continue',
          text: t('money.buy.continue'),
          run: review,
          busy: false,
          enabled: current !== null,
        },
  );

  if (confirmed) {
    return (
      <BuyConfirm
        quote={confirmed}
        deposit={deposit}
        busy={deposit.isPending || leaving}
        onPay={pay}
        onEdit={edit}
      />
    );
  }

  return (
    <BuyAmountForm
      currency={currency}
      onCurrency={chooseCurrency}
      text={text}
      onText={setText}
      quote={quote}
      current={current}
      onReview={review}
      payCurrencies={PAY_CURRENCIES}
    />
  );
}

/** The confirmation: the quote as it will be paid, the terms, and Pay now / Change. */
function BuyConfirm({
  quote: confirmed,
  deposit,
  busy,
  onPay,
  onEdit,
}: {
  quote: OnrampQuote;
  deposit: ReturnType<typeof useCreateDeposit>;
  busy: boolean;
  onPay: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  return (
    <section className="card confirm" aria-labelledby="buy-confirm-title">
      <h2 className="section-title" id="buy-confirm-title">
        {t('money.buy.confirmTitle')}
      </h2>
      <QuoteSummary quote={confirmed} />
      <p className="field__hint">{t('money.buy.confirmBody', { amount: payText(confirmed.pay) })}</p>
      <PayTermsNote />
      {deposit.isError && <Notice tone="error">{describeError(deposit.error)}</Notice>}
      <ConfirmActions
        busy={busy}
        confirmLabel={t('money.buy.payNow', { amount: payText(confirmed.pay) })}
        onConfirm={onPay}
        editLabel={t('money.buy.edit')}
        onEdit={onEdit}
      />
    </section>
  );
}

interface BuyAmountFormProps {
  currency: OnrampCurrency;
  onCurrency: (currency: OnrampCurrency) => void;
  text: string;
  onText: (text: string) => void;
  quote: ReturnType<typeof useOnrampQuote>;
  /** The quote of exactly what is typed now. */
  current: OnrampQuote | null;
  onReview: () => void;
  payCurrencies: readonly OnrampCurrency[];
}

/** How to pay, the amount (with quick amounts and the fee rule or the error) and the live quote. */
function BuyAmountForm({
  currency,
  onCurrency,
  text,
  onText,
  quote,
  current,
  onReview,
  payCurrencies,
}: BuyAmountFormProps) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const fees = useGasFee();
  const rule = fees.data?.fees.find((f) => f.currency === currency);
  const decimals = ONRAMP_CURRENCIES[currency].decimals;
  const amount = parseTypedAmount(text, decimals);
  const invalid = text.trim() !== '' && amount === null;
  const quoting = amount !== null && !current && !quote.isError;
  return (
    <section className="card" aria-labelledby="buy-form-title">
      <h2 className="section-title" id="buy-form-title">
        {t('money.buy.payWith')}
      </h2>
      <fieldset className="option-grid">
        <legend className="visually-hidden">{t('money.buy.payWith')}</legend>
        {payCurrencies.map((c) => (
          <label key={c} className="option">
            <input
              type="radio"
              name="pay-currency"
              value={c}
              checked={currency === c}
              onChange={() => onCurrency(c)}
            />
            <span className="option__name">{t(`money.buy.methods.${c}`)}</span>
            <span className="option__hint">{t(`money.buy.methodHints.${c}`)}</span>
          </label>
        ))}
      </fieldset>
      <SubmitForm onSubmit={onReview}>
        <AmountField
          label={t('money.buy.amount', { currency })}
          unit={UNIT[currency]}
          unitPosition="start"
          placeholder={QUICK_AMOUNTS[currency][1]}
          value={text}
          onValueChange={onText}
          error={
            invalid
              ? t('money.buy.invalidAmount', { decimals })
              : quote.isError
                ? describeError(quote.error)
                : undefined
          }
          hint={rule ? feeText(rule, t) : undefined}
        >
          <div className="chips chips--under">
            {QUICK_AMOUNTS[currency].map((major) => {
              const minor = parseTypedAmount(major, decimals);
              return (
                <button
                  key={major}
                  type="button"
                  className="chip"
                  aria-pressed={minor !== null && amount === minor}
                  onClick={() => minor !== null && onText(typedAmountOf(minor, decimals))}
                >
                  {minor !== null ? payText({ amount: minor, currency, decimals }, { short: true }) : major}
                </button>
              );
            })}
          </div>
        </AmountField>
        <h3 className="section-title section-title--small">{t('money.buy.quoteTitle')}</h3>
        {quoting && (
          <p className="money-progress" role="status">
            <Spinner size="sm" /> {t('money.buy.quoteLoading')}
          </p>
        )}
        {current && <QuoteSummary quote={current} />}
        <Button type="submit" variant="primary" block disabled={!current}>
          {t('money.buy.continue')}
        </Button>
      </SubmitForm>
    </section>
  );
}
