import '../pog.css';
import type { PogDashboard, PogMintStatus } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { numberText } from '../../../lib/display-locale.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { Link, useNavigate } from '../../../routing/index.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useMintStatus } from '../api/get-mint-status.ts';
import { useMyPog } from '../api/get-my-pog.ts';
import { useMintBack } from '../api/go-back.ts';
import { boostPercent, showcasePath, variantProgress } from '../lib/pog-view.ts';
import { SlotBuyButtons } from './mint-states.tsx';
import { cardLookOf, PogCardBig, ScoreBars } from './pog-card.tsx';
import { BadgeGrid, MintRecord, ScoreRadar } from './pog-stats.tsx';
import { type PogScreenOptions, ShareButtons } from './share-buttons.tsx';

/** Total, variant and "N more points to <next variant>", with a bar. */
export function VariantProgress({ dashboard }: { dashboard: PogDashboard }) {
  const { t } = useTranslation();
  const share = variantProgress(dashboard.total);
  return (
    <div className="pog-variant-progress" data-variant={dashboard.variant}>
      <div className="pog-variant-progress__head">
        <span className="pog-total">
          <strong>{numberText(dashboard.total)}</strong>
          <span>{t('pog.score.total')}</span>
        </span>
        <span className="pog-variant-pill" data-variant={dashboard.variant}>
          {t('pog.dashboard.variantLabel', { variant: t(`pog.variant.${dashboard.variant}`) })}
        </span>
      </div>
      <div className="pog-progress__bar pog-progress__bar--thin" aria-hidden="true">
        <span className="pog-progress__fill" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p className="pog-variant-progress__next">
        {dashboard.nextVariant
          ? t('pog.dashboard.toNext', {
              count: dashboard.nextVariant.pointsNeeded,
              variant: t(`pog.variant.${dashboard.nextVariant.variant}`),
            })
          : t('pog.dashboard.top')}
      </p>
    </div>
  );
}

/** Avatar edit: a slot in hand starts the edit; else buy one with K-Cash or rKHEL. */
function AvatarEdit({ status }: { status: PogMintStatus }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const back = useMintBack();
  const navigate = useNavigate();
  const toMint = () => navigate('/pog/mint');
  if (status.state !== 'Minted')
    return (
      <section className="card pog-panel" aria-labelledby="pog-edit">
        <h2 className="pog-panel__title" id="pog-edit">
          🎨 {t('pog.dashboard.edit')}
        </h2>
        <Link className="button button--primary" to="/pog/mint">
          {t('pog.dashboard.continueMint')}
        </Link>
      </section>
    );
  return (
    <section className="card pog-panel" aria-labelledby="pog-edit">
      <h2 className="pog-panel__title" id="pog-edit">
        🎨 {t('pog.dashboard.edit')}
      </h2>
      <p className="pog-muted">{t('pog.dashboard.editText')}</p>
      {status.slots > 0 ? (
        <>
          <p>{t('pog.dashboard.slots', { count: status.slots })}</p>
          <Button
            variant="primary"
            busy={back.isPending}
            onClick={() => back.mutate('AvatarCategorySelection', { onSuccess: toMint })}
          >
            {t('pog.dashboard.useSlot')}
          </Button>
          {back.isError && <Notice tone="error">{describeError(back.error)}</Notice>}
        </>
      ) : (
        <SlotBuyButtons status={status} onBought={toMint} />
      )}
    </section>
  );
}

/** The scores: the variant's progress, the radar and the bars, and when they were scored. */
function ScoresPanel({ dashboard }: { dashboard: PogDashboard }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  return (
    <section className="card pog-panel" aria-labelledby="pog-scores">
      <h2 className="pog-panel__title" id="pog-scores">
        {t('pog.score.title')}
      </h2>
      <VariantProgress dashboard={dashboard} />
      <div className="pog-scores">
        <ScoreRadar scores={dashboard.scores} />
        <ScoreBars scores={dashboard.scores} />
      </div>
      {dashboard.scoredAt && (
        <p className="pog-muted pog-small">
          {t('pog.dashboard.scoredAt', { date: formatDate(dashboard.scoredAt) })}
        </p>
      )}
    </section>
  );
}

/** The rewards boost the card gives, if any. */
function BoostPanel({ boostBasisPoints }: { boostBasisPoints: PogDashboard['boostBasisPoints'] }) {
  const { t } = useTranslation();
  const percent = boostPercent(boostBasisPoints);
  return (
    <section
      className={`card pog-panel pog-boost${percent > 0 ? ' pog-boost--on' : ''}`}
      aria-labelledby="pog-boost"
    >
      <h2 className="pog-panel__title" id="pog-boost">
        ⚡ {t('pog.dashboard.boostTitle')}
      </h2>
      {percent > 0 ? (
        <p className="pog-boost__value">{t('pog.dashboard.boost', { percent })}</p>
      ) : (
        <p>{t('pog.dashboard.noBoost')}</p>
      )}
    </section>
  );
}

/** The dashboard of a user with a minted card. */
export function MyPogView({
  dashboard,
  status,
  openShare,
}: { dashboard: PogDashboard; status: PogMintStatus | undefined } & PogScreenOptions) {
  const { t } = useTranslation();
  const card = dashboard.card;
  const minted = Boolean(card?.mint);
  return (
    <div className="pog-dashboard">
      <div className="pog-dashboard__card">
        {card && (
          <PogCardBig
            look={{
              ...cardLookOf(card),
              scores: dashboard.scores,
              total: dashboard.total,
              variant: dashboard.variant,
            }}
          />
        )}
        {card && (
          <div className="pog-dashboard__links">
            <Link className="button button--secondary button--small" to={showcasePath(card.name)}>
              🪪 {t('pog.dashboard.showcase')}
            </Link>
          </div>
        )}
      </div>
      <div className="pog-dashboard__main">
        <ScoresPanel dashboard={dashboard} />
        <BoostPanel boostBasisPoints={dashboard.boostBasisPoints} />
        <section className="card pog-panel" aria-labelledby="pog-badges">
          <h2 className="pog-panel__title" id="pog-badges">
            🎖 {t('pog.badge.title')}
          </h2>
          <BadgeGrid badges={dashboard.badges} />
        </section>
        {minted && card && (
          <section className="card pog-panel" aria-labelledby="pog-share">
            <h2 className="pog-panel__title" id="pog-share">
              {t('pog.share.title')}
            </h2>
            <ShareButtons mine openShare={openShare} />
          </section>
        )}
        {minted && status && <AvatarEdit status={status} />}
        {card?.mint && (
          <section className="card pog-panel" aria-labelledby="pog-record">
            <h2 className="pog-panel__title" id="pog-record">
              ⛓ {t('pog.dashboard.mintRecord')}
            </h2>
            <MintRecord mint={card.mint} />
          </section>
        )}
      </div>
    </div>
  );
}

/** No card yet: the scores the user would mint with, and the way to the mint. */
function NoCard({ dashboard, status }: { dashboard?: PogDashboard; status?: PogMintStatus | undefined }) {
  const { t } = useTranslation();
  const started = Boolean(status?.cardId);
  return (
    <div className="pog-nocard">
      <section className="pog-empty">
        <span className="pog-empty__art" aria-hidden="true">
          🪪✨
        </span>
        <h2>{t('pog.dashboard.noCardTitle')}</h2>
        <p>{t('pog.dashboard.noCardText')}</p>
        <Link className="button button--primary pog-cta" to="/pog/mint">
          🪙 {started ? t('pog.dashboard.continueMint') : t('pog.home.mint')}
        </Link>
      </section>
      {dashboard && (
        <section className="card pog-panel" aria-labelledby="pog-scores">
          <h2 className="pog-panel__title" id="pog-scores">
            {t('pog.score.title')}
          </h2>
          <VariantProgress dashboard={dashboard} />
          <div className="pog-scores">
            <ScoreRadar scores={dashboard.scores} />
            <ScoreBars scores={dashboard.scores} />
          </div>
        </section>
      )}
    </div>
  );
}

/**
 * /my-pog: the card (front/back), the five scores as a radar and bars, total, variant and the points to
 * the next, badges and how to earn the missing ones, the earnings boost, avatar edit with a slot, share,
 * the mint record and the showcase link.
 */
export function MyPogScreen({ openShare, ...props }: PogScreenOptions = {}) {
  useTextPart('pog');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const session = useIsSignedIn();
  const signedIn = props.signedIn ?? session;
  const openModal = useUiStore((s) => s.openModal);
  const dashboard = useMyPog();
  const status = useMintStatus();
  return (
    <Page title={t('pog.dashboard.title')}>
      <h1 className="page-title">{t('pog.dashboard.title')}</h1>
      {!signedIn ? (
        <section className="pog-empty">
          <span className="pog-empty__art" aria-hidden="true">
            🪪
          </span>
          <p>{t('pog.mint.signIn')}</p>
          <Button variant="primary" onClick={() => openModal('login')}>
            {t('pog.signIn')}
          </Button>
        </section>
      ) : dashboard.isPending ? (
        <LoadingState skeletonLines={6} />
      ) : dashboard.isError ? (
        <ErrorState message={describeError(dashboard.error)} onRetry={() => void dashboard.refetch()} />
      ) : dashboard.data.card?.mint ? (
        <MyPogView dashboard={dashboard.data} status={status.data} openShare={openShare} />
      ) : (
        <NoCard dashboard={dashboard.data} status={status.data} />
      )}
    </Page>
  );
}
