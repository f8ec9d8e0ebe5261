import type { CampaignReferral as Referral } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { CopyField } from '../../../components/copy-field.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { type ShareOptions, ShareRow } from '../../../components/share-row.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { numberText } from '../../../lib/display-locale.ts';
import { countedText } from '../../../lib/money-text.ts';
import { shareLinks } from '../../../lib/share-links.ts';
import { useApi } from '../../../providers/api-context.ts';
import { useCreateReferralCode } from '../api/create-referral-code.ts';
import { useCampaignReferral } from '../api/get-campaign-referral.ts';

/** The link this front door shares: the Mini App's (startapp=ref_<code>) inside Telegram, else the website's. */
export function inviteLinkOf(
  referral: Pick<Referral, 'links'>,
  platform: 'website' | 'telegram',
): string | null {
  if (!referral.links) return null;
  return platform === 'telegram'
    ? (referral.links.miniApp ?? referral.links.website)
    : referral.links.website;
}

/** How many friends joined and finished, and what they earned the reader. */
function ReferralStats({ referral: data }: { referral: Referral }) {
  const { t } = useTranslation();
  return (
    <dl className="referral-stats">
      <div>
        <dt>{t('campaigns.referral.joined')}</dt>
        <dd data-stat="joined">{numberText(data.joined)}</dd>
      </div>
      <div>
        <dt>{t('campaigns.referral.finished')}</dt>
        <dd data-stat="finished">{data.finished}</dd>
      </div>
      <div>
        <dt>{t('campaigns.referral.earned')}</dt>
        <dd data-stat="earned">{countedText(data.earned)}</dd>
      </div>
    </dl>
  );
}

/** Invite friends: the link to copy, sharing to Telegram, WhatsApp and X, and how many joined and finished. */
export function CampaignReferral({
  campaignId,
  title,
  openShare,
}: { campaignId: string; title: string } & ShareOptions) {
  const { t } = useTranslation();
  const { platform } = useApi();
  const describeError = useErrorMessage();
  const referral = useCampaignReferral(campaignId);
  const create = useCreateReferralCode(campaignId);
  const data = referral.data;
  const link = data ? inviteLinkOf(data, platform) : null;
  const links = link ? shareLinks(link, t('campaigns.referral.shareText', { title })) : null;
  return (
    <section className="campaign-referral" aria-labelledby="campaign-referral">
      <h2 className="campaign-side__title" id="campaign-referral">
        {t('campaigns.referral.title')}
      </h2>
      {referral.isError && (
        <ErrorState message={describeError(referral.error)} onRetry={() => void referral.refetch()} />
      )}
      {data && (
        <>
          <p className="campaign-referral__intro">
            {data.rewardPerFinisher && data.maxRewardedReferrals
              ? t('campaigns.referral.intro', {
                  amount: countedText(data.rewardPerFinisher),
                  count: data.maxRewardedReferrals,
                })
              : t('campaigns.referral.introPlain')}
          </p>
          {link && (
            <CopyField
              label={t('campaigns.referral.link')}
              value={link}
              copyLabel={t('campaigns.referral.copy')}
              copiedLabel={t('campaigns.referral.copied')}
              failedLabel={t('campaigns.referral.copyFailed')}
            />
          )}
          {!data.links && (
            <Button variant="secondary" block busy={create.isPending} onClick={() => create.mutate()}>
              {t('campaigns.referral.create')}
            </Button>
          )}
          {create.isError && <Notice tone="error">{describeError(create.error)}</Notice>}
          {links && (
            <ShareRow
              links={links}
              openShare={openShare}
              label={t('campaigns.referral.share')}
              networks={{
                telegram: t('campaigns.referral.telegram'),
                whatsapp: t('campaigns.referral.whatsapp'),
                x: t('campaigns.referral.x'),
              }}
            />
          )}
          <ReferralStats referral={data} />
        </>
      )}
    </section>
  );
}
