import type { Quest } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../routing/index.ts';
import { rewardsOf } from '../lib/quest-view.ts';
import { RewardChips } from './reward-chips.tsx';

/** The celebratory moment when every task is verified: what the user earned and where to collect it. */
export function QuestComplete({ rewarded }: { rewarded: Quest['rewards'] }) {
  const { t } = useTranslation();
  return (
    <section className="quest-complete" aria-labelledby="quest-complete-title" role="status">
      <div className="quest-complete__burst" aria-hidden="true">
        {Array.from({ length: 12 }, (_, i) => (
          <span key={i} className="quest-complete__spark" style={{ '--i': i } as React.CSSProperties} />
        ))}
      </div>
      <p className="quest-complete__trophy" aria-hidden="true">
        🏆
      </p>
      <h2 className="quest-complete__title" id="quest-complete-title">
        {t('quests.complete.title')}
      </h2>
      <p className="quest-complete__earned">{t('quests.complete.earned')}</p>
      <RewardChips rewards={rewardsOf(rewarded)} size="large" />
      <div className="quest-complete__actions">
        <Link className="button button--primary" to="/collect-earnings">
          {t('quests.complete.collect')}
        </Link>
        <Link className="button button--ghost" to="/k-quest/">
          {t('quests.complete.more')}
        </Link>
      </div>
    </section>
  );
}
