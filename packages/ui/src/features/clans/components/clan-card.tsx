import type { ClanSummary } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../routing/index.ts';
import { Avatar, MemberCount, TierBadge, useCountryName } from './clan-bits.tsx';

/** The address of a clan's page (where invites land too). */
export const clanHref = (clanId: string) => `/discover-clan?clanId=${encodeURIComponent(clanId)}`;

/** A clan as a game card: logo, name, city and country, tier badge, members n/cap and the join policy. */
export function ClanCard({ clan }: { clan: ClanSummary }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const full = clan.memberCount >= clan.memberCap;
  return (
    <article className={`clan-card clan-card--${clan.tier.toLowerCase()}`}>
      <div className="clan-card__link">
        <div
          className="clan-card__banner"
          style={clan.bannerImage ? { backgroundImage: `url("${clan.bannerImage}")` } : undefined}
        >
          <TierBadge tier={clan.tier} />
          {clan.rank !== null && (
            <span className="clan-card__rank">{t('clans.card.rank', { rank: clan.rank })}</span>
          )}
        </div>
        <div className="clan-card__body">
          <Avatar src={clan.clanLogo} name={clan.clanName} size="large" shape="shield" />
          <div className="clan-card__text">
            <h3 className="clan-card__name">
              <Link className="card-link" to={clanHref(clan.id)}>
                {clan.clanName}
              </Link>
            </h3>
            <p className="clan-card__place">
              {t('clans.page.location', { city: clan.city, country: countryName(clan.country) })}
            </p>
          </div>
        </div>
        <div className="clan-card__foot">
          <MemberCount count={clan.memberCount} cap={clan.memberCap} />
          <span className={`clan-policy clan-policy--${full ? 'full' : clan.joinPolicy.toLowerCase()}`}>
            {full ? t('clans.card.full') : t(`clans.policy.${clan.joinPolicy}`)}
          </span>
        </div>
      </div>
    </article>
  );
}

/** Card-shaped placeholders while a list loads. */
export function ClanSkeletons({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{t('common.loading')}</span>
      <ul className="clan-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="clan-card clan-card--skeleton">
            <span className="clan-skeleton__banner" />
            <span className="clan-skeleton__line" />
            <span className="clan-skeleton__line clan-skeleton__line--short" />
          </li>
        ))}
      </ul>
    </div>
  );
}
