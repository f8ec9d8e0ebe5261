import '../../../components/money/money.css';
import '../games.css';
import { GAME_GENRES, GAME_NETWORKS, GAME_PLATFORMS } from '@khel/core/contract';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { BannerStrip } from '../../../components/banner-strip.tsx';
import { Page } from '../../../components/page.tsx';
import { useQueryParams } from '../../../hooks/use-query-params.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { useGameFilters } from '../api/get-game-filters.ts';
import { useGames } from '../api/get-games.ts';
import { GameList } from './game-list.tsx';

type FilterKey = 'genre' | 'platform' | 'network';
const ALL_VALUES: Record<FilterKey, readonly string[]> = {
  genre: GAME_GENRES,
  platform: GAME_PLATFORMS,
  network: GAME_NETWORKS,
};

/**
 * /games/: the catalogue with filters by genre, platform and network (only values some game has,
 * with counts) and search, kept in the address; browser games open on /rkade.
 */
export function GamesScreen() {
  useTextPart('quests');
  const { t } = useTranslation();
  const [params, setParams] = useQueryParams();
  const filters = useGameFilters();
  const pick = (key: FilterKey) => {
    const value = params.get(key);
    return value && ALL_VALUES[key].includes(value) ? value : undefined;
  };
  const search = params.get('search') ?? '';
  const deferred = useDeferredValue(search.trim());
  const games = useGames({
    genre: pick('genre'),
    platform: pick('platform'),
    network: pick('network'),
    search: deferred || undefined,
  });
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const options = (key: FilterKey) => {
    const counted = filters.data?.[`${key}s` as 'genres' | 'platforms' | 'networks'] ?? [];
    return counted.filter((c) => c.count > 0);
  };

  return (
    <Page title={t('quests.games.title')}>
      <h1 className="page-title">{t('quests.games.title')}</h1>
      <BannerStrip placement="games" />
      <p className="games-intro">{t('quests.games.intro')}</p>
      <div className="games-filters">
        <label className="games-filter games-filter--search">
          <span className="field__label">{t('quests.games.search')}</span>
          <input
            type="search"
            className="field__control"
            placeholder={t('quests.games.searchPlaceholder')}
            value={search}
            maxLength={60}
            onChange={(e) => setParam('search', e.target.value)}
          />
        </label>
        {(['genre', 'platform', 'network'] as const).map((key) => (
          <label key={key} className="games-filter">
            <span className="field__label">{t(`quests.games.${key}`)}</span>
            <select
              className="field__control field__control--select"
              value={pick(key) ?? ''}
              onChange={(e) => setParam(key, e.target.value)}
            >
              <option value="">{t('quests.games.any')}</option>
              {options(key).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.value} ({o.count})
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <GameList games={games} />
    </Page>
  );
}
