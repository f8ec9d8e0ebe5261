import './banner-strip.css';
import type { BannerPlacement } from '@khel/core/contract';
import { localized } from '@khel/core/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebBanners } from '../api/get-web-banners.ts';
import { Link } from '../routing/index.ts';

/** Where this device keeps that the last answer for a placement had no banner (so no room is kept for one). */
const noBannerKey = (placement: BannerPlacement) => `khel-pref.banners.${placement}.none`;

function hadNoBanner(placement: BannerPlacement): boolean {
  try {
    return localStorage.getItem(noBannerKey(placement)) === '1';
  } catch {
    return false;
  }
}

function rememberNoBanner(placement: BannerPlacement, none: boolean) {
  try {
    if (none) localStorage.setItem(noBannerKey(placement), '1');
    else localStorage.removeItem(noBannerKey(placement));
  } catch {
    // Storage refused (private mode): the next visit keeps the room again.
  }
}

/**
 * The operators' banners of a screen (GET /web-banners), side by side and scrolled sideways on a
 * phone. Nothing on an error or with no banner: a banner is never in the way. While they load, a
 * placeholder holds a banner's room, so the screen below does not move when one comes (issue 25,
 * layout shift), unless this device saw the placement without a banner last time.
 */
export function BannerStrip({ placement }: { placement: BannerPlacement }) {
  const { i18n } = useTranslation();
  const banners = useWebBanners(placement);
  const count = banners.data?.length;
  useEffect(() => {
    if (count !== undefined) rememberNoBanner(placement, count === 0);
  }, [placement, count]);
  if (banners.isPending && !hadNoBanner(placement))
    return (
      <div className="banner-strip" aria-hidden="true">
        <span className="banner-strip__banner banner-strip__banner--pending" />
      </div>
    );
  if (!banners.data?.length) return null;
  const lang = i18n.language;
  return (
    <section className="banner-strip" aria-label={localized(banners.data[0]!, 'title', lang)}>
      {banners.data.map((b) => {
        const inner = (
          <>
            <img className="banner-strip__image" src={b.imageUrl} alt="" loading="lazy" decoding="async" />
            <span className="banner-strip__text">
              <strong className="banner-strip__title">{localized(b, 'title', lang)}</strong>
              {b.subtitle && <span className="banner-strip__subtitle">{localized(b, 'subtitle', lang)}</span>}
              <span className="banner-strip__cta">{localized(b, 'cta', lang)} →</span>
            </span>
          </>
        );
        return b.linkUrl.startsWith('/') && !b.linkUrl.startsWith('/api/') ? (
          <Link key={b.slug} className="banner-strip__banner" to={b.linkUrl}>
            {inner}
          </Link>
        ) : (
          <a key={b.slug} className="banner-strip__banner" href={b.linkUrl} rel="noopener noreferrer">
            {inner}
          </a>
        );
      })}
    </section>
  );
}
