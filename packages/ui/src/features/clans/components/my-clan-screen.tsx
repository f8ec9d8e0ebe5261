import '../clans.css';
import type { ClanDetail, ClanStatus } from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { Link } from '../../../routing/index.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useClan } from '../api/get-clan.ts';
import { useClanStatus } from '../api/get-clan-status.ts';
import { useLeaveClan } from '../api/leave-clan.ts';
import { TierProgress } from './clan-bits.tsx';
import { ClanDashboardPanel } from './clan-dashboard-grid.tsx';
import { ClanInvite, type ClanShareOptions } from './clan-invite.tsx';
import { ClanLeaderboards } from './clan-leaderboards.tsx';
import { ClanMembersList } from './clan-members-list.tsx';
import { ClanHero } from './clan-page.tsx';
import { ClanWarCard } from './clan-war-card.tsx';

/** No clan yet: an inviting empty state with the way to a clan and to leading one. */
export function NoClan({ status }: { status?: ClanStatus | undefined }) {
  const { t } = useTranslation();
  const pending = status?.pendingRequests[0];
  return (
    <section className="clan-empty">
      <span className="clan-empty__art" aria-hidden="true">
        🛡️⚔️
      </span>
      <h1 className="page-title">{t('clans.my.emptyTitle')}</h1>
      <p className="clan-empty__text">{t('clans.my.emptyText')}</p>
      {pending && <Notice tone="info">{t('clans.my.pending', { name: pending.clanName })}</Notice>}
      <div className="button-row clan-empty__actions">
        <Link className="button button--primary" to="/discover-clan">
          {t('clans.my.find')}
        </Link>
        <Link className="button button--secondary" to="/clan-chief">
          {t('clans.my.start')}
        </Link>
      </div>
    </section>
  );
}

function LeavePanel({ clan, status }: { clan: ClanDetail; status: ClanStatus }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const leave = useLeaveClan();
  const [confirming, setConfirming] = useState(false);
  if (status.role === 'Chief')
    return (
      <Notice tone="info" as="div" className="clan-leave">
        <p>{t('clans.my.chiefLeave')}</p>
        <Link className="button button--secondary" to="/clan-chief">
          {t('clans.my.manage')}
        </Link>
      </Notice>
    );
  return (
    <div className="clan-leave">
      {confirming ? (
        <div className="confirm-inline">
          <span>
            {t('clans.my.leaveConfirm', {
              name: clan.clanName,
              count: status.rules.minDaysToJoinClanAfterLeaving,
            })}
          </span>
          <Button variant="danger" size="small" busy={leave.isPending} onClick={() => leave.mutate()}>
            {t('clans.my.confirmLeave')}
          </Button>
          <Button variant="ghost" size="small" onClick={() => setConfirming(false)}>
            {t('clans.dashboard.cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          {t('clans.my.leave')}
        </Button>
      )}
      {leave.isError && <Notice tone="error">{describeError(leave.error)}</Notice>}
    </div>
  );
}

/** The clan as its member sees it. */
export function MyClanView({
  clan,
  status,
  openShare,
}: { clan: ClanDetail; status: ClanStatus } & ClanShareOptions) {
  const { t } = useTranslation();
  return (
    <article className="my-clan" aria-labelledby="clan-title">
      <ClanHero clan={clan} />
      <div className="clan-layout">
        <div className="clan-main">
          <ClanWarCard />
          <section className="card clan-section" aria-labelledby="my-clan-tier">
            <h2 className="clan-section__title" id="my-clan-tier">
              {t('clans.my.tier')}
            </h2>
            <TierProgress score={clan.score} />
          </section>
          <section className="card clan-section" aria-labelledby="my-clan-dashboard">
            <h2 className="clan-section__title" id="my-clan-dashboard">
              {t('clans.my.dashboard')} · {t(`clans.dashboardType.${clan.dashboardType}`)}
            </h2>
            <ClanDashboardPanel />
          </section>
          <ClanLeaderboards />
        </div>
        <aside className="clan-side-stack">
          {status.role === 'Chief' && (
            <Link className="button button--primary button--block" to="/clan-chief">
              👑 {t('clans.my.manage')}
            </Link>
          )}
          <section className="card clan-section" aria-labelledby="my-clan-members">
            <h2 className="clan-section__title" id="my-clan-members">
              {t('clans.my.members')} · {clan.memberCount}/{clan.memberCap}
            </h2>
            <ClanMembersList clanId={clan.id} />
          </section>
          <section className="card clan-section" aria-labelledby="my-clan-invite">
            <h2 className="clan-section__title" id="my-clan-invite">
              {t('clans.dashboard.invite')}
            </h2>
            <ClanInvite clan={clan} openShare={openShare} />
          </section>
          <LeavePanel clan={clan} status={status} />
        </aside>
      </div>
    </article>
  );
}

/** /my-clan/ once the status is known: the clan, or the way to one. */
export function MyClanLoaded({ status, openShare }: { status: ClanStatus } & ClanShareOptions) {
  const describeError = useErrorMessage();
  const clan = useClan(status.clan?.id ?? null);
  if (!status.clan) return <NoClan status={status} />;
  if (clan.isPending) return <LoadingState skeletonLines={5} />;
  if (clan.isError)
    return <ErrorState message={describeError(clan.error)} onRetry={() => void clan.refetch()} />;
  return <MyClanView clan={clan.data} status={status} openShare={openShare} />;
}

/**
 * /my-clan/: the weekly clan war, members, tier progress ("N more points to Gold"), the clan dashboard (k_quest or k_drop),
 * the leaderboard tabs, invite links and leave. Without a clan: the way to /discover-clan and /clan-chief.
 */
export function MyClanScreen({ openShare }: ClanShareOptions = {}) {
  useTextPart('clans');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const signedIn = useIsSignedIn();
  const openModal = useUiStore((s) => s.openModal);
  const status = useClanStatus({ enabled: signedIn });
  return (
    <Page title={t('clans.my.title')}>
      {!signedIn ? (
        <>
          <NoClan />
          <Button variant="primary" onClick={() => openModal('login')}>
            {t('clans.chief.signInButton')}
          </Button>
        </>
      ) : status.isPending ? (
        <LoadingState skeletonLines={5} />
      ) : status.isError ? (
        <ErrorState message={describeError(status.error)} onRetry={() => void status.refetch()} />
      ) : (
        <MyClanLoaded status={status.data} openShare={openShare} />
      )}
    </Page>
  );
}
