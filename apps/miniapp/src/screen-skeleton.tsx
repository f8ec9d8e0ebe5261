import { Page, useTranslation } from '@khel/ui';

/**
 * A screen's frame before its code or the sign-in is there: the tab bar and grey blocks where the
 * title and cards will be, so the Mini App shows its shape at once and fills in as the data comes
 * (index.html paints the same markup before any script runs: tooling/vite/first-screen-shell.ts).
 */
export function ScreenSkeleton({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Page>
      <div className="state--loading screen-skeleton" role="status" aria-live="polite">
        <span className="visually-hidden">{label ?? t('common.loading')}</span>
        <span className="screen-skeleton__title" />
        <span className="screen-skeleton__block screen-skeleton__block--hero" />
        <span className="screen-skeleton__block" />
        <span className="screen-skeleton__block" />
      </div>
    </Page>
  );
}
