import '../pog.css';
import type { PogCard } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { couldBeUsername, useGamerByUsername } from '../../../api/get-gamer-by-username.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { Link, useLocation } from '../../../routing/index.ts';
import { useMintStatus } from '../api/get-mint-status.ts';
import { usePogShowcase } from '../api/get-pog-showcase.ts';
import { showcaseUsername } from '../lib/pog-view.ts';
import { LikeButton } from './like-button.tsx';
import { cardLookOf, PogCardBig, ScoreBars } from './pog-card.tsx';
import { BadgeGrid, MintRecord, ScoreRadar } from './pog-stats.tsx';
import { type PogScreenOptions, ShareButtons } from './share-buttons.tsx';

/** One card big: flip, scores, badges, likes, the mint record, share, and "Mint yours" for others. */
export function ShowcaseView({ card, mine, openShare }: { card: PogCard; mine: boolean } & PogScreenOptions) {
  const { t } = useTranslation();
  return (
    <article className="pog-showcase" data-variant={card.variant} aria-labelledby="pog-showcase-title">
      <div className="pog-showcase__card">
        <PogCardBig look={cardLookOf(card)} />
        <div className="pog-showcase__likes">
          <LikeButton card={card} />
          {card.clan && (
            <span className="pog-chip">
              🛡 {t('pog.showcase.clan')}: {card.clan.name}
            </span>
          )}
        </div>
      </div>
      <div className="pog-showcase__info">
        <h1 className="page-title" id="pog-showcase-title">
          {t('pog.showcase.title', { name: card.name })}
        </h1>
        <p className="pog-showcase__meta">
          <span className="pog-variant-pill" data-variant={card.variant}>
            {t(`pog.variant.${card.variant}`)}
          </span>
          <strong>
            {card.total} {t('pog.score.total')}
          </strong>
          <span>{card.rank ? t('pog.card.rank', { rank: card.rank }) : t('pog.card.unranked')}</span>
        </p>
        {!mine && (
          <div className="pog-mint-yours">
            <p>{t('pog.showcase.visitorLead')}</p>
            <Link className="button button--primary pog-cta" to="/pog/mint">
              🪙 {t('pog.showcase.mintYours')}
            </Link>
          </div>
        )}
        <section className="card pog-panel" aria-labelledby="pog-showcase-scores">
          <h2 className="pog-panel__title" id="pog-showcase-scores">
            {t('pog.score.title')}
          </h2>
          <div className="pog-scores">
            <ScoreRadar scores={card.scores} />
            <ScoreBars scores={card.scores} />
          </div>
        </section>
        <section className="card pog-panel" aria-labelledby="pog-showcase-badges">
          <h2 className="pog-panel__title" id="pog-showcase-badges">
            {t('pog.showcase.badges')}
          </h2>
          <BadgeGrid badges={card.badges} showHow={mine} />
        </section>
        <section className="card pog-panel" aria-labelledby="pog-showcase-record">
          <h2 className="pog-panel__title" id="pog-showcase-record">
            ⛓ {t('pog.dashboard.mintRecord')}
          </h2>
          <MintRecord mint={card.mint} />
        </section>
        <section className="card pog-panel" aria-labelledby="pog-showcase-share">
          <h2 className="pog-panel__title" id="pog-showcase-share">
            {t('pog.share.title')}
          </h2>
          <ShareButtons
            mine={mine}
            url={card.showcaseUrl}
            text={t('pog.showcase.title', { name: card.name })}
            openShare={openShare}
          />
        </section>
      </div>
    </article>
  );
}

/**
 * A name that is no POG card's may be a gamer's username (links and the `pog_<username>` deep link carry
 * either): GET /users/by-username finds the gamer, whose minted card is then shown, or says they have none.
 */
function GamerCard({
  username,
  notFound,
  openShare,
}: { username: string; notFound: Error } & PogScreenOptions) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const gamer = useGamerByUsername(username);
  const cardName = gamer.data?.pogName ?? null;
  const card = usePogShowcase(cardName);
  const status = useMintStatus();
  const notAnyone = !couldBeUsername(username) || (isApiError(gamer.error) && gamer.error.status === 404);
  if (notAnyone)
    return (
      <EmptyState
        message={describeError(notFound)}
        action={
          <Link className="button button--primary" to="/pog">
            {t('pog.title')}
          </Link>
        }
      />
    );
  if (gamer.isPending) return <LoadingState skeletonLines={5} />;
  if (gamer.isError)
    return <ErrorState message={describeError(gamer.error)} onRetry={() => void gamer.refetch()} />;
  if (!cardName)
    return (
      <EmptyState
        message={t('pog.showcase.noCardYet', { name: gamer.data.displayName })}
        action={
          <Link className="button button--primary pog-cta" to="/pog/mint">
            🪙 {t('pog.showcase.mintYours')}
          </Link>
        }
      />
    );
  if (card.isPending) return <LoadingState skeletonLines={5} />;
  if (card.isError)
    return <ErrorState message={describeError(card.error)} onRetry={() => void card.refetch()} />;
  return (
    <>
      <p className="pog-showcase__alias">
        {t('pog.showcase.playsAs', { username: gamer.data.username ?? username, name: card.data.name })}
      </p>
      <ShowcaseView
        card={card.data}
        mine={Boolean(status.data?.card && status.data.card.id === card.data.id)}
        openShare={openShare}
      />
    </>
  );
}

/** /pog-showcase?username=<name>: one card, for anyone with the link; a gamer's username leads to their card. */
export function PogShowcaseScreen({ openShare }: PogScreenOptions = {}) {
  useTextPart('pog');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const username = showcaseUsername(useLocation().search);
  const card = usePogShowcase(username);
  const status = useMintStatus();
  const mine = Boolean(card.data && status.data?.card && status.data.card.id === card.data.id);
  const noSuchCard = isApiError(card.error) && card.error.status === 404 ? card.error : null;
  return (
    <Page title={card.data ? t('pog.showcase.title', { name: card.data.name }) : t('pog.home.showcase')}>
      {!username ? (
        <EmptyState
          message={t('pog.showcase.noName')}
          action={
            <Link className="button button--primary" to="/pog">
              {t('pog.title')}
            </Link>
          }
        />
      ) : card.isPending ? (
        <LoadingState skeletonLines={5} />
      ) : noSuchCard ? (
        <GamerCard username={username} notFound={noSuchCard} openShare={openShare} />
      ) : card.isError ? (
        <ErrorState message={describeError(card.error)} onRetry={() => void card.refetch()} />
      ) : (
        <ShowcaseView card={card.data} mine={mine} openShare={openShare} />
      )}
    </Page>
  );
}
