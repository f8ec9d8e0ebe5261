import type { WalletBalance } from '@khel/core/contract';
import { formatMoneyAmount } from '@khel/core/format';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../api/get-balance.ts';
import { useErrorMessage } from '../../hooks/use-error-message.ts';
import { displayLanguage } from '../../lib/display-locale.ts';
import { countedText } from '../../lib/money-text.ts';
import { ErrorState } from '../error-state.tsx';
import { Spinner } from '../spinner.tsx';

/** The user's balances: K-Cash (bought and earned), USDT, rKHEL and K-Points, with 1 USDT = 1,000 K-Cash. */
export function BalancesView({ balance, hideUsdt = false }: { balance: WalletBalance; hideUsdt?: boolean }) {
  const { t } = useTranslation();
  const usdt = !hideUsdt || balance.usdt.amount !== '0';
  return (
    <>
      <p className="balances__total" data-testid="kcash-total">
        {countedText(balance.kcashTotal)}
      </p>
      <p className="balances__split">
        {t('money.balances.kcashBought')} {countedText(balance.kcashBought)} ·{' '}
        {t('money.balances.kcashEarned')} {countedText(balance.kcashEarned)}
      </p>
      <dl className="balances__grid">
        {usdt && (
          <div className="balances__cell">
            <dt>{t('money.balances.usdt')}</dt>
            <dd data-testid="usdt-balance">{formatMoneyAmount(balance.usdt, displayLanguage())}</dd>
          </div>
        )}
        <div className="balances__cell">
          <dt>{t('money.balances.rkhel')}</dt>
          <dd>{formatMoneyAmount(balance.rkhel, displayLanguage())}</dd>
        </div>
        <div className="balances__cell">
          <dt>{t('money.balances.kpoints')}</dt>
          <dd>{formatMoneyAmount(balance.kpoints, displayLanguage())}</dd>
        </div>
      </dl>
    </>
  );
}

/**
 * GET /wallets/balance as a card; `hint` adds the note that only earned K-Cash is collectable. `hideUsdt`
 * (the Mini App's money screens: crypto there is TON only) leaves out the USDT rule and an empty USDT balance.
 */
export function BalancesCard({ hint = false, hideUsdt = false }: { hint?: boolean; hideUsdt?: boolean }) {
  const { t } = useTranslation();
  const balance = useBalance();
  const describeError = useErrorMessage();
  return (
    <section className="card card--raised balances" aria-labelledby="balances-title">
      <div className="balances__head">
        <h2 className="balances__title" id="balances-title">
          {t('money.balances.title')}
        </h2>
        {!hideUsdt && <p className="balances__rule">{t('money.balances.rule')}</p>}
      </div>
      {balance.isPending && (
        <p className="balances__split" role="status">
          <Spinner size="sm" /> {t('common.loading')}
        </p>
      )}
      {balance.isError && (
        <ErrorState message={describeError(balance.error)} onRetry={() => void balance.refetch()} />
      )}
      {balance.data && <BalancesView balance={balance.data} hideUsdt={hideUsdt} />}
      {hint && <p className="balances__hint">{t('money.balances.earnedHint')}</p>}
    </section>
  );
}
