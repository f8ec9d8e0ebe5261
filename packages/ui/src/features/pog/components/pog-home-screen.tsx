import '../pog.css';
import { POG_FEEDS, POG_REFERRAL_KPOINTS, type PogFeed, type PogMintStatus } from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { CopyField } from '../../../components/copy-field.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { Link } from '../../../routing/index.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useMintStatus } from '../api/get-mint-status.ts';
import { usePogFeed, usePogFeedPages } from '../api/get-pog-feed.ts';
import { usePogReferrals } from '../api/get-pog-referrals.ts';
import { shareIntentUrl, showcasePath } from '../lib/pog-view.ts';
import { cardLookOf, PogCardBig, PogCardTile } from './pog-card.tsx';
import type { PogScreenOptions } from './share-buttons.tsx';

/** Skeleton tiles while a feed loads. */
function FeedSkeleton({ count = 4 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div className="pog-grid" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="pog-tile pog-tile--skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}

/** A feed's cards, or its loading, error and empty states. */
export function PogFeedGrid({
  feed,
  highlighted = false,
  strip = false,
  limit = 20,
}: {
  feed: PogFeed;
  highlighted?: boolean;
  strip?: boolean;
  limit?: number;
}) {
  const describeError = useErrorMessage();
  const query = usePogFeed(feed, { highlighted, limit });
  if (query.isPending) return <FeedSkeleton count={strip ? 3 : 4} />;
  if (query.isError)
    return <ErrorState message={describeError(query.error)} onRetry={() => void query.refetch()} />;
  if (query.data.cards.length === 0) return <EmptyState />;
  return (
    <div className={strip ? 'pog-strip' : 'pog-grid'}>
      {query.data.cards.map((card) => (
        <PogCardTile key={card.id} card={card} />
      ))}
    </div>
  );
}

/** A feed tab's cards a page at a time, with "Load more" until the last card. */
export function PogFeedPages({ feed }: { feed: PogFeed }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const query = usePogFeedPages(feed);
  if (query.isPending) return <FeedSkeleton />;
  if (query.isError)
    return <ErrorState message={describeError(query.error)} onRetry={() => void query.refetch()} />;
  const cards = query.data.pages.flatMap((page) => page.cards);
  if (cards.length === 0) return <EmptyState />;
  return (
    <>
      <div className="pog-grid">
        {cards.map((card) => (
          <PogCardTile key={card.id} card={card} />
        ))}
      </div>
      {query.hasNextPage && (
        <div className="pog-more">
          <Button
            variant="secondary"
            busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('pog.home.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}

/** The hero: the user's card (or the way to it), else the call to mint. */
function PogHero({ status, signedIn }: { status: PogMintStatus | undefined; signedIn: boolean }) {
  const { t } = useTranslation();
  const openModal = useUiStore((s) => s.openModal);
  const card = status?.card;
  const minted = status?.state === 'Minted' || Boolean(status?.mint);
  return (
    <section
      className={`pog-hero${card && minted ? ' pog-hero--mine' : ''}`}
      aria-labelledby="pog-hero-title"
    >
      <div className="pog-hero__text">
        <p className="pog-hero__eyebrow">{t('pog.home.eyebrow')}</p>
        <h1 className="pog-hero__title" id="pog-hero-title">
          {t('pog.home.title')}
        </h1>
        <p className="pog-hero__lead">{t('pog.home.lead')}</p>
        <p className="pog-hero__boost">⚡ {t('pog.home.boost')}</p>
        <div className="pog-hero__actions">
          {!signedIn ? (
            <Button variant="primary" className="pog-cta" onClick={() => openModal('login')}>
              {t('pog.home.visitorCta')}
            </Button>
          ) : minted ? (
            <Link className="button button--primary pog-cta" to="/my-pog">
              {t('pog.home.myCard')}
            </Link>
          ) : status?.state === 'MintInProgress' ? (
            <Link className="button button--primary pog-cta" to="/pog/mint">
              {t('pog.home.minting')}
            </Link>
          ) : (
            <Link className="button button--primary pog-cta" to="/pog/mint">
              🪙 {status?.cardId ? t('pog.home.continueMint') : t('pog.home.mint')}
            </Link>
          )}
          <Link className="button button--ghost" to="/pog/leaderboard">
            🏆 {t('pog.home.leaderboard')}
          </Link>
        </div>
      </div>
      <div className="pog-hero__card">
        {card ? (
          <PogCardBig look={{ ...cardLookOf(card), avatarUrl: status?.avatarUrl ?? card.avatarUrl }} />
        ) : (
          <div className="pog-hero__sample" aria-hidden="true">
            {(['Legendary', 'Epic', 'Rare'] as const).map((variant, i) => (
              <div
                key={variant}
                className="pog-card pog-card--ghost"
                data-variant={variant}
                style={{ '--i': i } as React.CSSProperties}
              >
                <div className="pog-face pog-face--front">
                  <div className="pog-face__top">
                    <span className="pog-variant">{t(`pog.variant.${variant}`)}</span>
                  </div>
                  <div className="pog-face__art">
                    <span className="pog-avatar pog-avatar--empty">
                      {/* A drawn mark, not a "?" glyph: a glyph this large would be the page's largest
                          paint, after the scripts, instead of the hero painted from index.html. */}
                      <svg
                        className="pog-avatar__mark"
                        viewBox="0 0 24 24"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="3"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                        focusable="false"
                        aria-hidden="true"
                      >
                        <path d="M8.5 8.5a3.5 3.5 0 1 1 5.2 3.1c-1 .6-1.7 1.4-1.7 2.6v.8" />
                        <path d="M12 19h.01" />
                      </svg>
                    </span>
                  </div>
                  <div className="pog-face__plate">
                    <strong className="pog-face__name">POG</strong>
                  </div>
                </div>
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

/** Feed tabs legendary / hottest / my clan (SPEC §2). */
function FeedTabs({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const openModal = useUiStore((s) => s.openModal);
  const [feed, setFeed] = useState<PogFeed>('legendary');
  const clan = usePogFeedPages('clan', { enabled: feed === 'clan' });
  const noClan =
    isApiError(clan.error) &&
    (clan.error.status === 403 || clan.error.status === 404 || clan.error.status === 409);
  return (
    <section className="pog-section" aria-labelledby="pog-feeds">
      <h2 className="pog-section__title" id="pog-feeds">
        {t('pog.home.feeds')}
      </h2>
      <div className="pog-tabs" role="tablist" aria-label={t('pog.home.feeds')}>
        {POG_FEEDS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            className="pog-tab"
            aria-selected={id === feed}
            onClick={() => setFeed(id)}
          >
            {t(`pog.home.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {feed === 'clan' && !signedIn ? (
          <EmptyState
            message={t('pog.home.clanSignIn')}
            action={
              <Button variant="primary" onClick={() => openModal('login')}>
                {t('pog.signIn')}
              </Button>
            }
          />
        ) : feed === 'clan' && noClan ? (
          <EmptyState
            message={t('pog.home.noClan')}
            action={
              <Link className="button button--secondary" to="/discover-clan">
                {t('pog.home.findClan')}
              </Link>
            }
          />
        ) : (
          <PogFeedPages key={feed} feed={feed} />
        )}
      </div>
    </section>
  );
}

type PogReferrals = NonNullable<ReturnType<typeof usePogReferrals>['data']>;

/** The referral figures, the links to copy and share, and the friends invited (✓ once they minted). */
function ReferralsBody({ referrals: r, openShare }: { referrals: PogReferrals } & PogScreenOptions) {
  const { t } = useTranslation();
  const { platform } = useApi();
  const copy = {
    copyLabel: t('pog.referrals.copy'),
    copiedLabel: t('pog.referrals.copied'),
    failedLabel: t('pog.referrals.copyFailed'),
  };
  const link = platform === 'telegram' ? (r.miniAppUrl ?? r.webUrl) : r.webUrl;
  const text = t('pog.referrals.shareText');
  const share = (target: string) => {
    if (openShare) openShare(target);
    else window.open(target, '_blank', 'noopener,noreferrer');
  };
  return (
    <>
      <p className="pog-section__lead">
        {t('pog.referrals.lead', { reward: r.rewardPerMint || String(POG_REFERRAL_KPOINTS) })}
      </p>
      <dl className="pog-stats">
        <div>
          <dt>{t('pog.referrals.invited')}</dt>
          <dd>{r.invited}</dd>
        </div>
        <div>
          <dt>{t('pog.referrals.minted')}</dt>
          <dd>{r.minted}</dd>
        </div>
        <div>
          <dt>{t('pog.referrals.earned')}</dt>
          <dd>{r.kpointsEarned}</dd>
        </div>
      </dl>
      <CopyField label={t('pog.referrals.webLink')} value={r.webUrl} {...copy} />
      {r.miniAppUrl && <CopyField label={t('pog.referrals.miniAppLink')} value={r.miniAppUrl} {...copy} />}
      <div className="pog-share__row">
        {(['telegram', 'whatsapp', 'x'] as const).map((channel) => (
          <button
            key={channel}
            type="button"
            className={`pog-share__button pog-share__button--${channel}`}
            onClick={() => share(shareIntentUrl(channel, link, text))}
          >
            {t(`pog.share.${channel}`)}
          </button>
        ))}
        {typeof navigator !== 'undefined' && typeof navigator.share === 'function' && (
          <button
            type="button"
            className="pog-share__button pog-share__button--more"
            onClick={() => void navigator.share({ url: link, text }).catch(() => {})}
          >
            {t('pog.share.more')}
          </button>
        )}
      </div>
      {r.friends.length > 0 && (
        <ul className="pog-friends" aria-label={t('pog.referrals.friends')}>
          {r.friends.map((f) => (
            <li key={`${f.displayName}-${f.name ?? ''}`}>
              <span>{f.displayName}</span>
              {f.minted && f.name ? (
                <Link to={showcasePath(f.name)}>✓ {t('pog.referrals.friendMinted')}</Link>
              ) : (
                <span className="pog-muted">{t('pog.referrals.friendPending')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Invite friends: the links to copy and share, who minted, K-Points earned. */
function Referrals({ openShare, signedIn }: PogScreenOptions & { signedIn: boolean }) {
  const { t } = useTranslation();
  const referrals = usePogReferrals();
  const describeError = useErrorMessage();
  if (!signedIn) return null;
  return (
    <section className="pog-section card pog-referrals" aria-labelledby="pog-referrals">
      <h2 className="pog-section__title" id="pog-referrals">
        🎁 {t('pog.referrals.title')}
      </h2>
      {referrals.isPending ? (
        <div className="skeleton" aria-hidden="true">
          <span className="skeleton__line" />
          <span className="skeleton__line" />
        </div>
      ) : referrals.isError ? (
        <ErrorState message={describeError(referrals.error)} onRetry={() => void referrals.refetch()} />
      ) : (
        <ReferralsBody referrals={referrals.data} openShare={openShare} />
      )}
    </section>
  );
}

/**
 * /pog: the POG home and marketplace: the hero with the user's card or the call to mint, "Legendary
 * POGs" (highlighted) and "Hottest POGs", the feed tabs, referrals and the ways to the leaderboard and
 * the showcase. Visitors browse; acting asks them to sign in.
 */
export function PogHomeScreen({ openShare, ...props }: PogScreenOptions = {}) {
  useTextPart('pog');
  const { t } = useTranslation();
  const session = useIsSignedIn();
  const signedIn = props.signedIn ?? session;
  const status = useMintStatus();
  const name = status.data?.card?.name ?? null;
  return (
    <Page title={t('pog.title')}>
      <PogHero status={status.data} signedIn={signedIn} />
      <section className="pog-section" aria-labelledby="pog-legendary">
        <div className="pog-section__head">
          <h2 className="pog-section__title" id="pog-legendary">
            👑 {t('pog.home.legendary')}
          </h2>
          <span className="pog-chip">{t('pog.home.highlighted')}</span>
        </div>
        <PogFeedGrid feed="legendary" highlighted strip limit={10} />
      </section>
      <section className="pog-section" aria-labelledby="pog-hottest">
        <h2 className="pog-section__title" id="pog-hottest">
          🔥 {t('pog.home.hottest')}
        </h2>
        <PogFeedGrid feed="all" highlighted strip limit={10} />
      </section>
      <FeedTabs signedIn={signedIn} />
      <div className="pog-links">
        <Link className="pog-link-card" to="/pog/leaderboard">
          <span aria-hidden="true">🏆</span>
          <strong>{t('pog.home.leaderboard')}</strong>
          <span>{t('pog.home.leaderboardText')}</span>
        </Link>
        <Link className="pog-link-card" to={name ? showcasePath(name) : '/my-pog'}>
          <span aria-hidden="true">🪪</span>
          <strong>{t('pog.home.showcase')}</strong>
          <span>{t('pog.home.showcaseText')}</span>
        </Link>
      </div>
      <Referrals openShare={openShare} signedIn={signedIn} />
    </Page>
  );
}
