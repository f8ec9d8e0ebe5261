import '../../../components/money/money.css';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeletionState } from '../../../api/deletion-request.ts';
import { DeletionPendingNotice } from '../../../components/deletion-pending-notice.tsx';
import { BalancesCard } from '../../../components/money/balances-card.tsx';
import { MoneyNav } from '../../../components/money/money-nav.tsx';
import { Page } from '../../../components/page.tsx';
import { useQueryParams } from '../../../hooks/use-query-params.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import type { PrimaryActionListener } from '../../../lib/primary-action.ts';
import { useNavigate } from '../../../routing/index.ts';
import { BuyForm } from './buy-form.tsx';
import { DepositStatus } from './deposit-status.tsx';

export interface BuyKcashScreenProps {
  /** Told the form's main action (Continue, Pay …), for Telegram's MainButton. */
  onPrimaryAction?: PrimaryActionListener;
}

/**
 * /buy-kcash/: the balances with 1 USDT = 1,000 K-Cash, then buying K-Cash (USDT, INR via UPI, BRL
 * via PIX) with the quote before confirming; `?deposit=<id>` shows that payment's progress. The website's
 * screen: the Mini App buys with Stars and TON instead (StarsBuyKcashScreen; docs/economy.md).
 */
export function BuyKcashScreen({ onPrimaryAction }: BuyKcashScreenProps = {}) {
  useTextPart('money');
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useQueryParams();
  const depositId = search.get('deposit');
  // The API refuses deposits while a deletion is pending (409 DELETION_PENDING): say so up front.
  const deletion = useDeletionState();
  const deletionDueAt = deletion.data?.status === 'pending' ? (deletion.data.dueAt ?? '') : null;
  return (
    <Page title={t('money.buy.title')} width="medium">
      <h1 className="page-title">{t('money.buy.title')}</h1>
      <MoneyNav />
      <BalancesCard hint />
      {depositId ? (
        <DepositStatus key={depositId} depositId={depositId} onTryAgain={() => navigate('/buy-kcash/')} />
      ) : deletionDueAt !== null ? (
        <Suspense fallback={null}>
          <DeletionPendingNotice dueAt={deletionDueAt} place="buy" />
        </Suspense>
      ) : (
        <>
          <p className="money-intro">{t('money.buy.intro')}</p>
          <BuyForm onPrimaryAction={onPrimaryAction} />
        </>
      )}
    </Page>
  );
}
