import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GamepadIcon } from './icons.tsx';

/** SPEC §2: empty lists show 'Looks like there is nothing here yet'. */
export function EmptyState({ message, action }: { message?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="state state--empty">
      <GamepadIcon className="state__icon" />
      <p className="state__text">{message ?? t('states.empty')}</p>
      {action}
    </div>
  );
}
