import '../clans.css';
import type { ClanSummary } from '@khel/core/contract';
import { type ReactNode, useEffect, useState } from 'react';
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
import { useClans } from '../api/get-clans.ts';
import { useRecommendedClans } from '../api/get-recommended-clans.ts';
import { useClanSearch } from '../api/search-clans.ts';
import { clanIdFromSearch } from '../lib/clan-view.ts';
import { ClanCard, ClanSkeletons } from './clan-card.tsx';
import { ClanPageById } from './clan-page.tsx';

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function ClanGrid({ clans }: { clans: ClanSummary[] }) {
  return (
    <ul className="clan-grid">
      {clans.map((c) => (
        <li key={c.id}>
          <ClanCard clan={c} />
        </li>
      ))}
    </ul>
  );
}

type PagedClans = ReturnType<typeof useClans>;

/** A paginated list: skeletons, error with retry, the SPEC §2 empty text (or `empty`), "Load more". */
function PagedClanList({ query, empty }: { query: PagedClans; empty?: React.ReactNode }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  if (query.isPending) return <ClanSkeletons />;
  if (query.isError)
    return <ErrorState message={describeError(query.error)} onRetry={() => void query.refetch()} />;
  const clans = query.data.pages.flatMap((p) => p.clans);
  if (clans.length === 0) return <>{empty ?? <EmptyState />}</>;
  return (
    <>
      <ClanGrid clans={clans} />
      {query.hasNextPage && (
        <Button
          variant="secondary"
          block
          className="clan-more"
          busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('clans.discover.loadMore')}
        </Button>
      )}
    </>
  );
}

function Recommended() {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const recommended = useRecommendedClans({ enabled: true });
  return (
    <section className="clan-block" aria-labelledby="clans-recommended">
      <h2 className="clan-block__title" id="clans-recommended">
        {t('clans.discover.recommended')}
        <span className="clan-block__hint">{t('clans.discover.recommendedHint')}</span>
      </h2>
      {recommended.isPending ? (
        <ClanSkeletons count={2} />
      ) : recommended.isError ? (
        <ErrorState message={describeError(recommended.error)} onRetry={() => void recommended.refetch()} />
      ) : recommended.data.clans.length === 0 ? (
        <EmptyState />
      ) : (
        <ClanGrid clans={recommended.data.clans} />
      )}
    </section>
  );
}

/** The clan list with search; recommendations for a signed-in user (a prop, so tests render it signed in). */
export function ClanFinder({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim().slice(0, 30), SEARCH_DEBOUNCE_MS);
  const search = useClanSearch(q);
  const all = useClans({ enabled: q.length === 0 });
  return (
    <>
      <header className="clans-hero">
        <h1 className="page-title">{t('clans.discover.title')}</h1>
        <p className="clans-hero__intro">{t('clans.discover.intro')}</p>
        <Link className="button button--secondary clans-hero__cta" to="/clan-chief">
          {t('clans.discover.becomeChief')}
        </Link>
      </header>
      <search className="clan-search">
        <label className="visually-hidden" htmlFor="clan-search">
          {t('clans.discover.searchLabel')}
        </label>
        <input
          id="clan-search"
          className="field__control clan-search__input"
          type="search"
          maxLength={30}
          placeholder={t('clans.discover.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label={t('clans.discover.searchLabel')}
        />
      </search>
      {q ? (
        <section className="clan-block" aria-labelledby="clans-results">
          <h2 className="clan-block__title" id="clans-results">
            {t('clans.discover.results', { q })}
          </h2>
          <PagedClanList
            query={search}
            empty={
              <EmptyState
                message={t('clans.discover.noResults', { q })}
                action={
                  <Link className="button button--primary" to="/clan-chief">
                    {t('clans.discover.becomeChief')}
                  </Link>
                }
              />
            }
          />
        </section>
      ) : (
        <>
          {signedIn ? <Recommended /> : <p className="clan-block__hint">{t('clans.discover.signInHint')}</p>}
          <section className="clan-block" aria-labelledby="clans-all">
            <h2 className="clan-block__title" id="clans-all">
              {t('clans.discover.all')}
            </h2>
            <PagedClanList query={all} />
          </section>
        </>
      )}
    </>
  );
}

/**
 * /discover-clan: clans picked for the user (signed in), search by name (debounced), every clan with
 * "Load more"; with `?clanId=<id>` (website invites; the Mini App's startapp=clan_<id>) the clan's page.
 * `gamerSearch`: the apps' gamer look-up (@khel/ui/users GamerClanFinder), shown above the clans when signed in.
 */
export function DiscoverClanScreen({ gamerSearch }: { gamerSearch?: ReactNode } = {}) {
  useTextPart('clans');
  const { t } = useTranslation();
  const [params] = useQueryParams();
  const signedIn = useIsSignedIn();
  const hasClan = params.has('clanId');
  const clanId = clanIdFromSearch(params);
  return (
    <Page title={t('clans.discover.title')}>
      {hasClan ? (
        <>
          <Link className="back-link" to="/discover-clan">
            ← {t('clans.page.back')}
          </Link>
          <ClanPageById clanId={clanId} />
        </>
      ) : (
        <>
          {signedIn && gamerSearch}
          <ClanFinder signedIn={signedIn} />
        </>
      )}
    </Page>
  );
}
