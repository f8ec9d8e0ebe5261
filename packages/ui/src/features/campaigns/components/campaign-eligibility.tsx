import type { Campaign, CampaignIneligibleReason } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { Link } from '../../../routing/index.ts';

/** A country's name in the reader's language (Intl), else its code. */
function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The rules frozen when the campaign went live, in words, and why this user cannot enter (if so). */
export function CampaignEligibility({
  campaign,
  ineligible,
}: {
  campaign: Campaign;
  ineligible: readonly CampaignIneligibleReason[];
}) {
  const { t, i18n } = useTranslation();
  const { eligibility: rules, entryCaps: caps } = campaign;
  const items = [
    rules.countries.length > 0 &&
      t('campaigns.eligibility.countries', {
        list: rules.countries.map((c) => countryName(c, i18n.language)).join(', '),
      }),
    rules.continents.length > 0 &&
      t('campaigns.eligibility.continents', {
        list: rules.continents.map((c) => t(`campaigns.continent.${c}`)).join(', '),
      }),
    rules.kycRequired && t('campaigns.eligibility.kyc'),
    rules.pogRequired && t('campaigns.eligibility.pog'),
    rules.clanRequired && t('campaigns.eligibility.clan'),
    caps.perDevice !== null && t('campaigns.eligibility.perDevice', { count: caps.perDevice }),
    caps.perIp !== null && t('campaigns.eligibility.perIp', { count: caps.perIp }),
  ].filter((x): x is string => typeof x === 'string');
  return (
    <section className="campaign-section" aria-labelledby="campaign-rules">
      <h2 className="campaign-section__title" id="campaign-rules">
        {t('campaigns.eligibility.title')}
      </h2>
      {items.length === 0 ? (
        <p className="campaign-rules__everyone">{t('campaigns.eligibility.everyone')}</p>
      ) : (
        <ul className="campaign-rules">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {ineligible.length > 0 && (
        <Notice tone="error" as="div">
          <strong>{t('campaigns.eligibility.notEligible')}</strong>
          <ul className="campaign-rules campaign-rules--why">
            {ineligible.map((reason) => (
              <li key={reason}>
                {t(`campaigns.eligibility.reason.${reason}`)}{' '}
                {reason === 'KYC' && <Link to="/kyc">{t('campaigns.eligibility.verify')}</Link>}
              </li>
            ))}
          </ul>
        </Notice>
      )}
    </section>
  );
}
