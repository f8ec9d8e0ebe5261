import type { CampaignDetails } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { ShareToChatButton } from '../../../components/share-to-chat.tsx';
import { variantBadge } from '../lib/campaign-view.ts';
import { DEFAULT_CAMPAIGN_COVER, variantText } from './campaign-card.tsx';
import { CampaignTimer } from './campaign-timer.tsx';

/** The campaign page's top: cover, partner, title, reward variant, status and timer. */
export function CampaignHero({
  campaign,
  title,
  now,
}: {
  campaign: CampaignDetails;
  title: string;
  now: number;
}) {
  const { t } = useTranslation();
  const cover = campaign.coverUrl || campaign.game?.coverUrl || DEFAULT_CAMPAIGN_COVER;
  return (
    <div className="campaign-hero">
      <img className="campaign-hero__cover" src={cover} alt="" />
      <div className="campaign-hero__text">
        {campaign.hub && <span className="campaign-card__partner">{campaign.hub.name}</span>}
        <h1 className="page-title campaign-hero__title" id="campaign-title">
          {title}
        </h1>
        <p className="campaign-hero__meta">
          <span className={`campaign-variant campaign-variant--${variantBadge(campaign.reward).key}`}>
            {variantText(t, campaign.reward)}
          </span>
          <span className={`campaign-status campaign-status--${campaign.status.toLowerCase()}`}>
            {t(`campaigns.status.${campaign.status}`)}
          </span>
          <CampaignTimer startsAt={campaign.startsAt} endsAt={campaign.endsAt} now={now} />
        </p>
        <ShareToChatButton kind="campaign" item={campaign} />
      </div>
    </div>
  );
}
