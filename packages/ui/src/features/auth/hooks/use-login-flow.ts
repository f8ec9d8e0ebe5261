import type { OtpSent } from '@khel/core/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApi } from '../../../providers/api-context.ts';
import { sendLinkPhoneCode, verifyLinkPhone } from '../api/link-phone.ts';
import { useRequestCode } from '../api/register.ts';
import { useVerifyCode } from '../api/verify.ts';
import { LOGIN_STEP } from '../lib/login-steps.ts';
import { useCodeStep } from './use-code-step.ts';
import { useLoginMessages } from './use-login-messages.ts';
import { useLoginRetry } from './use-login-retry.ts';
import { usePhoneStep } from './use-phone-step.ts';

export { LOGIN_STEP, OTP_PHONE_KEY } from '../lib/login-steps.ts';
export { defaultCountry, type PhoneError } from './use-phone-step.ts';

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
 * draw it; each step's state is its own hook (use-phone-step.ts, use-code-step.ts).
 */
export function useLoginFlow({ step, onStepChange, onSignedIn, linking }: LoginFlowOptions) {
  const retry = useLoginRetry();
  const { requestCode, verify } = usePhoneRequests(linking);
  const messages = useLoginMessages();
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const codeStep = useCodeStep({ requestCode, verify, linking, messages, onStepChange, onSignedIn, codeRef });
  const phoneStep = usePhoneStep({ requestCode, retry, messages, goToCode: codeStep.goToCode, phoneRef });

  const onCodeStep = step === LOGIN_STEP.code && codeStep.code.phone !== null;

  // Focus follows the step; the first render leaves focus alone (no keyboard popping up on page load).
  const shownStep = useRef(onCodeStep);
  useEffect(() => {
    if (shownStep.current === onCodeStep) return;
    shownStep.current = onCodeStep;
    (onCodeStep ? codeRef : phoneRef).current?.focus();
  }, [onCodeStep]);

  return {
    onCodeStep,
    retry,
    requestCode,
    verify,
    requestError: messages.requestError,
    phone: phoneStep,
    code: codeStep.code,
    walletSignedIn: codeStep.walletSignedIn,
  };
}

export type LoginFlowState = ReturnType<typeof useLoginFlow>;
