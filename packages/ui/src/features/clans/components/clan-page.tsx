import type { ClanDetail, ClanStatus, ClanSummary } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { numberText } from '../../../lib/display-locale.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { Link } from '../../../routing/index.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useCancelClanRequest } from '../api/cancel-clan-request.ts';
import { useClan } from '../api/get-clan.ts';
import { useClanPogScores } from '../api/get-clan-pog-scores.ts';
import { useClanStats } from '../api/get-clan-stats.ts';
import { useClanStatus } from '../api/get-clan-status.ts';
import { useJoinClan } from '../api/join-clan.ts';
import { waitingPeriodOf } from '../lib/clan-view.ts';
import { Avatar, MemberCount, TierBadge, TierProgress, useCountryName, WaitNotice } from './clan-bits.tsx';
import { ClanMembersList } from './clan-members-list.tsx';

/** The join side of a clan's page: Join / Request to join / Cancel request, or why not. */
export function ClanJoinBox({
  clan,
  signedIn,
  status,
}: {
  clan: ClanDetail;
  signedIn: boolean;
  status: ClanStatus | undefined;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const openModal = useUiStore((s) => s.openModal);
  const join = useJoinClan();
  const cancel = useCancelClanRequest();
  if (!signedIn)
    return (
      <Button variant="primary" block onClick={() => openModal('login')} data-action="sign-in">
        {t('clans.page.signIn')}
      </Button>
    );
  if (clan.viewerRole !== 'Gamer')
    return (
      <div className="clan-join clan-join--member">
        <Notice tone="success">
          {clan.viewerRole === 'Chief' ? t('clans.page.youAreChief') : t('clans.page.youAreMember')}
        </Notice>
        <Link
          className="button button--secondary button--block"
          to={clan.viewerRole === 'Chief' ? '/clan-chief' : '/my-clan'}
        >
          {clan.viewerRole === 'Chief' ? t('clans.my.manage') : t('clans.page.openMyClan')}
        </Link>
      </div>
    );
  if (status?.clan) return <Notice tone="info">{t('clans.page.inOtherClan')}</Notice>;
  const joinedNow = join.data?.status === 'ACTIVE';
  if (joinedNow) return <Notice tone="success">{t('clans.page.joined', { name: clan.clanName })}</Notice>;
  const pending = clan.viewerRequestPending || (join.data?.status === 'PENDING' && !cancel.isSuccess);
  const waitDate = status?.rules.minDateToJoinClanAfterLeaving;
  const earlyWait =
    waitDate && Date.parse(waitDate) > Date.now() ? { kind: 'join' as const, date: waitDate } : null;
  const wait = waitingPeriodOf(join.error, 'join') ?? earlyWait;
  const full = clan.memberCount >= clan.memberCap;
  if (pending)
    return (
      <div className="clan-join">
        <Notice tone="info">{t('clans.page.requested')}</Notice>
        <Button
          variant="secondary"
          block
          busy={cancel.isPending}
          onClick={() => cancel.mutate(clan.id, { onSuccess: () => join.reset() })}
          data-action="cancel-request"
        >
          {t('clans.page.cancelRequest')}
        </Button>
        {cancel.isError && <Notice tone="error">{describeError(cancel.error)}</Notice>}
      </div>
    );
  return (
    <div className="clan-join">
      {wait && <WaitNotice wait={wait} />}
      {full && <Notice tone="info">{t('clans.page.full')}</Notice>}
      <Button
        variant="primary"
        block
        busy={join.isPending}
        disabled={full || wait !== null}
        onClick={() => join.mutate(clan.id)}
        data-action={clan.joinPolicy === 'OPEN' ? 'join' : 'request'}
      >
        {clan.joinPolicy === 'OPEN' ? t('clans.page.join') : t('clans.page.request')}
      </Button>
      {join.isError && !waitingPeriodOf(join.error, 'join') && (
        <Notice tone="error">{describeError(join.error)}</Notice>
      )}
    </div>
  );
}

/** Score, rank, quests and campaigns, active members; then the POG scores (0 until POG exists). */
function ClanStatsPanel({ clanId }: { clanId: string }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const stats = useClanStats(clanId);
  const pog = useClanPogScores(clanId);
  return (
    <>
      <section className="card clan-section" aria-labelledby="clan-stats">
        <h2 className="clan-section__title" id="clan-stats">
          {t('clans.page.stats')}
        </h2>
        {stats.isPending ? (
          <LoadingState skeletonLines={2} />
        ) : stats.isError ? (
          <ErrorState message={describeError(stats.error)} onRetry={() => void stats.refetch()} />
        ) : (
          <dl className="clan-stats">
            <div>
              <dt>{t('clans.page.score')}</dt>
              <dd data-stat="score">{numberText(stats.data.score)}</dd>
            </div>
            <div>
              <dt>{t('clans.page.rank')}</dt>
              <dd data-stat="rank">{stats.data.rank ? `#${stats.data.rank}` : t('clans.page.unranked')}</dd>
            </div>
            <div>
              <dt>{t('clans.page.questsCompleted')}</dt>
              <dd>{stats.data.questsCompleted}</dd>
            </div>
            <div>
              <dt>{t('clans.page.campaignsFinished')}</dt>
              <dd>{stats.data.campaignsFinished}</dd>
            </div>
            <div>
              <dt>{t('clans.page.active')}</dt>
              <dd>{stats.data.activeMembers7d}</dd>
            </div>
          </dl>
        )}
      </section>
      <section className="card clan-section" aria-labelledby="clan-pog">
        <h2 className="clan-section__title" id="clan-pog">
          {t('clans.page.pog')}
        </h2>
        <p className="clan-section__hint">{t('clans.page.pogHint')}</p>
        {pog.isPending ? (
          <LoadingState skeletonLines={1} />
        ) : pog.isError ? (
          <ErrorState message={describeError(pog.error)} onRetry={() => void pog.refetch()} />
        ) : (
          <ul className="pog-scores">
            {pog.data.scores.map((s) => (
              <li key={s.category} className={`pog-score pog-score--${s.category.toLowerCase()}`}>
                <span className="pog-score__value">{numberText(s.score)}</span>
                <span className="pog-score__label">{t(`clans.page.pogCategory.${s.category}`)}</span>
              </li>
            ))}
            <li className="pog-score pog-score--total">
              <span className="pog-score__value" data-stat="pog-total">
                {pog.data.total}
              </span>
              <span className="pog-score__label">{t('clans.page.pogTotal')}</span>
            </li>
          </ul>
        )}
      </section>
    </>
  );
}

/** The banner with the logo, name, tier, place and policy. */
export function ClanHero({ clan }: { clan: ClanSummary }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return (
    <header className={`clan-hero clan-hero--${clan.tier.toLowerCase()}`}>
      <div
        className="clan-hero__banner"
        style={clan.bannerImage ? { backgroundImage: `url("${clan.bannerImage}")` } : undefined}
      />
      <div className="clan-hero__row">
        <Avatar src={clan.clanLogo} name={clan.clanName} size="large" shape="shield" />
        <div className="clan-hero__text">
          <h1 className="page-title clan-hero__name" id="clan-title">
            {clan.clanName}
          </h1>
          <p className="clan-hero__meta">
            <TierBadge tier={clan.tier} />
            <span>{t('clans.page.location', { city: clan.city, country: countryName(clan.country) })}</span>
            <span className={`clan-policy clan-policy--${clan.joinPolicy.toLowerCase()}`}>
              {t(`clans.policy.${clan.joinPolicy}`)}
            </span>
          </p>
        </div>
      </div>
    </header>
  );
}

/** A clan's page (`/discover-clan?clanId=<id>`, where invites land). */
export function ClanView({ clan, signedIn }: { clan: ClanDetail; signedIn: boolean }) {
  const { t } = useTranslation();
  const status = useClanStatus({ enabled: signedIn });
  return (
    <article className="clan-page" aria-labelledby="clan-title">
      <ClanHero clan={clan} />
      <div className="clan-layout">
        <div className="clan-main">
          <section className="card clan-section" aria-labelledby="clan-about">
            <h2 className="clan-section__title" id="clan-about">
              {t('clans.page.about')}
            </h2>
            <p className="clan-description">{clan.description || t('clans.page.noDescription')}</p>
            <p className="clan-chief">
              <Avatar src={clan.chief.avatarUrl} name={clan.chief.displayName} size="small" />
              <span>
                {t('clans.page.chief')}: <strong>{clan.chief.displayName}</strong>
              </span>
            </p>
            <TierProgress score={clan.score} />
          </section>
          <ClanStatsPanel clanId={clan.id} />
          <section className="card clan-section" aria-labelledby="clan-members">
            <h2 className="clan-section__title" id="clan-members">
              {t('clans.page.members')}
            </h2>
            <ClanMembersList clanId={clan.id} />
          </section>
        </div>
        <aside className="card clan-side">
          <MemberCount count={clan.memberCount} cap={clan.memberCap} />
          <ClanJoinBox clan={clan} signedIn={signedIn} status={status.data} />
        </aside>
      </div>
    </article>
  );
}

/** Loads the clan of `clanId` and shows its page, or not-found, loading and error states. */
export function ClanPageById({ clanId }: { clanId: string | null }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const signedIn = useIsSignedIn();
  const clan = useClan(clanId);
  const notFound = !clanId || (clan.isError && isApiError(clan.error) && clan.error.status === 404);
  if (notFound) return <EmptyState message={t('clans.page.notFound')} />;
  if (clan.isPending) return <LoadingState skeletonLines={5} />;
  if (clan.isError)
    return <ErrorState message={describeError(clan.error)} onRetry={() => void clan.refetch()} />;
  return <ClanView clan={clan.data} signedIn={signedIn} />;
}
