import { useTranslation } from 'react-i18next';
import { Page } from '../components/page.tsx';
import { Link } from '../routing/index.ts';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')} width="narrow">
      <section className="state state--page">
        <span className="state__code" aria-hidden="true">
          404
        </span>
        <h1 className="page-title">{t('notFound.title')}</h1>
        <p className="state__text">{t('notFound.body')}</p>
        <Link className="button button--primary" to="/">
          {t('common.goHome')}
        </Link>
      </section>
    </Page>
  );
}
