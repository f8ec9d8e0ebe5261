import type { Earning } from '@khel/core/contract';
import { toCardEntityLabel } from '@khel/core/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { currentLanguage, translateApiMessage } from '../../../i18n/index.ts';
import { kcashAmount } from '../lib/earning-money.ts';

/** SPEC §3 display status badge, translated. */
export function EarningStatusBadge({ status }: { status: Earning['displayStatus'] }) {
  const { t } = useTranslation();
  return (
    <span className={`earning-status earning-status--${status.toLowerCase()}`} data-status={status}>
      {t(`earnings.status.${status}`)}
    </span>
  );
}

const isCollectable = (earning: Earning) =>
  earning.displayStatus === 'READY_TO_COLLECT' || earning.displayStatus === 'FAILED';

/** One earning: entity label (K-QUEST, K-DROP, CLAN CHIEF), title, amount, status, dates, and Collect. */
export function EarningItem({ earning, onCollect }: { earning: Earning; onCollect: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const entity = earning.entityLabel || toCardEntityLabel(earning.source);
  const when =
    earning.displayStatus === 'COLLECTED' && (earning.creditedAt ?? earning.collectedAt)
      ? t('earnings.list.collectedOn', {
          date: formatDateTime(earning.creditedAt ?? earning.collectedAt ?? ''),
        })
      : earning.displayStatus === 'READY_TO_COLLECT' && earning.expiresAt
        ? t('earnings.list.expiresOn', { date: formatDateTime(earning.expiresAt) })
        : t('earnings.list.earnedOn', { date: formatDateTime(earning.createdAt) });
  return (
    <li className={`card earning earning--${earning.displayStatus.toLowerCase()}`}>
      <div className="earning__top">
        <span className="earning__entity">{entity}</span>
        <EarningStatusBadge status={earning.displayStatus} />
      </div>
      <p className="earning__title">{earning.title}</p>
      <p className="earning__amount">{t('earnings.kcash', { amount: kcashAmount(earning.amount) })}</p>
      {earning.boost && (
        <p className="earning__boost">
          {t('earnings.boosted', {
            percent: (earning.boost.basisPoints - 10_000) / 100,
            base: kcashAmount(earning.boost.baseAmount),
          })}
        </p>
      )}
      <p className="earning__meta">{when}</p>
      {earning.displayStatus === 'FAILED' && earning.failureReason && (
        <p className="earning__reason">
          {t('earnings.list.failedReason', {
            reason: translateApiMessage(
              earning.failureReasonCode,
              earning.failureReason,
              currentLanguage(i18n),
            ),
          })}
        </p>
      )}
      {isCollectable(earning) && (
        <Button variant="secondary" block className="earning__collect" onClick={() => onCollect(earning.id)}>
          {earning.displayStatus === 'FAILED'
            ? t('earnings.actions.collectAgain')
            : t('earnings.actions.collect')}
        </Button>
      )}
    </li>
  );
}
