import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { useLoginFlow } from '../hooks/use-login-flow.ts';
import { formatCountdown } from '../lib/otp.ts';
import { LoginCodeStep } from './login-code-step.tsx';
import { LoginPhoneStep } from './login-phone-step.tsx';

export { defaultCountry, LOGIN_STEP, OTP_PHONE_KEY } from '../hooks/use-login-flow.ts';

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
 * Phone sign-in (SPEC §1): country and number, then the 6-digit code, with the resend wait; the
 * other sign-in methods below it. Afterwards the SPEC §2 page rules run (after-sign-in.ts). The
 * state is `useLoginFlow`'s; each step is a component of its own.
 */
export function LoginFlow({
  step,
  onStepChange,
  titleId,
  onSignedIn,
  headingAs: Heading = 'h1',
  purpose = 'sign-in',
}: LoginFlowProps) {
  useTextPart('account');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const linking = purpose === 'link';
  const flow = useLoginFlow({ step, onStepChange, onSignedIn, linking });
  const { retry, requestError } = flow;

  const messages = (
    <>
      {retry.tooManyAttempts && (
        <Notice tone="error">
          {t('auth.errors.tooManyAttempts', { time: formatCountdown(retry.msLeft) })}
        </Notice>
      )}
      {requestError !== null && <Notice tone="error">{describeError(requestError)}</Notice>}
    </>
  );
  return flow.onCodeStep ? (
    <LoginCodeStep flow={flow} messages={messages} titleId={titleId} Heading={Heading} />
  ) : (
    <LoginPhoneStep flow={flow} messages={messages} titleId={titleId} Heading={Heading} linking={linking} />
  );
}
