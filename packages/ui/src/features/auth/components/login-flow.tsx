import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage, type Language } from '../../../i18n/index.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { formatPhone } from '../../../lib/phone-format.ts';
import { useApi } from '../../../providers/api-context.ts';
import { useRequestCode } from '../api/register.ts';
import { useVerifyCode } from '../api/verify.ts';
import { useLoginRetry } from '../hooks/use-login-retry.ts';
import { formatCountdown, isCompleteOtp } from '../lib/otp.ts';
import { checkPhone } from '../lib/phone.ts';
import { CountrySelect, PINNED_COUNTRIES } from './country-select.tsx';
import { OtpInput } from './otp-input.tsx';

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
}

function defaultCountry(language: Language) {
  const [india, brazil] = PINNED_COUNTRIES;
  const pick = language === 'pt-BR' ? brazil : india;
  return { code: pick.code as string, dialCode: pick.dialCode as string };
}

/** Phone sign-in (SPEC §1): country and number, then the 6-digit code, with the resend wait. */
export function LoginFlow({
  step,
  onStepChange,
  titleId,
  onSignedIn,
  headingAs: Heading = 'h1',
}: LoginFlowProps) {
  const { t, i18n } = useTranslation();
  const { session } = useApi();
  const describeError = useErrorMessage();
  const retry = useLoginRetry();
  const requestCode = useRequestCode();
  const verify = useVerifyCode();
  const ids = {
    country: useId(),
    phone: useId(),
    phoneHelp: useId(),
    phoneError: useId(),
    code: useId(),
    codeError: useId(),
  };

  const [country, setCountry] = useState(() => defaultCountry(currentLanguage(i18n)));
  const [national, setNational] = useState('');
  const [phoneError, setPhoneError] = useState<'indianMobile' | 'phoneInvalid' | null>(null);
  const [phone, setPhone] = useState<string | null>(() => session.get(OTP_PHONE_KEY));
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState(false);
  const [requestError, setRequestError] = useState<unknown>(null);
  const [resent, setResent] = useState(false);
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
    verify.mutate(
      { phone, otp: code },
      {
        onSuccess: () => {
          session.remove(OTP_PHONE_KEY);
          onSignedIn?.();
        },
        onError: (error) => {
          setRequestError(error);
          setCode('');
          codeRef.current?.focus();
        },
      },
    );
  };

  const changeNumber = () => {
    clearMessages();
    setCodeError(false);
    onStepChange(LOGIN_STEP.phone);
  };

  const tooMany = retry.tooManyAttempts && (
    <p className="notice notice--error" role="alert">
      {t('auth.errors.tooManyAttempts', { time: formatCountdown(retry.msLeft) })}
    </p>
  );
  const apiError = requestError !== null && (
    <p className="notice notice--error" role="alert">
      {describeError(requestError)}
    </p>
  );

  if (!onCodeStep) {
    return (
      <form className="login" onSubmit={sendCode} noValidate>
        <Heading className="login__title" id={titleId}>
          {t('auth.title')}
        </Heading>
        <p className="login__subtitle">{t('auth.subtitle')}</p>
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
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={requestCode.isPending || retry.tooManyAttempts}
          aria-busy={requestCode.isPending || undefined}
        >
          {requestCode.isPending && <Spinner size="sm" />}
          {t('auth.sendCode')}
        </button>
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
      {resent && (
        <p className="notice notice--success" role="status">
          {t('auth.codeResent')}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={verify.isPending}
        aria-busy={verify.isPending || undefined}
      >
        {verify.isPending && <Spinner size="sm" />}
        {t('auth.verify')}
      </button>
      <div className="login__resend">
        <button
          type="button"
          className="button button--ghost"
          onClick={resend}
          disabled={!retry.canRequest || requestCode.isPending}
        >
          {t('auth.resend')}
        </button>
        {!retry.canRequest && !retry.tooManyAttempts && (
          <p className="field__hint" aria-live="off">
            {t('auth.resendIn', { time: formatCountdown(retry.msLeft) })}
          </p>
        )}
      </div>
    </form>
  );
}
