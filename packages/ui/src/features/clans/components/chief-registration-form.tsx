import type { ClanChiefRegistration } from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useSaveClanChiefRegistration } from '../api/save-clan-chief-registration.ts';
import { PhoneVerification } from './phone-verification.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+[1-9]\d{6,14}$/;

/**
 * SPEC §3 chief registration: chief email, city, the phone (the account's, verified at sign-in, or one verified
 * by OTP inside the form), college, and the referrer's phone number (optional). Saving with a verified phone
 * opens "Create your clan".
 */
export function ChiefRegistrationForm({ registration }: { registration: ClanChiefRegistration | null }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const save = useSaveClanChiefRegistration();
  const [email, setEmail] = useState(registration?.email ?? '');
  const [city, setCity] = useState(registration?.chiefCity ?? '');
  const [college, setCollege] = useState(registration?.collegeName ?? '');
  const [referrer, setReferrer] = useState(registration?.referrerPhoneNumber ?? '');
  const [touched, setTouched] = useState(false);
  const verified = registration?.phoneVerified === true;
  const errors = {
    email: EMAIL.test(email.trim()) ? null : t('clans.registration.invalidEmail'),
    city: city.trim() ? null : t('clans.registration.required'),
    college: college.trim() ? null : t('clans.registration.required'),
    referrer: !referrer.trim() || PHONE.test(referrer.trim()) ? null : t('clans.registration.invalidPhone'),
  };
  const valid = Object.values(errors).every((e) => e === null);
  const submit = () => {
    setTouched(true);
    if (!valid) return;
    save.mutate({
      email: email.trim(),
      chiefCity: city.trim(),
      collegeName: college.trim(),
      referrerPhoneNumber: referrer.trim() || null,
    });
  };
  const shown = (error: string | null) => (touched ? (error ?? undefined) : undefined);
  return (
    <section className="card clan-form" aria-labelledby="chief-registration">
      <h2 className="clan-section__title" id="chief-registration">
        {t('clans.registration.title')}
      </h2>
      <p className="clan-section__hint">{t('clans.registration.intro')}</p>
      <PhoneVerification verifiedPhone={verified ? (registration?.phoneNumber ?? null) : null} />
      <SubmitForm className="clan-form__fields" onSubmit={submit}>
        <Field
          label={t('clans.registration.email')}
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          error={shown(errors.email)}
        />
        <Field
          label={t('clans.registration.city')}
          autoComplete="address-level2"
          value={city}
          onValueChange={setCity}
          error={shown(errors.city)}
        />
        <Field
          label={t('clans.registration.college')}
          value={college}
          onValueChange={setCollege}
          error={shown(errors.college)}
        />
        <Field
          label={t('clans.registration.referrer')}
          type="tel"
          inputMode="tel"
          value={referrer}
          onValueChange={setReferrer}
          hint={t('clans.registration.referrerHint')}
          error={shown(errors.referrer)}
        />
        {save.isError && <Notice tone="error">{describeError(save.error)}</Notice>}
        {/* One notice: saved but still to verify says so in one sentence, not 'saved' beside 'verify first'. */}
        {save.isSuccess && !registration?.complete ? (
          <Notice tone={verified ? 'success' : 'info'}>
            {verified ? t('clans.registration.saved') : t('clans.registration.savedVerifyPhone')}
          </Notice>
        ) : (
          !verified && <Notice tone="info">{t('clans.registration.verifyFirst')}</Notice>
        )}
        <Button type="submit" variant="primary" block busy={save.isPending}>
          {t('clans.registration.save')}
        </Button>
      </SubmitForm>
    </section>
  );
}
