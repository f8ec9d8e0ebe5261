import type { AuthResult, OtpSent } from '@khel/core/contract';
import { loginRetryGate } from '@khel/core/session';
import { type UseMutationResult, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useState } from 'react';
import { isApiError } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import {
  afterPhoneVerificationFailed,
  afterPhoneVerified,
  afterSignIn,
  isVerificationFailure,
} from '../lib/after-sign-in.ts';
import { LOGIN_STEP, OTP_PHONE_KEY } from '../lib/login-steps.ts';
import { isCompleteOtp } from '../lib/otp.ts';
import { useAfterSignInEnv } from './use-after-sign-in.ts';
import type { LoginMessages } from './use-login-messages.ts';

/** The API's answer when the code died of wrong tries (429, reason `exhausted`). */
const isExhaustedCode = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === 'exhausted';

interface CodeStepOptions {
  requestCode: UseMutationResult<OtpSent, unknown, { phone: string; resend?: boolean }>;
  verify: UseMutationResult<unknown, unknown, { phone: string; otp: string }>;
  linking: boolean;
  messages: LoginMessages;
  onStepChange: (step: number) => void;
  onSignedIn?: (() => void) | undefined;
  codeRef: RefObject<HTMLInputElement | null>;
}

/** The code typed, whether it is incomplete, and whether it died of wrong tries. */
function useCodeInput() {
  const [value, setValue] = useState('');
  const [error, setError] = useState(false);
  // The code died of wrong tries: Verify cannot work any more, and a new code may be asked at once.
  const [exhausted, setExhausted] = useState(false);
  const type = (next: string) => {
    setValue(next);
    if (error) setError(false);
  };
  return { value, setValue, error, setError, exhausted, setExhausted, type };
}

type CodeInput = ReturnType<typeof useCodeInput>;

/**
 * Checking the code and what follows: signed in (or, `linking`, the phone linked) and the SPEC §2 page rules
 * run; a number that failed verification goes back to the number step; a code refused is cleared.
 */
function useCodeCheck(options: CodeStepOptions, input: CodeInput) {
  const { verify, linking, messages, onStepChange, onSignedIn, codeRef } = options;
  const { session } = useApi();
  const queryClient = useQueryClient();
  const afterSignInEnv = useAfterSignInEnv();

  const verified = (phone: string, result: unknown) => {
    session.remove(OTP_PHONE_KEY);
    if (linking) {
      void queryClient.invalidateQueries();
      afterPhoneVerified(afterSignInEnv(), phone);
    } else {
      afterSignIn(afterSignInEnv(), {
        method: 'phone',
        phone: (result as AuthResult).user.phoneNumber ?? phone,
      });
    }
    onSignedIn?.();
  };

  const refused = (error: unknown) => {
    if (isApiError(error) && isVerificationFailure(error.status)) {
      session.remove(OTP_PHONE_KEY);
      afterPhoneVerificationFailed(afterSignInEnv(), error.status);
      onStepChange(LOGIN_STEP.phone);
      return;
    }
    messages.setRequestError(error);
    input.setValue('');
    if (isApiError(error) && isExhaustedCode(error.data)) {
      loginRetryGate(session).codeExhausted();
      input.setExhausted(true);
      return;
    }
    codeRef.current?.focus();
  };

  // mutateAsync, not mutate's callbacks: a sign-in closes the login modal (the user is signed in as
  // soon as the tokens are stored), and mutate's callbacks never run once this component is gone,
  // which skipped the SPEC §2 after-sign-in rules (the quests page's refresh) in the modal.
  const check = (phone: string, otp: string) =>
    verify.mutateAsync({ phone, otp }).then((result) => verified(phone, result), refused);

  const walletSignedIn = () => {
    afterSignIn(afterSignInEnv(), { method: 'wallet' });
    onSignedIn?.();
  };

  return { check, walletSignedIn };
}

/** The sign-in's second step: the 6-digit code sent to `phone`, resending it, and back to the number. */
export function useCodeStep(options: CodeStepOptions) {
  const { requestCode, messages, onStepChange, codeRef } = options;
  const { session } = useApi();
  const input = useCodeInput();
  const codeCheck = useCodeCheck(options, input);
  const [phone, setPhone] = useState<string | null>(() => session.get(OTP_PHONE_KEY));

  const goToCode = (e164: string) => {
    session.set(OTP_PHONE_KEY, e164);
    setPhone(e164);
    input.setValue('');
    input.setError(false);
    input.setExhausted(false);
    onStepChange(LOGIN_STEP.code);
  };

  const resend = () => {
    if (!phone) return;
    messages.clear();
    requestCode.mutate(
      { phone, resend: true },
      {
        onSuccess: () => {
          messages.setResent(true);
          input.setExhausted(false);
          input.setValue('');
          codeRef.current?.focus();
        },
        onError: messages.keep,
      },
    );
  };

  const submitCode = () => {
    messages.clear();
    if (!phone) return;
    if (!isCompleteOtp(input.value)) {
      input.setError(true);
      codeRef.current?.focus();
      return;
    }
    input.setError(false);
    void codeCheck.check(phone, input.value);
  };

  const changeNumber = () => {
    messages.clear();
    input.setError(false);
    onStepChange(LOGIN_STEP.phone);
  };

  return {
    goToCode,
    walletSignedIn: codeCheck.walletSignedIn,
    code: {
      phone,
      value: input.value,
      error: input.error,
      exhausted: input.exhausted,
      resent: messages.resent,
      ref: codeRef,
      type: input.type,
      submitCode,
      resend,
      changeNumber,
    },
  };
}
