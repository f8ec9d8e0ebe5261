import '../../../components/placeholder.css';
import {
  QUEST_REWARD_KINDS,
  QUEST_STATUSES,
  type QuestHub,
  type QuestRewardKind,
  type QuestStatus,
} from '@khel/core/contract';
import { CURRENCIES } from '@khel/core/format';
import { useTranslation } from 'react-i18next';

interface QuestFiltersProps {
  search: string;
  /**
   * The partner hubs to choose from (none on a hub's own page); `'pending'` while they load: a row of
   * placeholder chips keeps their room, so the chips below do not move when they come.
   */
  hubs: readonly QuestHub[] | null | 'pending';
  hub: string | undefined;
  statuses: readonly QuestStatus[] | undefined;
  status: QuestStatus | undefined;
  /** Only the quests that pay this (`?reward=`). */
  reward: QuestRewardKind | undefined;
  /** Sets (or, null or '', drops) one of the address's filters. */
  setParam: (key: string, value: string | null) => void;
}

/** The currency each reward filter names (its label is the currency's, the same in every language). */
const REWARD_CURRENCY = { kcash: 'KCASH', rkhel: 'RKHEL', kpoints: 'KPOINTS' } as const;

/** One row of chips, 'All' first: pressing one sets the address's `param` (All drops it). */
function ChipRow<T extends string>({
  legend,
  param,
  values,
  value,
  label,
  setParam,
}: {
  legend: string;
  param: string;
  values: readonly T[];
  value: T | undefined;
  label: (v: T) => string;
  setParam: QuestFiltersProps['setParam'];
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="chips chips--scroll bare-fieldset">
      <legend className="visually-hidden">{legend}</legend>
      {[null, ...values].map((v) => (
        <button
          key={v ?? 'all'}
          type="button"
          className="chip"
          aria-pressed={(value ?? null) === v}
          onClick={() => setParam(param, v)}
        >
          {v ? label(v) : t('quests.filters.all')}
        </button>
      ))}
    </fieldset>
  );
}

/** The quests' search box and chips by partner, by status and by what they pay. */
export function QuestFilters({ search, hubs, hub, statuses, status, reward, setParam }: QuestFiltersProps) {
  const { t } = useTranslation();
  const hubName = new Map(hubs === 'pending' ? [] : hubs?.map((h) => [h.slug, h.name]));
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
      {hubs === 'pending' && (
        <div className="chips chips--scroll" aria-hidden="true">
          {[4, 6, 5].map((width) => (
            <span key={width} className="chip placeholder-text" style={{ width: `${width}em` }} />
          ))}
        </div>
      )}
      {hubs && hubs !== 'pending' && hubs.length > 0 && (
        <ChipRow
          legend={t('quests.filters.hubs')}
          param="hub"
          values={hubs.map((h) => h.slug)}
          value={hub}
          label={(slug) => hubName.get(slug) ?? slug}
          setParam={setParam}
        />
      )}
      <ChipRow
        legend={t('quests.filters.statuses')}
        param="status"
        values={statuses ?? QUEST_STATUSES}
        value={status}
        label={(s) => t(`quests.status.${s}`)}
        setParam={setParam}
      />
      <ChipRow
        legend={t('quests.filters.rewards')}
        param="reward"
        values={QUEST_REWARD_KINDS}
        value={reward}
        label={(r: QuestRewardKind) => CURRENCIES[REWARD_CURRENCY[r]].label}
        setParam={setParam}
      />
    </div>
  );
}
