import { ERROR_CODES, errorCodeOf } from '@khel/core/domain';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { isApiError } from '../../../lib/api-result.ts';
import { Link } from '../../../routing/index.ts';

/** 'Uh-oh! Not Enough K-Cash' (the fee is K-Cash only) with the way to more K-Cash. */
export function NotEnoughKcash() {
  const { t } = useTranslation();
  return (
    <Notice tone="error" as="div" className="klash-not-enough">
      <p>{t('klash.register.notEnough')}</p>
      <Link className="button button--secondary button--small" to="/buy-kcash/">
        {t('klash.register.buyKcash')}
      </Link>
    </Notice>
  );
}

/** Whether a failed registration was refused for want of K-Cash. */
export function isShortOfKcash(error: unknown): boolean {
  return isApiError(error) && errorCodeOf(error.data) === ERROR_CODES.insufficientFunds;
}
