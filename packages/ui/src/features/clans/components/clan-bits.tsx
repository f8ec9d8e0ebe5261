import { type ClanTier, clanTierProgress } from '@khel/core/domain';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { hueOf, initialsOf, tierClass, type WaitKind } from '../lib/clan-view.ts';

const TIER_GLYPH: Record<ClanTier, string> = { Bronze: '◆', Silver: '◆', Gold: '★', Diamond: '♦' };

/** Bronze, Silver, Gold or Diamond as a coloured game badge. */
export function TierBadge({ tier, size }: { tier: ClanTier; size?: 'large' | 'mini' }) {
  const { t } = useTranslation();
  return (
    <span
      className={`tier-badge ${tierClass(tier)}${size ? ` tier-badge--${size}` : ''}`}
      title={t('clans.tier.label', { tier: t(`clans.tier.${tier}`) })}
      data-tier={tier}
    >
      <span className="tier-badge__glyph" aria-hidden="true">
        {TIER_GLYPH[tier]}
      </span>
      {size === 'mini' ? (
        <span className="visually-hidden">{t(`clans.tier.${tier}`)}</span>
      ) : (
        t(`clans.tier.${tier}`)
      )}
    </span>
  );
}

/** A picture, or the name's initials on a colour of its own (clans without a logo, members without a photo). */
export function Avatar({
  src,
  name,
  size = 'medium',
  shape = 'round',
}: {
  src: string | null;
  name: string;
  size?: 'small' | 'medium' | 'large';
  shape?: 'round' | 'shield';
}) {
  const className = `avatar avatar--${size} avatar--${shape}`;
  if (src) return <img className={className} src={src} alt="" loading="lazy" />;
  const hue = hueOf(name);
  return (
    <span
      className={`${className} avatar--initials`}
      style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 45%), hsl(${(hue + 50) % 360} 75% 35%))` }}
      aria-hidden="true"
    >
      {initialsOf(name)}
    </span>
  );
}

/** "N more points to Gold" over a bar from this tier's threshold to the next (clanTierProgress). */
export function TierProgress({ score }: { score: number }) {
  const { t } = useTranslation();
  const progress = clanTierProgress(score);
  const percent = Math.round(progress.progress * 100);
  const label = progress.nextTier
    ? t('clans.tier.toNext', { count: progress.pointsToNext, tier: t(`clans.tier.${progress.nextTier}`) })
    : t('clans.tier.top');
  return (
    <div className="tier-progress">
      <div className="tier-progress__head">
        <TierBadge tier={progress.tier} />
        <span className="tier-progress__score">{t('clans.tier.score', { count: score })}</span>
        {progress.nextTier && <TierBadge tier={progress.nextTier} />}
      </div>
      <div
        className={`tier-progress__bar tier-progress__bar--${(progress.nextTier ?? progress.tier).toLowerCase()}`}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={label}
      >
        <span className="tier-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="tier-progress__label">{label}</p>
    </div>
  );
}

/** A country's name in the reader's language from its ISO code ("IN" → "India", "भारत", "Índia"). */
export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (code) => {
    try {
      return new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase()) ?? code;
    } catch {
      return code;
    }
  };
}

/** A waiting-period refusal as "you can … again on <date>", the date in the reader's language and format. */
export function WaitNotice({ wait }: { wait: { kind: WaitKind; date: string } }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  return (
    <Notice tone="error" className={`clan-wait clan-wait--${wait.kind}`}>
      {t(`clans.wait.${wait.kind}`, { date: formatDate(wait.date) })}
    </Notice>
  );
}

/** Members n / cap with a small fill bar. */
export function MemberCount({ count, cap }: { count: number; cap: number }) {
  const { t } = useTranslation();
  const percent = Math.min(100, Math.round((count / Math.max(1, cap)) * 100));
  return (
    <span className="clan-members-count">
      <span>{t('clans.card.members', { count, cap })}</span>
      <span className="clan-members-count__bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </span>
    </span>
  );
}
