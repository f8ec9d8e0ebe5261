import type { Campaign } from '@khel/core/contract';
import { localized } from '@khel/core/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { countedText } from '../../../lib/money-text.ts';
import { Link } from '../../../routing/index.ts';
import { slotsTaken, variantBadge } from '../lib/campaign-view.ts';
import { CampaignTimer } from './campaign-timer.tsx';

export const DEFAULT_CAMPAIGN_COVER = '/art/quests/default.svg';

/** The variant's badge as a game shows it: '100 slots', 'Pool 50,000 K-Cash', 'Top 10 win', 'Raffle: 5 winners'. */
export function variantText(t: TFunction, reward: Campaign['reward']): string {
  const badge = variantBadge(reward);
  return t(`campaigns.variant.${badge.key}`, { count: badge.count ?? 0, amount: countedText(reward.pool) });
}

/** What a player wins: the fixed amount each, else the pool. */
export function rewardText(t: TFunction, reward: Campaign['reward']): string {
  return reward.amount
    ? t('campaigns.card.each', { amount: countedText(reward.amount) })
    : countedText(reward.pool);
}

/** A fixed campaign's slots: 'n of N slots left' over a bar of the slots taken. */
export function SlotsBar({ reward }: { reward: Campaign['reward'] }) {
  const { t } = useTranslation();
  const taken = slotsTaken(reward);
  if (taken === null) return null;
  const label = t('campaigns.card.slotsLeft', { left: reward.remainingSlots, total: reward.totalSlots });
  return (
    <div className="campaign-slots">
      <span className="campaign-slots__label">{label}</span>
      <span className="campaign-slots__bar" aria-hidden="true">
        <span className="campaign-slots__fill" style={{ width: `${Math.round(taken * 100)}%` }} />
      </span>
    </div>
  );
}

/** A campaign as a game card: cover, variant badge, timer, reward and (fixed) the slots bar. */
export function CampaignCard({ campaign, now }: { campaign: Campaign; now: number }) {
  const { t, i18n } = useTranslation();
  const title = localized(campaign, 'title', i18n.language);
  const cover = campaign.coverUrl || campaign.game?.coverUrl || DEFAULT_CAMPAIGN_COVER;
  return (
    <article className={`campaign-card${campaign.featured ? ' campaign-card--featured' : ''}`}>
      <div className="campaign-card__link">
        <div className="campaign-card__art">
          <img className="campaign-card__cover" src={cover} alt="" loading="lazy" />
          <span className={`campaign-variant campaign-variant--${variantBadge(campaign.reward).key}`}>
            {variantText(t, campaign.reward)}
          </span>
          {campaign.status !== 'LIVE' && (
            <span
              className={`campaign-status campaign-card__status campaign-status--${campaign.status.toLowerCase()}`}
            >
              {t(`campaigns.status.${campaign.status}`)}
            </span>
          )}
        </div>
        <div className="campaign-card__body">
          {campaign.hub && <span className="campaign-card__partner">{campaign.hub.name}</span>}
          <h3 className="campaign-card__title">
            <Link className="card-link" to={`/k-drop/campaigns/${encodeURIComponent(campaign.slug)}`}>
              {title}
            </Link>
          </h3>
          <p className="campaign-card__reward">
            <span className="campaign-coin" aria-hidden="true">
              K
            </span>
            {rewardText(t, campaign.reward)}
          </p>
          <SlotsBar reward={campaign.reward} />
          <p className="campaign-card__meta">
            <CampaignTimer startsAt={campaign.startsAt} endsAt={campaign.endsAt} now={now} />
            <span>{t('campaigns.card.players', { count: campaign.participants })}</span>
          </p>
        </div>
      </div>
    </article>
  );
}
