import { QUEST_STATUSES, type QuestHub, type QuestStatus } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';

interface QuestFiltersProps {
  search: string;
  /** The partner hubs to choose from (none on a hub's own page). */
  hubs: readonly QuestHub[] | null;
  hub: string | undefined;
  statuses: readonly QuestStatus[] | undefined;
  status: QuestStatus | undefined;
  /** Sets (or, null or '', drops) one of the address's filters. */
  setParam: (key: string, value: string | null) => void;
}

/** The quests' search box and chips by partner and by status. */
export function QuestFilters({ search, hubs, hub, statuses, status, setParam }: QuestFiltersProps) {
  const { t } = useTranslation();
  return (
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
      {hubs && hubs.length > 0 && (
        <fieldset className="chips chips--scroll bare-fieldset">
          <legend className="visually-hidden">{t('quests.filters.hubs')}</legend>
          {[null, ...hubs].map((h) => (
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
        {[null, ...(statuses ?? QUEST_STATUSES)].map((s) => (
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
  );
}
