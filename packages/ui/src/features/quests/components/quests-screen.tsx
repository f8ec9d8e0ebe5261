import '../../../components/money/money.css';
import '../quests.css';
import {
  QUEST_REWARD_KINDS,
  QUEST_STATUSES,
  type Quest,
  type QuestHub,
  type QuestRewardKind,
  type QuestStatus,
  type UserQuestStatus,
} from '@khel/core/contract';
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
import { QuestFilters } from './quest-filters.tsx';

const isStatus = (value: string | null): value is QuestStatus =>
  (QUEST_STATUSES as readonly string[]).includes(value ?? '');
const isReward = (value: string | null): value is QuestRewardKind =>
  (QUEST_REWARD_KINDS as readonly string[]).includes(value ?? '');

export interface QuestsScreenProps {
  /** A partner hub's page (/k-quest/bullieverse, …): its banner with Follow / Following, and only its quests. */
  hubSlug?: string;
}

/** A hub page's banner with Follow / Following, or the quests' hero. */
function QuestsHeader({
  hubSlug,
  hubInfo,
  title,
}: {
  hubSlug: string | undefined;
  hubInfo: QuestHub | undefined;
  title: string;
}) {
  const { t, i18n } = useTranslation();
  if (hubSlug && hubInfo)
    return (
      <header className="hub-banner" style={{ backgroundImage: `url(${hubInfo.bannerUrl})` }}>
        <img className="hub-banner__logo" src={hubInfo.logoUrl} alt="" />
        <div className="hub-banner__text">
          <h1 className="page-title hub-banner__title">{hubInfo.name}</h1>
          <p className="hub-banner__tagline">{localized(hubInfo, 'tagline', i18n.language)}</p>
        </div>
        <HubFollowButton hubSlug={hubInfo.slug} hubName={hubInfo.name} />
      </header>
    );
  return (
    <>
      <EarnSwitch current="quests" />
      <header className="quests-hero">
        <h1 className="page-title">{hubSlug ? title : t('quests.title')}</h1>
        <p className="quests-hero__intro">{t('quests.intro')}</p>
      </header>
    </>
  );
}

/** Featured quests, then the rest (a hub's, or all). */
function QuestSections({
  list,
  featured,
  progress,
  search,
  hubName,
}: {
  list: Quest[];
  featured: Quest[];
  progress: Map<string, UserQuestStatus>;
  search: string;
  hubName: string | undefined;
}) {
  const { t } = useTranslation();
  const rest = featured.length > 0 ? list.filter((q) => !q.featured) : list;
  if (list.length === 0) return <EmptyState />;
  return (
    <>
      {featured.length > 0 && (
        <section aria-labelledby="quests-featured" className="quest-section">
          <h2 id="quests-featured" className="quest-section__title">
            {t('quests.featured')}
          </h2>
          <ul className="quest-grid quest-grid--featured">
            {featured.map((q) => (
              <li key={q.id}>
                <QuestCard quest={q} mine={progress.get(q.id)} search={search} variant="featured" />
              </li>
            ))}
          </ul>
        </section>
      )}
      {rest.length > 0 && (
        <section aria-labelledby="quests-all" className="quest-section">
          <h2 id="quests-all" className="quest-section__title">
            {hubName !== undefined ? t('quests.hubQuests', { hub: hubName }) : t('quests.allQuests')}
          </h2>
          <ul className="quest-grid">
            {rest.map((q) => (
              <li key={q.id}>
                <QuestCard quest={q} mine={progress.get(q.id)} search={search} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * /k-quest/ and the partner hub pages: featured quests first, chips by partner and status, search
 * (kept in the address: `?hub=`, `?status=`, `?reward=`, `?search=`), with loading, error and empty states.
 */
export function QuestsScreen({ hubSlug }: QuestsScreenProps = {}) {
  useTextPart('quests');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const signedIn = useIsSignedIn();
  const [params, setParams] = useQueryParams();
  // Sent by a partner's community client (?clientId=…&questId=…): back there after the phone sign-in.
  useCommunityRedirect(params.get('questId') ?? undefined);
  const hub = hubSlug ?? params.get('hub') ?? undefined;
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const game = params.get('game') ?? undefined;
  const rawReward = params.get('reward');
  const reward = isReward(rawReward) ? rawReward : undefined;
  const search = params.get('search') ?? '';
  const deferredSearch = useDeferredValue(search.trim());
  const filters = useQuestFilters();
  const quests = useQuests({ hub, game, status, reward, search: deferredSearch || undefined });
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
  const featured = !status && !search && !reward ? list.filter((q) => q.featured) : [];
  const title = hubInfo ? hubInfo.name : t('quests.title');

  return (
    <Page title={title}>
      <QuestsHeader hubSlug={hubSlug} hubInfo={hubInfo} title={title} />
      {!hubSlug && <BannerStrip placement="k-quest" />}
      <QuestFilters
        search={search}
        hubs={hubSlug ? null : filters.data ? filters.data.hubs : filters.isPending ? 'pending' : null}
        hub={hub}
        statuses={filters.data?.statuses}
        status={status}
        reward={reward}
        setParam={setParam}
      />
      {quests.isPending && <LoadingState skeletonLines={4} />}
      {quests.isError && (
        <ErrorState message={describeError(quests.error)} onRetry={() => void quests.refetch()} />
      )}
      {quests.data && (
        <QuestSections
          list={list}
          featured={featured}
          progress={progress}
          search={searchString}
          hubName={hubInfo?.name}
        />
      )}
    </Page>
  );
}
