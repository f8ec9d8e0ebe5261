import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { WarningIcon } from './icons.tsx';

/** A failed load: the reason and a way to try again. */
export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state state--error" role="alert">
      <WarningIcon className="state__icon" />
      <p className="state__text">{message ?? t('states.fetchError')}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
