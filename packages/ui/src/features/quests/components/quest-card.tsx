import type { Quest, UserQuestStatus } from '@khel/core/contract';
import { localized } from '@khel/core/domain';
import { formatDayMonth } from '@khel/core/format';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { displayLanguage } from '../../../lib/display-locale.ts';
import { Link } from '../../../routing/index.ts';
import { rewardsOf } from '../lib/quest-view.ts';
import { RewardChips } from './reward-chips.tsx';

export const DEFAULT_QUEST_COVER = '/art/quests/default.svg';

/** "3 Dec", "3 दिस॰", "3 de dez.": without Intl, whose first formatter costs a slow phone 60–110 ms (issue 25). */
function shortDate(iso: string): string {
  return formatDayMonth(iso, displayLanguage());
}

/** The link to a quest's details, keeping the display flags of the current address. */
export function questHref(slug: string, search = ''): string {
  const keep = new URLSearchParams();
  const current = new URLSearchParams(search);
  for (const flag of ['header', 'footer']) {
    const value = current.get(flag);
    if (value !== null) keep.set(flag, value);
  }
  const query = keep.toString();
  return `/quest-details/${encodeURIComponent(slug)}${query ? `?${query}` : ''}`;
}

/** `Slots left: 400`, `No slots left` or `Open to all`. */
export function slotsText(t: TFunction, remainingSlots: number | null): string {
  if (remainingSlots === null) return t('quests.card.openToAll');
  return remainingSlots === 0
    ? t('quests.card.noSlots')
    : t('quests.card.slotsLeft', { count: remainingSlots });
}

/**
 * A quest as a game's card: cover art, the partner's logo, status badge, title, reward chips with
 * their currency icons, slots left and the number of tasks. The whole card is the link.
 */
export function QuestCard({
  quest,
  mine,
  search,
  variant = 'normal',
  priority = false,
}: {
  quest: Quest;
  /** The signed-in user's progress on it, if started. */
  mine?: UserQuestStatus | undefined;
  search?: string;
  variant?: 'normal' | 'featured';
  /** Above the fold on the first screen: the cover loads at once and first, not lazily. */
  priority?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const title = localized(quest, 'title', i18n.language);
  const cover = quest.coverUrl || quest.game?.coverUrl || DEFAULT_QUEST_COVER;
  const slots = slotsText(t, quest.remainingSlots);
  const when =
    quest.status === 'PUBLISHED'
      ? t('quests.card.startsOn', { date: shortDate(quest.startsAt) })
      : t('quests.card.endsOn', { date: shortDate(quest.endsAt) });
  const badge =
    mine && mine !== 'NOT_STARTED' ? t(`quests.mine.${mine}`) : t(`quests.status.${quest.status}`);
  return (
    <article className={`quest-card quest-card--${variant} quest-card--${quest.status.toLowerCase()}`}>
      <div className="quest-card__link">
        <div className="quest-card__art">
          <img
            className="quest-card__cover"
            src={cover}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            {...(priority ? { fetchPriority: 'high' as const } : {})}
            decoding="async"
          />
          <span
            className={`quest-badge quest-card__status quest-badge--${(mine && mine !== 'NOT_STARTED' ? mine : quest.status).toLowerCase()}`}
          >
            {badge}
          </span>
          {quest.featured && (
            <span className="quest-badge quest-badge--featured quest-card__featured">
              {t('quests.featured')}
            </span>
          )}
          {quest.recurrence && !quest.featured && (
            <span className="quest-badge quest-badge--repeat quest-card__featured">
              {t(`quests.repeats.${quest.recurrence}`)}
            </span>
          )}
          {quest.hub && (
            <img
              className="quest-card__logo"
              src={quest.hub.logoUrl}
              alt={quest.hub.name}
              loading={priority ? 'eager' : 'lazy'}
            />
          )}
        </div>
        <div className="quest-card__body">
          <p className="quest-card__partner">{quest.hub?.name ?? quest.game?.name ?? t('common.appName')}</p>
          <h3 className="quest-card__title">
            <Link to={questHref(quest.slug, search)} className="card-link">
              {title}
            </Link>
          </h3>
          <RewardChips rewards={rewardsOf(quest.rewards)} />
          <p className="quest-card__meta">
            <span className={quest.remainingSlots === 0 ? 'quest-card__slots--none' : 'quest-card__slots'}>
              {slots}
            </span>
            <span aria-hidden="true"> · </span>
            <span>{t('quests.card.tasks', { count: quest.taskCount })}</span>
            <span aria-hidden="true"> · </span>
            <span>{when}</span>
          </p>
        </div>
      </div>
    </article>
  );
}
