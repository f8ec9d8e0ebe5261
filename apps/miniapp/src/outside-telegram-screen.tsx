import { useTranslation } from '@khel/ui';
import { useEffect } from 'react';

/**
 * Opened in a plain browser where no development init data exist (production). Plain markup rather than
 * the shared Page: the entry stays free of the page frame (header, tabs, modals), which only the
 * signed-in app's chunk needs.
 */
export function OutsideTelegramScreen() {
  const { t } = useTranslation();
  const title = t('telegram.openFromTelegramTitle');
  useEffect(() => {
    document.title = `${title} · ${t('common.appName')}`;
  }, [title, t]);
  return (
    <main className="launch">
      <section className="card card--raised launch__card">
        <h1 className="page-title">{title}</h1>
        <p className="state__text">{t('telegram.openFromTelegramBody')}</p>
      </section>
    </main>
  );
}
