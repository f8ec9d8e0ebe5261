import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../components/page.tsx';
import type { RouteTitleKey } from '../routes/route-table.ts';

/** Placeholder for a SPEC §2 route whose real screen comes in a later issue. */
export function ComingSoonScreen({ titleKey }: { titleKey: RouteTitleKey }) {
  const { t } = useTranslation();
  const title = t(`routes.${titleKey}`);
  return (
    <Page title={title}>
      <section className="state state--page">
        <span className="badge">{t('comingSoon.badge')}</span>
        <h1 className="page-title">{title}</h1>
        <p className="state__text">{t('comingSoon.body')}</p>
        <Link className="button button--secondary" to="/">
          {t('common.goHome')}
        </Link>
      </section>
    </Page>
  );
}
