import '../klash.css';
import { KLASH_LIST_STATUSES, type KlashListStatus } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useQueryParams } from '../../../hooks/use-query-params.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { Link } from '../../../routing/index.ts';
import { useMyMatches } from '../api/get-my-matches.ts';
import { useTournaments } from '../api/get-tournaments.ts';
import { tabFromSearch } from '../lib/klash-view.ts';
import { MatchCard } from './my-matches.tsx';
import { TournamentCard, TournamentSkeletons } from './tournament-card.tsx';

const TAB_ICONS: Record<KlashListStatus, string> = { upcoming: '📅', live: '🔴', past: '🏁' };

/** One tab's tournaments: skeletons, error with retry, the tab's empty text, "Load more". */
function TournamentList({ status }: { status: KlashListStatus }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const query = useTournaments(status);
  if (query.isPending) return <TournamentSkeletons />;
  if (query.isError)
    return <ErrorState message={describeError(query.error)} onRetry={() => void query.refetch()} />;
  const tournaments = query.data.pages.flatMap((p) => p.tournaments);
  if (tournaments.length === 0) return <EmptyState message={t(`klash.empty.${status}`)} />;
  return (
    <>
      <ul className="klash-grid">
        {tournaments.map((tournament) => (
          <li key={tournament.id}>
            <TournamentCard tournament={tournament} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="secondary"
          block
          className="klash-more"
          busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('klash.loadMore')}
        </Button>
      )}
    </>
  );
}

/** The signed-in user's matches waiting for a result, above the list (nothing when there are none). */
function OpenMatches() {
  const { t } = useTranslation();
  const matches = useMyMatches();
  const open = matches.data?.matches.filter((m) => m.state !== 'settled') ?? [];
  if (open.length === 0) return null;
  return (
    <section className="klash-section klash-open-matches" aria-labelledby="klash-open-matches">
      <h2 className="klash-section__title" id="klash-open-matches">
        ⚔ {t('klash.matches.listTitle')}
      </h2>
      <ul className="klash-matches">
        {open.map((match) => (
          <li key={match.id}>
            <MatchCard
              match={match}
              canReport={match.canReport}
              solo={match.tournament.mode === 'solo'}
              heading={<Link to={`/klash/${match.tournament.slug}`}>{match.tournament.title}</Link>}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Upcoming / Live / Past as tabs, the chosen one in the address (`?tab=live`). */
export function KlashTabs({ tab, onTab }: { tab: KlashListStatus; onTab: (tab: KlashListStatus) => void }) {
  const { t } = useTranslation();
  return (
    <div className="klash-tabs" role="tablist" aria-label={t('klash.tabs.label')}>
      {KLASH_LIST_STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          role="tab"
          id={`klash-tab-${status}`}
          aria-controls="klash-tab-panel"
          aria-selected={tab === status}
          className="klash-tabs__tab"
          onClick={() => onTab(status)}
        >
          <span aria-hidden="true">{TAB_ICONS[status]}</span>
          {t(`klash.tabs.${status}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * /klash, /klash/ and /tournaments/: the tournaments as cards under Upcoming, Live and Past tabs, and a
 * signed-in user's open matches (with Report result) above them.
 */
export function KlashScreen() {
  useTextPart('klash');
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const [params, setParams] = useQueryParams();
  const tab = tabFromSearch(params);
  const choose = (next: KlashListStatus) => {
    const query = new URLSearchParams(params);
    if (next === 'upcoming') query.delete('tab');
    else query.set('tab', next);
    setParams(query, { replace: true });
  };
  return (
    <Page title={t('klash.title')}>
      <header className="klash-hero">
        <h1 className="page-title">{t('klash.heroTitle')}</h1>
        <p className="klash-hero__intro">{t('klash.intro')}</p>
      </header>
      {signedIn && <OpenMatches />}
      <KlashTabs tab={tab} onTab={choose} />
      <div id="klash-tab-panel" role="tabpanel" aria-labelledby={`klash-tab-${tab}`}>
        <TournamentList key={tab} status={tab} />
      </div>
    </Page>
  );
}
