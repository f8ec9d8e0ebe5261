import { Page, useTranslation } from '@khel/ui';

/** Opened in a plain browser where no development init data exist (production). */
export function OutsideTelegramScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('telegram.openFromTelegramTitle')} width="narrow">
      <section className="card card--raised launch__card">
        <h1 className="page-title">{t('telegram.openFromTelegramTitle')}</h1>
        <p className="state__text">{t('telegram.openFromTelegramBody')}</p>
      </section>
    </Page>
  );
}
