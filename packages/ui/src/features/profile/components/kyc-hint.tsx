import { useTranslation } from 'react-i18next';
import { useUserLocation } from '../../../hooks/use-user-location.ts';
import { Link } from '../../../routing/index.ts';

/**
 * SPEC §6 India (+91) versus international: collecting earnings in India needs KYC (PAN, Aadhaar,
 * bank details, SPEC §1), so users placed in India see where it starts; others and unknown do not.
 */
export function KycHint() {
  const { t } = useTranslation();
  const { group } = useUserLocation();
  if (group !== 'india') return null;
  return (
    <section className="card profile-section profile-section--hint" aria-labelledby="kyc-hint-title">
      <h2 className="section-title" id="kyc-hint-title">
        {t('account.profile.kyc.title')}
      </h2>
      <p>{t('account.profile.kyc.body')}</p>
      <Link className="button button--secondary" to="/kyc?requiredDoc=pan">
        {t('account.profile.kyc.start')}
      </Link>
    </section>
  );
}
