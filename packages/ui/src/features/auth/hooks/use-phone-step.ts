import type { OtpSent } from '@khel/core/contract';
import type { SessionStore } from '@khel/core/session';
import type { UseMutationResult } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language } from '../../../i18n/index.ts';
import { readStoredLocation } from '../../../lib/user-location.ts';
import { useApi } from '../../../providers/api-context.ts';
import { PINNED_COUNTRIES } from '../components/country-select.tsx';
import type { LoginRetryView } from '../lib/login-retry.ts';
import { OTP_PHONE_KEY } from '../lib/login-steps.ts';
import type { LoginMessages } from './use-login-messages.ts';

export type PhoneError = 'indianMobile' | 'phoneInvalid';

/**
 * The phone check with libphonenumber's metadata (about 30 KB gzip, most of the sign-in's download):
 * a chunk of its own, fetched as the phone step shows, so the form paints without waiting for it. By
 * the time a number is typed and sent it is there; a send before that waits for it.
 */
const loadPhoneCheck = () => import('../lib/phone.ts').then((m) => m.checkPhone);

/**
 * The country the number field starts on. SPEC §6: the stored location decides (India +91, Brazil
 * +55, any other known country); without one, Portuguese speakers start on Brazil, others on India.
 */
export function defaultCountry(
  language: Language,
  session: Pick<SessionStore, 'getJson'>,
): { code: string; dialCode: string } {
  const location = readStoredLocation(session);
  if (location?.countryCodeISO2) return { code: location.countryCodeISO2, dialCode: location.countryCode };
  const [india, brazil] = PINNED_COUNTRIES;
  const pick =
    location?.countryCode === brazil.dialCode || (!location && language === 'pt-BR') ? brazil : india;
  return { code: pick.code as string, dialCode: pick.dialCode as string };
}

interface PhoneStepOptions {
  requestCode: UseMutationResult<OtpSent, unknown, { phone: string; resend?: boolean }>;
  retry: LoginRetryView;
  messages: LoginMessages;
  /** The code was sent (or is still on its way) to this E.164 number. */
  goToCode: (e164: string) => void;
  phoneRef: RefObject<HTMLInputElement | null>;
}

/** The sign-in's first step: the country and the national number, checked (SPEC §6) before the code is asked. */
export function usePhoneStep({ requestCode, retry, messages, goToCode, phoneRef }: PhoneStepOptions) {
  const { i18n } = useTranslation();
  const { session } = useApi();
  const [country, setCountry] = useState(() => defaultCountry(currentLanguage(i18n), session));
  const [national, setNational] = useState('');
  const [phoneError, setPhoneError] = useState<PhoneError | null>(null);

  useEffect(() => {
    // Fetched now; a failure shows when the number is sent (below).
    loadPhoneCheck().catch(() => {});
  }, []);

  const send = async () => {
    messages.clear();
    let checkPhone: Awaited<ReturnType<typeof loadPhoneCheck>>;
    try {
      checkPhone = await loadPhoneCheck();
    } catch (error) {
      // The chunk did not arrive (offline): said as a failed request is.
      messages.keep(error);
      return;
    }
    const check = checkPhone(national, country.code);
    if (!check.ok) {
      setPhoneError(check.error);
      phoneRef.current?.focus();
      return;
    }
    setPhoneError(null);
    // The code for this number is already on its way and the wait has not passed: asking again would be a 429.
    if (check.e164 === session.get(OTP_PHONE_KEY) && !retry.canRequest && !retry.tooManyAttempts) {
      goToCode(check.e164);
      return;
    }
    requestCode.mutate(
      { phone: check.e164 },
      { onSuccess: () => goToCode(check.e164), onError: messages.keep },
    );
  };

  const sendCode = () => {
    void send();
  };

  const chooseCountry = (code: string, dialCode: string) => {
    setCountry({ code, dialCode });
    setPhoneError(null);
  };

  const typeNational = (value: string) => {
    setNational(value);
    if (phoneError) setPhoneError(null);
  };

  return {
    country,
    national,
    error: phoneError,
    ref: phoneRef,
    chooseCountry,
    type: typeNational,
    sendCode,
  };
}
