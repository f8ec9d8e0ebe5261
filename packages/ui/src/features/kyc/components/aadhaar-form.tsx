import type { KycDocument } from '@khel/core/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { LinkedText } from '../../../components/linked-text.tsx';
import { Notice } from '../../../components/notice.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useApi } from '../../../providers/api-context.ts';
import type { LegalHref } from '../../../routes/route-table.ts';
import { useSubmittedDocument, verifyAadhaar } from '../api/verify-documents.ts';
import { type AadhaarErrors, groupAadhaar, hasErrors, validateAadhaarForm } from '../lib/kyc-forms.ts';
import { KycField } from './kyc-field.tsx';

/** How the number is stored (privacy policy) and why it is asked for (AML & KYC policy). */
const POLICY_LINKS = {
  privacy: '/privacy-policy#kyc-data' satisfies LegalHref,
  aml: '/aml-kyc-policy#verification' satisfies LegalHref,
};

/** Consent to the check, with the policies it is under (links outside the label). */
function ConsentField({
  consent,
  onConsent,
  error,
}: {
  consent: boolean;
  onConsent: (consent: boolean) => void;
  error: AadhaarErrors['consent'];
}) {
  const { t } = useTranslation();
  const consentId = useId();
  const consentErrorId = useId();
  return (
    <div className="field">
      <label className="kyc-consent" htmlFor={consentId}>
        <input
          id={consentId}
          type="checkbox"
          checked={consent}
          onChange={(e) => onConsent(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? consentErrorId : undefined}
        />
        <span>{t('kyc.aadhaar.consent')}</span>
      </label>
      {/* Outside the label: a tap on a link must open the policy, not tick the box. */}
      <p className="field__hint kyc-consent__policies">
        <LinkedText text={t('kyc.aadhaar.policies')} links={POLICY_LINKS} />
      </p>
      {error && (
        <p className="field__error" id={consentErrorId} role="alert">
          {t(`kyc.aadhaar.errors.${error}`)}
        </p>
      )}
    </div>
  );
}

/**
 * Aadhaar number (grouped 4-4-4 while typing, Verhoeff-checked here too) with explicit consent
 * (POST /kyc/verify-aadhaar), next to links to the privacy and AML & KYC policies. The full number lives only in this form's state: it is sent without
 * going through the query or mutation caches and cleared once the API has it; afterwards only the
 * masked form the API returns (`XXXX XXXX 1234`) is shown.
 */
export function AadhaarForm({ onSubmitted }: { onSubmitted?: (doc: KycDocument) => void }) {
  const { t } = useTranslation();
  const { client } = useApi();
  const describeError = useErrorMessage();
  const submitted = useSubmittedDocument();
  const [aadhaar, setAadhaar] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<AadhaarErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const submit = async () => {
    const found = validateAadhaarForm(aadhaar, consent);
    setErrors(found);
    if (hasErrors(found) || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const doc = await verifyAadhaar(client, { aadhaar: aadhaar.replace(/\s+/g, ''), consent: true });
      setAadhaar('');
      setConsent(false);
      submitted(doc);
      onSubmitted?.(doc);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SubmitForm className="kyc-form" onSubmit={() => void submit()} aria-label={t('kyc.aadhaar.title')}>
      <p className="field__hint kyc-form__intro">{t('kyc.aadhaar.hint')}</p>
      <KycField
        label={t('kyc.aadhaar.number')}
        error={errors.aadhaar && t(`kyc.aadhaar.errors.${errors.aadhaar}`)}
        value={aadhaar}
        onChange={(e) => {
          setAadhaar(groupAadhaar(e.target.value));
          if (errors.aadhaar) setErrors({ ...errors, aadhaar: undefined });
        }}
        inputMode="numeric"
        autoComplete="off"
        placeholder="0000 0000 0000"
        maxLength={14}
        mono
      />
      <ConsentField
        consent={consent}
        onConsent={(next) => {
          setConsent(next);
          if (errors.consent) setErrors({ ...errors, consent: undefined });
        }}
        error={errors.consent}
      />
      {failure !== null && <Notice tone="error">{describeError(failure)}</Notice>}
      <Button type="submit" variant="primary" block busy={busy}>
        {t('kyc.aadhaar.submit')}
      </Button>
    </SubmitForm>
  );
}
