import type { AuthResult, OtpSent } from '@khel/core/contract';
import type { SessionStore } from '@khel/core/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage, type Language } from '../../../i18n/index.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { formatPhone } from '../../../lib/phone-format.ts';
import { readStoredLocation } from '../../../lib/user-location.ts';
import { useApi } from '../../../providers/api-context.ts';
import { sendLinkPhoneCode, verifyLinkPhone } from '../api/link-phone.ts';
import { useRequestCode } from '../api/register.ts';
import { useVerifyCode } from '../api/verify.ts';
import { useAfterSignInEnv } from '../hooks/use-after-sign-in.ts';
import { useLoginRetry } from '../hooks/use-login-retry.ts';
import {
  afterPhoneVerificationFailed,
  afterPhoneVerified,
  afterSignIn,
  isVerificationFailure,
} from '../lib/after-sign-in.ts';
import { formatCountdown, isCompleteOtp } from '../lib/otp.ts';
import { checkPhone } from '../lib/phone.ts';
import { CountrySelect, PINNED_COUNTRIES } from './country-select.tsx';
import { OtpInput } from './otp-input.tsx';
import { SignInMethods } from './sign-in-methods.tsx';

/** Session key holding the E.164 number the last code went to, so a reload can go straight to the code. */
export const OTP_PHONE_KEY = 'otpPhone';

export const LOGIN_STEP = { phone: 1, code: 2 } as const;

export interface LoginFlowProps {
  /** 1: phone number, 2: code (the modal keeps it in the UI store's validationStep). */
  step: number;
  onStepChange: (step: number) => void;
  /** Id for the step heading, so a dialog can point aria-labelledby at it. */
  titleId?: string;
  onSignedIn?: () => void;
  /** h1 on the sign-in page, h2 inside the modal. */
  headingAs?: 'h1' | 'h2';
  /**
   * `sign-in` (default): phone sign-in plus the other methods the front end offers.
   * `link`: a signed-in user adds a phone to the account (POST /social-auth/phone/send, /verify).
   */
  purpose?: 'sign-in' | 'link';
}

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

/**
 * Phone sign-in (SPEC §1): country and number, then the 6-digit code, with the resend wait; the
 * other sign-in methods below it. Afterwards the SPEC §2 page rules run (after-sign-in.ts).
 */
/** The API's answer when the code died of wrong tries (429, reason `exhausted`). */
const isExhaustedCode = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === 'exhausted';

export function LoginFlow({
  step,
  onStepChange,
  titleId,
  onSignedIn,
  headingAs: Heading = 'h1',
  purpose = 'sign-in',
}: LoginFlowProps) {
  useTextPart('account');
  const { t, i18n } = useTranslation();
  const { client, session } = useApi();
  const queryClient = useQueryClient();
  const describeError = useErrorMessage();
  const afterSignInEnv = useAfterSignInEnv();
  const retry = useLoginRetry();
  const signInCode = useRequestCode();
  const signInVerify = useVerifyCode();
  const linkCode = useMutation({
    mutationFn: ({ phone }: { phone: string; resend?: boolean }): Promise<OtpSent> =>
      sendLinkPhoneCode(client, session, phone),
  });
  const linkVerify = useMutation({
    mutationFn: (input: { phone: string; otp: string }) => verifyLinkPhone(client, input),
  });
  const linking = purpose === 'link';
  const requestCode = linking ? linkCode : signInCode;
  const verify = linking ? linkVerify : signInVerify;
  const ids = {
    country: useId(),
    phone: useId(),
    phoneHelp: useId(),
    phoneError: useId(),
    code: useId(),
    codeError: useId(),
  };

  const [country, setCountry] = useState(() => defaultCountry(currentLanguage(i18n), session));
  const [national, setNational] = useState('');
  const [phoneError, setPhoneError] = useState<'indianMobile' | 'phoneInvalid' | null>(null);
  const [phone, setPhone] = useState<string | null>(() => session.get(OTP_PHONE_KEY));
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState(false);
  const [requestError, setRequestError] = useState<unknown>(null);
  const [resent, setResent] = useState(false);
  // The code died of wrong tries: Verify cannot work any more, and a new code may be asked at once.
  const [exhausted, setExhausted] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const onCodeStep = step === LOGIN_STEP.code && phone !== null;

  // Focus follows the step; the first render leaves focus alone (no keyboard popping up on page load).
  const shownStep = useRef(onCodeStep);
  useEffect(() => {
    if (shownStep.current === onCodeStep) return;
    shownStep.current = onCodeStep;
    (onCodeStep ? codeRef : phoneRef).current?.focus();
  }, [onCodeStep]);

  const clearMessages = () => {
    setRequestError(null);
    setResent(false);
  };

  // A 429 to a code request is shown as the too-many-attempts state (with its countdown), not as a raw message.
  const keepError = (error: unknown) => {
    if (!(isApiError(error) && error.status === 429)) setRequestError(error);
  };

  const goToCode = (e164: string) => {
    session.set(OTP_PHONE_KEY, e164);
    setPhone(e164);
    setCode('');
    setCodeError(false);
    setExhausted(false);
    onStepChange(LOGIN_STEP.code);
  };

  const sendCode = (event: React.FormEvent) => {
    event.preventDefault();
    clearMessages();
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
    requestCode.mutate({ phone: check.e164 }, { onSuccess: () => goToCode(check.e164), onError: keepError });
  };

  const resend = () => {
    if (!phone) return;
    clearMessages();
    requestCode.mutate(
      { phone, resend: true },
      {
        onSuccess: () => {
          setResent(true);
          setExhausted(false);
          setCode('');
          codeRef.current?.focus();
        },
        onError: keepError,
      },
    );
  };

  const submitCode = (event: React.FormEvent) => {
    event.preventDefault();
    clearMessages();
    if (!phone) return;
    if (!isCompleteOtp(code)) {
      setCodeError(true);
      codeRef.current?.focus();
      return;
    }
    setCodeError(false);
    const verified = phone;
    verify.mutate(
      { phone: verified, otp: code },
      {
        onSuccess: (result) => {
          session.remove(OTP_PHONE_KEY);
          if (linking) {
            void queryClient.invalidateQueries();
            afterPhoneVerified(afterSignInEnv(), verified);
          } else {
            afterSignIn(afterSignInEnv(), {
              method: 'phone',
              phone: (result as AuthResult).user.phoneNumber ?? verified,
            });
          }
          onSignedIn?.();
        },
        onError: (error) => {
          if (isApiError(error) && isVerificationFailure(error.status)) {
            session.remove(OTP_PHONE_KEY);
            afterPhoneVerificationFailed(afterSignInEnv(), error.status);
            onStepChange(LOGIN_STEP.phone);
            return;
          }
          setRequestError(error);
          setCode('');
          if (isApiError(error) && isExhaustedCode(error.data)) {
            session.loginRetry.codeExhausted();
            setExhausted(true);
            return;
          }
          codeRef.current?.focus();
        },
      },
    );
  };

  const walletSignedIn = () => {
    afterSignIn(afterSignInEnv(), { method: 'wallet' });
    onSignedIn?.();
  };

  const changeNumber = () => {
    clearMessages();
    setCodeError(false);
    onStepChange(LOGIN_STEP.phone);
  };

  const tooMany = retry.tooManyAttempts && (
    <Notice tone="error">{t('auth.errors.tooManyAttempts', { time: formatCountdown(retry.msLeft) })}</Notice>
  );
  const apiError = requestError !== null && <Notice tone="error">{describeError(requestError)}</Notice>;

  if (!onCodeStep) {
    return (
      <form className="login" onSubmit={sendCode} noValidate>
        <Heading className="login__title" id={titleId}>
          {linking ? t('account.profile.methods.linkPhoneTitle') : t('auth.title')}
        </Heading>
        <p className="login__subtitle">
          {linking ? t('account.profile.methods.linkPhoneSubtitle') : t('auth.subtitle')}
        </p>
        <div className="field">
          <label className="field__label" htmlFor={ids.country}>
            {t('auth.country')}
          </label>
          <CountrySelect
            id={ids.country}
            value={country.code}
            onChange={(code, dialCode) => {
              setCountry({ code, dialCode });
              setPhoneError(null);
            }}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.phone}>
            {t('auth.phone')}
          </label>
          <div className={`phone-input ${phoneError ? 'phone-input--invalid' : ''}`}>
            <span className="phone-input__prefix" aria-hidden="true">
              {country.dialCode}
            </span>
            <input
              ref={phoneRef}
              id={ids.phone}
              className="phone-input__control"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              value={national}
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={phoneError ? `${ids.phoneError} ${ids.phoneHelp}` : ids.phoneHelp}
              onChange={(e) => {
                setNational(e.target.value);
                if (phoneError) setPhoneError(null);
              }}
            />
          </div>
          {phoneError ? (
            <p className="field__error" id={ids.phoneError}>
              {t(`auth.errors.${phoneError}`)}
            </p>
          ) : null}
          <p className="field__hint" id={ids.phoneHelp}>
            {t('auth.phoneHint')}
          </p>
        </div>
        {tooMany}
        {apiError}
        <Button
          type="submit"
          variant="primary"
          block
          disabled={retry.tooManyAttempts}
          busy={requestCode.isPending}
        >
          {t('auth.sendCode')}
        </Button>
        {!linking && <SignInMethods onWalletSignedIn={walletSignedIn} />}
      </form>
    );
  }

  return (
    <form className="login" onSubmit={submitCode} noValidate>
      <Heading className="login__title" id={titleId}>
        {t('auth.codeTitle')}
      </Heading>
      <p className="login__subtitle">
        {t('auth.codeSentTo', { phone: formatPhone(phone) })}{' '}
        <button type="button" className="link-button" onClick={changeNumber}>
          {t('auth.changeNumber')}
        </button>
      </p>
      <div className="field">
        <label className="field__label" htmlFor={ids.code}>
          {t('auth.code')}
        </label>
        <OtpInput
          ref={codeRef}
          id={ids.code}
          value={code}
          disabled={exhausted}
          invalid={codeError}
          describedBy={codeError ? ids.codeError : undefined}
          onChange={(next) => {
            setCode(next);
            if (codeError) setCodeError(false);
          }}
        />
        {codeError && (
          <p className="field__error" id={ids.codeError}>
            {t('auth.errors.codeIncomplete')}
          </p>
        )}
      </div>
      {tooMany}
      {apiError}
      {resent && <Notice tone="success">{t('auth.codeResent')}</Notice>}
      <Button type="submit" variant="primary" block disabled={exhausted} busy={verify.isPending}>
        {t('auth.verify')}
      </Button>
      <div className="login__resend">
        <Button variant="ghost" onClick={resend} disabled={!retry.canRequest || requestCode.isPending}>
          {t('auth.resend')}
        </Button>
        {!retry.canRequest && !retry.tooManyAttempts && (
          <p className="field__hint" aria-live="off">
            {t('auth.resendIn', { time: formatCountdown(retry.msLeft) })}
          </p>
        )}
      </div>
    </form>
  );
}
