import '../earnings.css';
import { EARNING_DISPLAY_STATUSES } from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { type EarningDisplayStatus, useEarnings } from '../api/get-earnings.ts';
import { useEarningsAggregate } from '../api/get-earnings-aggregate.ts';
import { useCollectFlow } from '../hooks/use-collect-flow.ts';
import {
  type EarningsPrimaryAction,
  useEarningsPrimaryAction,
} from '../hooks/use-earnings-primary-action.ts';
import { CollectDialog } from './collect-dialog.tsx';
import { EarningItem } from './earning-item.tsx';
import { EarningsSummary } from './earnings-summary.tsx';

export type { EarningsPrimaryAction } from '../hooks/use-earnings-primary-action.ts';

export interface CollectEarningsScreenProps {
  /** Told the main action whenever it changes (null while there is none). */
  onPrimaryAction?: (action: EarningsPrimaryAction | null) => void;
}

/**
 * /collect-earnings: totals per status, the earnings list (paginated, filtered by SPEC §3 display
 * status), and collecting one or all: a confirmation with gross, TDS and net (GET tax-info), the POST
 * with an Idempotency-Key, the bank payout's progress, the receipt or the failure.
 */
export function CollectEarningsScreen({ onPrimaryAction }: CollectEarningsScreenProps = {}) {
  useTextPart('earnings');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const aggregate = useEarningsAggregate();
  const [filter, setFilter] = useState<EarningDisplayStatus | null>(null);
  const list = useEarnings(filter);
  const flow = useCollectFlow();
  const earnings = list.data?.pages.flatMap((p) => p.list) ?? [];

  useEarningsPrimaryAction(onPrimaryAction, flow, aggregate.data);

  return (
    <Page title={t('earnings.title')} width="medium">
      <h1 className="page-title">{t('earnings.title')}</h1>
      <p className="earnings-intro">{t('earnings.intro')}</p>
      {aggregate.isPending && <LoadingState label={t('earnings.loading')} skeletonLines={3} />}
      {aggregate.isError && (
        <ErrorState message={describeError(aggregate.error)} onRetry={() => void aggregate.refetch()} />
      )}
      {aggregate.data && (
        <EarningsSummary aggregate={aggregate.data} onCollectAll={() => flow.open({ earningId: null })} />
      )}

      <section className="earnings-list" aria-labelledby="earnings-list-title">
        <h2 className="section-title" id="earnings-list-title">
          {t('earnings.list.title')}
        </h2>
        <fieldset className="earnings-filter">
          <legend className="visually-hidden">{t('earnings.filter.label')}</legend>
          {[null, ...EARNING_DISPLAY_STATUSES].map((status) => (
            <button
              key={status ?? 'all'}
              type="button"
              className={`earnings-filter__chip${filter === status ? ' earnings-filter__chip--active' : ''}`}
              aria-pressed={filter === status}
              onClick={() => setFilter(status)}
            >
              {status ? t(`earnings.status.${status}`) : t('earnings.filter.all')}
            </button>
          ))}
        </fieldset>
        {list.isPending && <LoadingState skeletonLines={3} />}
        {list.isError && (
          <ErrorState message={describeError(list.error)} onRetry={() => void list.refetch()} />
        )}
        {list.isSuccess && earnings.length === 0 && <EmptyState />}
        {earnings.length > 0 && (
          <ul className="earnings-list__items">
            {earnings.map((earning) => (
              <EarningItem
                key={earning.id}
                earning={earning}
                onCollect={(id) => flow.open({ earningId: id })}
              />
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <Button
            variant="ghost"
            block
            busy={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('earnings.list.loadMore')}
          </Button>
        )}
      </section>
      {flow.target && <CollectDialog flow={flow} />}
    </Page>
  );
}
