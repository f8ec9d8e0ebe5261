import '../users.css';
import { formatDateTime } from '@khel/core/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { Link } from '../../../routing/index.ts';
import { useMyActivity } from '../api/users-requests.ts';

const ICONS = {
  quest_completed: '🎯',
  campaign_entered: '🎁',
  clan_joined: '🛡️',
  pog_minted: '🪪',
  earning_collected: '💰',
} as const;

/** The profile's activity timeline: what the user did that the server verified, newest first, a page at a time. */
export function ProfileActivity() {
  useTextPart('users');
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const activity = useMyActivity(page);
  return (
    <section className="card profile-section" aria-labelledby="activity-title">
      <h2 className="section-title" id="activity-title">
        {t('users.activity.title')}
      </h2>
      {activity.isPending ? (
        <LoadingState />
      ) : activity.isError ? (
        <ErrorState onRetry={() => void activity.refetch()} />
      ) : activity.data.items.length === 0 && page === 1 ? (
        <EmptyState />
      ) : (
        <>
          <ol className="activity-list">
            {activity.data.items.map((item) => (
              <li key={`${item.kind}:${item.at}:${item.title}`} className="activity-item">
                <span className="activity-item__icon" aria-hidden="true">
                  {ICONS[item.kind]}
                </span>
                <span className="activity-item__text">
                  <span>
                    {t(`users.activity.kind.${item.kind}`)}{' '}
                    {item.path ? <Link to={item.path}>{item.title}</Link> : <strong>{item.title}</strong>}
                    {item.amount ? ` · ${item.amount} K-Cash` : ''}
                  </span>
                  <time className="activity-item__time" dateTime={item.at}>
                    {formatDateTime(item.at, { language: i18n.language })}
                  </time>
                </span>
              </li>
            ))}
          </ol>
          <div className="actions">
            {page > 1 && (
              <Button variant="ghost" size="small" onClick={() => setPage(page - 1)}>
                {t('users.activity.newer')}
              </Button>
            )}
            {!activity.data.isLastPage && (
              <Button variant="secondary" size="small" onClick={() => setPage(page + 1)}>
                {t('users.activity.older')}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
