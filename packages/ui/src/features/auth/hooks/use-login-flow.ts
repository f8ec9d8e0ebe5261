import type { AuthResult, OtpSent } from '@khel/core/contract';
import type { SessionStore } from '@khel/core/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language } from '../../../i18n/index.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { readStoredLocation } from '../../../lib/user-location.ts';
import { useApi } from '../../../providers/api-context.ts';
import { sendLinkPhoneCode, verifyLinkPhone } from '../api/link-phone.ts';
import { useRequestCode } from '../api/register.ts';
import { useVerifyCode } from '../api/verify.ts';
import { PINNED_COUNTRIES } from '../components/country-select.tsx';
import {
  afterPhoneVerificationFailed,
  afterPhoneVerified,
  afterSignIn,
  isVerificationFailure,
} from '../lib/after-sign-in.ts';
import { isCompleteOtp } from '../lib/otp.ts';
import { checkPhone } from '../lib/phone.ts';
import { useAfterSignInEnv } from './use-after-sign-in.ts';
import { useLoginRetry } from './use-login-retry.ts';

/** Session key holding the E.164 number the last code went to, so a reload can go straight to the code. */
export const OTP_PHONE_KEY = 'otpPhone';

export const LOGIN_STEP = { phone: 1, code: 2 } as const;

export type PhoneError = 'indianMobile' | 'phoneInvalid';

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

/** The API's answer when the code died of wrong tries (429, reason `exhausted`). */
const isExhaustedCode = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === 'exhausted';

/** Sign-in requests, or the link-a-phone ones (POST /social-auth/phone/send, /verify) for `link`. */
function usePhoneRequests(linking: boolean) {
  const { client, session } = useApi();
  const signInCode = useRequestCode();
  const signInVerify = useVerifyCode();
  const linkCode = useMutation({
    mutationFn: ({ phone }: { phone: string; resend?: boolean }): Promise<OtpSent> =>
      sendLinkPhoneCode(client, session, phone),
  });
  const linkVerify = useMutation({
    mutationFn: (input: { phone: string; otp: string }) => verifyLinkPhone(client, input),
  });
  return { requestCode: linking ? linkCode : signInCode, verify: linking ? linkVerify : signInVerify };
}

export interface LoginFlowOptions {
  step: number;
  onStepChange: (step: number) => void;
  onSignedIn?: (() => void) | undefined;
  linking: boolean;
}

/**
 * The phone sign-in's state and actions (SPEC §1): country and number, then the 6-digit code, with
 * the resend wait; afterwards the SPEC §2 page rules run (after-sign-in.ts). The step components
 * draw it.
 */
export function useLoginFlow({ step, onStepChange, onSignedIn, linking }: LoginFlowOptions) {
  const { i18n } = useTranslation();
  const { session } = useApi();
  const queryClient = useQueryClient();
  const afterSignInEnv = useAfterSignInEnv();
  const retry = useLoginRetry();
  const { requestCode, verify } = usePhoneRequests(linking);

  const [country, setCountry] = useState(() => defaultCountry(currentLanguage(i18n), session));
  const [national, setNational] = useState('');
  const [phoneError, setPhoneError] = useState<PhoneError | null>(null);
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

  const sendCode = () => {
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

  const submitCode = () => {
    clearMessages();
    if (!phone) return;
    if (!isCompleteOtp(code)) {
      setCodeError(true);
      codeRef.current?.focus();
      return;
    }
    setCodeError(false);
    const verified = phone;
    // mutateAsync, not mutate's callbacks: a sign-in closes the login modal (the user is signed in as
    // soon as the tokens are stored), and mutate's callbacks never run once this component is gone,
    // which skipped the SPEC §2 after-sign-in rules (the quests page's refresh) in the modal.
    verify.mutateAsync({ phone: verified, otp: code }).then(
      (result) => {
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
      (error: unknown) => {
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

  const chooseCountry = (code: string, dialCode: string) => {
    setCountry({ code, dialCode });
    setPhoneError(null);
  };

  const typeNational = (value: string) => {
    setNational(value);
    if (phoneError) setPhoneError(null);
  };

  const typeCode = (next: string) => {
    setCode(next);
    if (codeError) setCodeError(false);
  };

  return {
    onCodeStep,
    retry,
    requestCode,
    verify,
    requestError,
    phone: {
      country,
      national,
      error: phoneError,
      ref: phoneRef,
      chooseCountry,
      type: typeNational,
      sendCode,
    },
    code: {
      phone,
      value: code,
      error: codeError,
      exhausted,
      resent,
      ref: codeRef,
      type: typeCode,
      submitCode,
      resend,
      changeNumber,
    },
    walletSignedIn,
  };
}

export type LoginFlowState = ReturnType<typeof useLoginFlow>;
