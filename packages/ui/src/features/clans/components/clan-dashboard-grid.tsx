import type { ClanDashboard } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useClanDashboard } from '../api/get-clan-dashboard.ts';
import { Avatar } from './clan-bits.tsx';

function cellOf(member: ClanDashboard['members'][number], itemId: string) {
  if (member.finished.includes(itemId)) return 'finished' as const;
  if (member.started.includes(itemId)) return 'started' as const;
  return 'notStarted' as const;
}

const CELL_GLYPH = { finished: '✓', started: '…', notStarted: '·' } as const;

/** The clan dashboard: members × clan quests (k_quest) or × live campaigns (k_drop), each cell a state. */
export function ClanDashboardGrid({ dashboard }: { dashboard: ClanDashboard }) {
  const { t } = useTranslation();
  if (dashboard.items.length === 0)
    return (
      <EmptyState
        message={
          dashboard.type === 'k_quest'
            ? t('clans.my.dashboardEmptyQuests')
            : t('clans.my.dashboardEmptyCampaigns')
        }
      />
    );
  return (
    <div className="clan-grid-table" data-type={dashboard.type}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('clans.my.member')}</th>
            {dashboard.items.map((item) => (
              <th key={item.id} scope="col" title={item.title}>
                <span className="clan-grid-table__item">{item.title}</span>
                <span className="clan-grid-table__count">
                  {item.finished}✓ · {item.started}…
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dashboard.members.map((m) => (
            <tr key={m.userId}>
              <th scope="row">
                <span className="clan-grid-table__member">
                  <Avatar src={m.avatarUrl} name={m.displayName} size="small" />
                  {m.displayName}
                </span>
              </th>
              {dashboard.items.map((item) => {
                const cell = cellOf(m, item.id);
                return (
                  <td key={item.id} className={`cell cell--${cell}`}>
                    <span aria-hidden="true">{CELL_GLYPH[cell]}</span>
                    <span className="visually-hidden">{t(`clans.my.${cell}`)}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Loads the dashboard of the user's clan. */
export function ClanDashboardPanel() {
  const describeError = useErrorMessage();
  const dashboard = useClanDashboard();
  if (dashboard.isPending) return <LoadingState skeletonLines={3} />;
  if (dashboard.isError)
    return <ErrorState message={describeError(dashboard.error)} onRetry={() => void dashboard.refetch()} />;
  return <ClanDashboardGrid dashboard={dashboard.data} />;
}
