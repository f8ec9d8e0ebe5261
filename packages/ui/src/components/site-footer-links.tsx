import { localized } from '@khel/core/domain';
import { isSpaRoute } from '@khel/core/spa-routes';
import { useTranslation } from 'react-i18next';
import { useWebFooters } from '../api/get-web-footers.ts';
import { Link } from '../routing/index.ts';

/** The clan handbook is one PDF per language (tooling/handbook); operators link the English one. */
const HANDBOOK = /^\/clan-handbook\/en\.pdf$/;
const handbookFile = (language: string) =>
  language.startsWith('hi') ? 'hi' : language.toLowerCase().startsWith('pt') ? 'pt-br' : 'en';

/**
 * The operators' footer links (GET /web-footers) but the legal group, which the page's own legal links show:
 * Khel's screens, the documentation and the clan handbook PDF (SPEC §2's two external links). A chunk of its own.
 */
export default function SiteFooterLinks() {
  const { t, i18n } = useTranslation();
  const footer = useWebFooters();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const links = (footer.data?.groups ?? []).filter((g) => g.group !== 'legal').flatMap((g) => g.links);
  if (links.length === 0) return null;
  return (
    <nav aria-label={t('footer.links')} className="page__footer-links">
      {links.map((link) => {
        const label = localized(link, 'label', language);
        const url = HANDBOOK.test(link.url) ? `/clan-handbook/${handbookFile(language)}.pdf` : link.url;
        const [path] = url.split(/[?#]/);
        return url.startsWith('/') && isSpaRoute(path ?? url) ? (
          <Link key={link.url} to={url}>
            {label}
          </Link>
        ) : (
          <a
            key={link.url}
            href={url}
            {...(url.startsWith('/') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
          >
            {label}
          </a>
        );
      })}
    </nav>
  );
}
