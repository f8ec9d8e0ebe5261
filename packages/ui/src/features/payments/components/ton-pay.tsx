import type { TonQuote } from '@khel/core/contract';
import { CURRENCIES } from '@khel/core/format';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateMoney } from '../../../api/money-keys.ts';
import { AmountField } from '../../../components/amount-field.tsx';
import { Button } from '../../../components/button.tsx';
import { Summary } from '../../../components/money/summary.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { countedText, moneyText, parseTypedAmount } from '../../../lib/money-text.ts';
import { useConfirmClose, useGainWhen } from '../../../providers/app-feedback.ts';
import { Link } from '../../../routing/index.ts';
import {
  type TonDepositCreated,
  useCreateTonDeposit,
  useTonDeposit,
  useTonQuote,
} from '../api/ton-deposit.ts';

/** What the app's TON Connect gives this card (the Mini App's lazy chunk; nothing here loads TON Connect). */
export interface TonPayWallet {
  /** The connected wallet's address, connecting one first when none is (TON Connect's modal). */
  connect(): Promise<string>;
  /** TON Connect's sendTransaction of one message; rejects when the gamer declines. */
  send(message: { address: string; amount: string; payload: string; validUntil: number }): Promise<void>;
}

export class TonPayDeclined extends Error {}

const QUICK_TON = ['1', '5', '10'] as const;
const QUOTE_DELAY_MS = 350;
const TON_DECIMALS = CURRENCIES.TON.decimals;

/** The typed amount in nanoton once it stops changing for a moment (null while nothing valid is typed). */
function useSettledAmount(text: string): string | null {
  const parsed = parseTypedAmount(text, TON_DECIMALS);
  const next = parsed !== null && parsed > 0n ? parsed.toString() : null;
  const [settled, setSettled] = useState<string | null>(next);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(next), next === null ? 0 : QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [next]);
  return settled;
}

function rateKcash(quote: TonQuote): string {
  const perTon = (BigInt(quote.rate.toMajor) * 1000n) / BigInt(quote.rate.fromMajor);
  return countedText({ amount: perTon, currency: 'KCASH' });
}

type Step = 'idle' | 'connecting' | 'confirming';

/**
 * "Pay with TON" on /buy-kcash/ in the Mini App: the TON to send with its quote, then TON Connect
 * (connect if needed, sendTransaction with the deposit's memo as comment), then the payment's progress
 * until the watcher credits it: the reward moment and the success haptic.
 */
export function TonPayCard({ wallet }: { wallet: TonPayWallet }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const [text, setText] = useState('');
  const [step, setStep] = useState<Step>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<TonDepositCreated | null>(null);
  const amount = useSettledAmount(text);
  const quote = useTonQuote(amount);
  const create = useCreateTonDeposit();
  useConfirmClose(step !== 'idle');

  if (sent) return <TonPayProgress created={sent} onAgain={() => setSent(null)} />;

  const current = amount !== null && quote.data?.pay.amount === amount && !quote.isError ? quote.data : null;
  const pay = async () => {
    if (!current || step !== 'idle') return;
    setProblem(null);
    try {
      setStep('connecting');
      const address = await wallet.connect();
      const created = await create.mutateAsync({ amount: current.pay.amount, wallet: address });
      setStep('confirming');
      await wallet.send({
        address: created.address,
        amount: created.pay.amount,
        payload: created.payload,
        validUntil: Math.floor(Date.parse(created.expiresAt) / 1000),
      });
      setSent(created);
    } catch (error) {
      setProblem(
        error instanceof TonPayDeclined
          ? t('money.ton.declined')
          : create.isError || (error as { status?: number }).status
            ? describeError(error)
            : t('money.ton.walletUnavailable'),
      );
    } finally {
      setStep('idle');
    }
  };

  return (
    <section className="card ton-pay" aria-labelledby="ton-pay-title" data-testid="ton-pay">
      <h2 className="section-title" id="ton-pay-title">
        <span aria-hidden="true">💎 </span>
        {t('money.ton.title')}
      </h2>
      <p className="money-intro">{t('money.ton.intro')}</p>
      <AmountField
        label={t('money.ton.amount')}
        value={text}
        onValueChange={setText}
        unit="TON"
        error={quote.isError && amount !== null ? describeError(quote.error) : undefined}
        hint={
          quote.data
            ? t('money.ton.limits', {
                min: moneyText(quote.data.minimum),
                max: moneyText(quote.data.maximum),
              })
            : undefined
        }
      >
        <div className="chips chips--under">
          {QUICK_TON.map((v) => (
            <button key={v} type="button" className="chip" onClick={() => setText(v)}>
              {v} TON
            </button>
          ))}
        </div>
      </AmountField>
      {current ? (
        <>
          <Summary
            rows={[
              { label: t('money.ton.rate'), value: t('money.ton.rateValue', { kcash: rateKcash(current) }) },
              { label: t('money.ton.youPay'), value: moneyText(current.pay) },
              { label: t('money.ton.youReceive'), value: countedText(current.receive), total: true },
            ]}
          />
          <p className="field__hint">{t('money.ton.holdsFor')}</p>
        </>
      ) : (
        amount !== null &&
        quote.isFetching && (
          <p className="money-progress" role="status">
            <Spinner size="sm" /> {t('money.ton.quoteLoading')}
          </p>
        )
      )}
      {problem && (
        <Notice tone="error" role="alert">
          {problem}
        </Notice>
      )}
      {step !== 'idle' && (
        <p className="money-progress" role="status">
          <Spinner size="sm" />{' '}
          {t(step === 'connecting' ? 'money.ton.connecting' : 'money.ton.confirmInWallet')}
        </p>
      )}
      <Button variant="primary" block disabled={!current || step !== 'idle'} onClick={() => void pay()}>
        {current ? t('money.ton.pay', { amount: moneyText(current.pay) }) : t('money.ton.title')}
      </Button>
    </section>
  );
}

/** After the wallet sent it: pending until the watcher sees it on the chain, then credited (or held). */
function TonPayProgress({ created, onAgain }: { created: TonDepositCreated; onAgain: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const deposit = useTonDeposit(created.depositId);
  const status = deposit.data?.status ?? created.status;
  const credited = status === 'credited';
  useGainWhen(credited);
  const shown = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!credited) return;
    void invalidateMoney(queryClient);
    // The reward moment in view, wherever the page was scrolled.
    shown.current?.scrollIntoView?.({ block: 'nearest' });
  }, [credited, queryClient]);

  if (credited && deposit.data?.credited) {
    return (
      <section
        className="card card--raised ton-pay ton-pay--credited"
        aria-labelledby="ton-pay-done"
        role="status"
      >
        <p className="ton-pay__gem" aria-hidden="true">
          💎
        </p>
        <h2 className="section-title" id="ton-pay-done">
          {t('money.ton.creditedTitle')}
        </h2>
        <p className="ton-pay__amount">{countedText(deposit.data.credited)}</p>
        <p>
          {t('money.ton.creditedBody', {
            kcash: countedText(deposit.data.credited),
            ton: moneyText(deposit.data.received ?? deposit.data.pay),
          })}
        </p>
        <div className="actions actions--stack">
          <Link className="button button--primary button--block" to="/k-store/">
            {t('money.ton.goToStore')}
          </Link>
          <Button variant="ghost" block onClick={onAgain}>
            {t('money.ton.again')}
          </Button>
        </div>
      </section>
    );
  }
  if (status === 'held') {
    return (
      <section className="card ton-pay" aria-labelledby="ton-pay-held">
        <h2 className="section-title" id="ton-pay-held">
          {t('money.ton.heldTitle')}
        </h2>
        <Notice tone="error">{t('money.ton.heldBody')}</Notice>
        <Button variant="primary" block onClick={onAgain}>
          {t('money.ton.again')}
        </Button>
      </section>
    );
  }
  return (
    <section className="card card--raised ton-pay" aria-labelledby="ton-pay-pending" aria-live="polite">
      <h2 className="section-title" id="ton-pay-pending">
        {t('money.ton.pendingTitle')}
      </h2>
      <p className="money-progress" role="status">
        <Spinner size="md" /> {t('money.ton.pendingBody', { amount: moneyText(created.pay) })}
      </p>
      <Summary
        rows={[
          { label: t('money.ton.memo'), value: created.memo },
          { label: t('money.ton.youPay'), value: moneyText(created.pay) },
          { label: t('money.ton.youReceive'), value: countedText(created.receive), total: true },
        ]}
      />
    </section>
  );
}
