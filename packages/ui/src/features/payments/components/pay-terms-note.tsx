import { useTranslation } from 'react-i18next';
import { LinkedText } from '../../../components/linked-text.tsx';
import type { LegalHref } from '../../../routes/route-table.ts';

const LINKS = {
  risk: '/risk-disclosure-policy#bought-kcash' satisfies LegalHref,
  terms: '/terms-and-conditions#buying' satisfies LegalHref,
};

/**
 * Under the deposit confirmation, before the payer leaves for the checkout: the risk disclosure
 * (bought K-Cash is never collectable) and the terms of buying.
 */
export function PayTermsNote() {
  const { t } = useTranslation();
  return (
    <p className="field__hint">
      <LinkedText text={t('money.buy.legal')} links={LINKS} />
    </p>
  );
}
