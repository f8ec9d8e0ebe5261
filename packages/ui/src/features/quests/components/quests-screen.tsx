import '../../../components/money/money.css';
import '../quests.css';
import { QUEST_STATUSES, type QuestStatus, type UserQuestStatus } from '@khel/core/contract';
import { localized } from '@khel/core/domain';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BannerStrip } from '../../../components/banner-strip.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Page } from '../../../components/page.tsx';
import { EarnSwitch } from '../../../components/tasks/switch.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useQueryParams } from '../../../hooks/use-query-params.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { useMyQuests } from '../api/get-my-quests.ts';
import { useQuestFilters } from '../api/get-quest-filters.ts';
import { useQuests } from '../api/get-quests.ts';
import { useCommunityRedirect } from '../api/get-third-party-redirect.ts';
import { featuredFirst } from '../lib/quest-view.ts';
import { HubFollowButton } from './hub-follow-button.tsx';
import { QuestCard } from './quest-card.tsx';

const isStatus = (value: string | null): value is QuestStatus =>
  (QUEST_STATUSES as readonly string[]).includes(value ?? '');

export interface QuestsScreenProps {
  /** A partner hub's page (/k-quest/bullieverse, …): its banner with Follow / Following, and only its quests. */
  hubSlug?: string;
}

/**
 * /k-quest/ and the partner hub pages: featured quests first, chips by partner and status, search
 * (kept in the address: `?hub=`, `?status=`, `?search=`), with loading, error and empty states.
 */
export function QuestsScreen({ hubSlug }: QuestsScreenProps = {}) {
  useTextPart('quests');
  const { t, i18n } = useTranslation();
  const describeError = useErrorMessage();
  const signedIn = useIsSignedIn();
  const [params, setParams] = useQueryParams();
  // Sent by a partner's community client (?clientId=…&questId=…): back there after the phone sign-in.
  useCommunityRedirect(params.get('questId') ?? undefined);
  const hub = hubSlug ?? params.get('hub') ?? undefined;
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const game = params.get('game') ?? undefined;
  const search = params.get('search') ?? '';
  const deferredSearch = useDeferredValue(search.trim());
  const filters = useQuestFilters();
  const quests = useQuests({ hub, game, status, search: deferredSearch || undefined });
  const mine = useMyQuests({ enabled: signedIn });
  const progress = useMemo(() => {
    const map = new Map<string, UserQuestStatus>();
    for (const q of mine.data ?? []) map.set(q.quest.id, q.progress.status);
    return map;
  }, [mine.data]);
  const hubInfo = filters.data?.hubs.find((h) => h.slug === hub);
  const searchString = params.toString() ? `?${params.toString()}` : '';

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  const list = featuredFirst(quests.data?.quests ?? []);
  const featured = !status && !search ? list.filter((q) => q.featured) : [];
  const rest = featured.length > 0 ? list.filter((q) => !q.featured) : list;
  const title = hubInfo ? hubInfo.name : t('quests.title');

  return (
    <Page title={title}>
      {hubSlug && hubInfo ? (
        <header className="hub-banner" style={{ backgroundImage: `url(${hubInfo.bannerUrl})` }}>
          <img className="hub-banner__logo" src={hubInfo.logoUrl} alt="" />
          <div className="hub-banner__text">
            <h1 className="page-title hub-banner__title">{hubInfo.name}</h1>
            <p className="hub-banner__tagline">{localized(hubInfo, 'tagline', i18n.language)}</p>
          </div>
          <HubFollowButton hubSlug={hubInfo.slug} hubName={hubInfo.name} />
        </header>
      ) : (
        <>
          <EarnSwitch current="quests" />
          <header className="quests-hero">
            <h1 className="page-title">{hubSlug ? title : t('quests.title')}</h1>
            <p className="quests-hero__intro">{t('quests.intro')}</p>
          </header>
        </>
      )}
      {!hubSlug && <BannerStrip placement="k-quest" />}
      <div className="quest-filters">
        <label className="quest-search">
          <span className="visually-hidden">{t('quests.filters.search')}</span>
          <input
            type="search"
            className="field__control quest-search__input"
            placeholder={t('quests.filters.searchPlaceholder')}
            value={search}
            maxLength={60}
            onChange={(e) => setParam('search', e.target.value)}
          />
        </label>
        {!hubSlug && filters.data && filters.data.hubs.length > 0 && (
          <fieldset className="chips chips--scroll bare-fieldset">
            <legend className="visually-hidden">{t('quests.filters.hubs')}</legend>
            {[null, ...filters.data.hubs].map((h) => (
              <button
                key={h?.slug ?? 'all'}
                type="button"
                className="chip"
                aria-pressed={(hub ?? null) === (h?.slug ?? null)}
                onClick={() => setParam('hub', h?.slug ?? null)}
              >
                {h ? h.name : t('quests.filters.all')}
              </button>
            ))}
          </fieldset>
        )}
        <fieldset className="chips chips--scroll bare-fieldset">
          <legend className="visually-hidden">{t('quests.filters.statuses')}</legend>
          {[null, ...(filters.data?.statuses ?? QUEST_STATUSES)].map((s) => (
            <button
              key={s ?? 'all'}
              type="button"
              className="chip"
              aria-pressed={(status ?? null) === s}
              onClick={() => setParam('status', s)}
            >
              {s ? t(`quests.status.${s}`) : t('quests.filters.all')}
            </button>
          ))}
        </fieldset>
      </div>
      {quests.isPending && <LoadingState skeletonLines={4} />}
      {quests.isError && (
        <ErrorState message={describeError(quests.error)} onRetry={() => void quests.refetch()} />
      )}
      {quests.data &&
        (list.length === 0 ? (
          <EmptyState />
        ) : (
          <>
            {featured.length > 0 && (
              <section aria-labelledby="quests-featured" className="quest-section">
                <h2 id="quests-featured" className="quest-section__title">
                  {t('quests.featured')}
                </h2>
                <ul className="quest-grid quest-grid--featured">
                  {featured.map((q) => (
                    <li key={q.id}>
                      <QuestCard
                        quest={q}
                        mine={progress.get(q.id)}
                        search={searchString}
                        variant="featured"
                      />
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {rest.length > 0 && (
              <section aria-labelledby="quests-all" className="quest-section">
                <h2 id="quests-all" className="quest-section__title">
                  {hubInfo ? t('quests.hubQuests', { hub: hubInfo.name }) : t('quests.allQuests')}
                </h2>
                <ul className="quest-grid">
                  {rest.map((q) => (
                    <li key={q.id}>
                      <QuestCard quest={q} mine={progress.get(q.id)} search={searchString} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        ))}
    </Page>
  );
}
