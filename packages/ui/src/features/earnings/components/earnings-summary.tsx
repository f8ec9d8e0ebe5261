import type { EarningsAggregate } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { kcashAmount } from '../lib/earning-money.ts';

const OTHERS = ['distributing', 'collected', 'failed', 'expired'] as const;

/** Collect all takes what is ready and retries what failed. */
export const collectableCount = (aggregate: EarningsAggregate | undefined): number =>
  aggregate ? aggregate.counts.readyToCollect + aggregate.counts.failed : 0;

/** The aggregate cards: ready to collect (with Collect all), distributing, collected, failed, expired. */
export function EarningsSummary({
  aggregate,
  onCollectAll,
}: {
  aggregate: EarningsAggregate;
  onCollectAll: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="earnings-summary" aria-label={t('earnings.summary.label')}>
      <div className="card card--raised earnings-summary__ready">
        <p className="earnings-summary__label">{t('earnings.summary.readyToCollect')}</p>
        <p className="earnings-summary__amount earnings-summary__amount--large">
          {t('earnings.kcash', { amount: kcashAmount(aggregate.readyToCollect) })}
        </p>
        <p className="earnings-summary__count">
          {t('earnings.summary.count', { count: aggregate.counts.readyToCollect })}
        </p>
        {collectableCount(aggregate) > 0 && (
          <Button variant="primary" block onClick={onCollectAll}>
            {t('earnings.actions.collectAll')}
          </Button>
        )}
      </div>
      <ul className="earnings-summary__grid">
        {OTHERS.map((key) => (
          <li
            key={key}
            className={`card earnings-summary__card earnings-summary__card--${key}${aggregate.counts[key] > 0 ? ' earnings-summary__card--some' : ''}`}
          >
            <p className="earnings-summary__label">{t(`earnings.summary.${key}`)}</p>
            <p className="earnings-summary__amount">
              {t('earnings.kcash', { amount: kcashAmount(aggregate[key]) })}
            </p>
            <p className="earnings-summary__count">
              {t('earnings.summary.count', { count: aggregate.counts[key] })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
