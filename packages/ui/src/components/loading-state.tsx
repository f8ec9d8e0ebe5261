import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner.tsx';

/** Shown while a screen waits for data: a spinner, an optional skeleton, and a status for screen readers. */
export function LoadingState({ label, skeletonLines = 0 }: { label?: string; skeletonLines?: number }) {
  const { t } = useTranslation();
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <Spinner size="lg" />
      <span className="state__text">{label ?? t('common.loading')}</span>
      {skeletonLines > 0 && (
        <div className="skeleton" aria-hidden="true">
          {Array.from({ length: skeletonLines }, (_, i) => (
            <span key={i} className="skeleton__line" />
          ))}
        </div>
      )}
    </div>
  );
}
