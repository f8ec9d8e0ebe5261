import './banner-strip.css';
import type { BannerPlacement } from '@khel/core/contract';
import { localized } from '@khel/core/domain';
import { useTranslation } from 'react-i18next';
import { useWebBanners } from '../api/get-web-banners.ts';
import { Link } from '../routing/index.ts';

/**
 * The operators' banners of a screen (GET /web-banners), side by side and scrolled sideways on a
 * phone. Nothing while loading, on an error or with no banner: a banner is never in the way.
 */
export function BannerStrip({ placement }: { placement: BannerPlacement }) {
  const { i18n } = useTranslation();
  const banners = useWebBanners(placement);
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
