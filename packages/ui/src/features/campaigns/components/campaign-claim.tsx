import type { CampaignClaim } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { countedText } from '../../../lib/money-text.ts';
import { Link } from '../../../routing/index.ts';

/** The user's rewards in this campaign: what each is for, its amount and whether it is claimed. */
export function ClaimList({ claims }: { claims: readonly CampaignClaim[] }) {
  const { t } = useTranslation();
  if (claims.length === 0) return null;
  return (
    <div className="claim-list">
      <h3 className="claim-list__title">{t('campaigns.claim.title')}</h3>
      <ul>
        {claims.map((c, i) => (
          <li
            key={`${c.earningType}-${c.rank ?? i}-${c.earningId ?? i}`}
            className={`claim-row claim-row--${c.status.toLowerCase()}`}
          >
            <span className="claim-row__what">
              {t(`campaigns.earningType.${c.earningType}`)}
              {c.rank !== null && (
                <span className="claim-row__rank"> · {t('campaigns.claim.rank', { rank: c.rank })}</span>
              )}
            </span>
            <strong className="claim-row__amount">{countedText(c.amount)}</strong>
            <span className="claim-row__status">{t(`campaigns.claim.status.${c.status}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The moment a claim went through: the amount, a burst, and the way to /collect-earnings. */
export function ClaimCelebration({ claims }: { claims: readonly CampaignClaim[] }) {
  const { t } = useTranslation();
  const paid = claims.filter((c) => c.status === 'REWARD_DISBURSEMENT_SUCCESSFUL');
  const total = paid.reduce((sum, c) => sum + BigInt(c.amount.amount), 0n);
  return (
    <div className="quest-complete campaign-celebration" role="status">
      <div className="quest-complete__burst" aria-hidden="true">
        {Array.from({ length: 12 }, (_, i) => (
          <span key={i} className="quest-complete__spark" style={{ '--i': i } as React.CSSProperties} />
        ))}
      </div>
      <p className="quest-complete__trophy" aria-hidden="true">
        🏆
      </p>
      <h2 className="quest-complete__title">{t('campaigns.claim.successTitle')}</h2>
      <p className="quest-complete__earned">
        {t('campaigns.claim.success', { amount: countedText({ amount: total, currency: 'KCASH' }) })}
      </p>
      <Link className="button button--primary" to="/collect-earnings">
        {t('campaigns.claim.collect')}
      </Link>
    </div>
  );
}
