import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { formatPhone } from '../../../lib/phone-format.ts';
import { formatCountdown } from '../lib/otp.ts';
import type { LoginStepProps } from './login-phone-step.tsx';
import { OtpInput } from './otp-input.tsx';

/** Step 2: the 6-digit code sent to the number, Verify, and Resend once the wait has passed. */
export function LoginCodeStep({ flow, messages, titleId, Heading }: Omit<LoginStepProps, 'linking'>) {
  const { t } = useTranslation();
  const { code, retry } = flow;
  const ids = { code: useId(), codeError: useId() };
  return (
    <SubmitForm className="login" onSubmit={code.submitCode}>
      <Heading className="login__title" id={titleId}>
        {t('auth.codeTitle')}
      </Heading>
      <p className="login__subtitle">
        {t('auth.codeSentTo', { phone: formatPhone(code.phone ?? '') })}{' '}
        <button type="button" className="link-button" onClick={code.changeNumber}>
          {t('auth.changeNumber')}
        </button>
      </p>
      <div className="field">
        <label className="field__label" htmlFor={ids.code}>
          {t('auth.code')}
        </label>
        <OtpInput
          ref={code.ref}
          id={ids.code}
          value={code.value}
          disabled={code.exhausted}
          invalid={code.error}
          describedBy={code.error ? ids.codeError : undefined}
          onChange={code.type}
        />
        {code.error && (
          <p className="field__error" id={ids.codeError}>
            {t('auth.errors.codeIncomplete')}
          </p>
        )}
      </div>
      {messages}
      {code.resent && <Notice tone="success">{t('auth.codeResent')}</Notice>}
      <Button type="submit" variant="primary" block disabled={code.exhausted} busy={flow.verify.isPending}>
        {t('auth.verify')}
      </Button>
      <div className="login__resend">
        <Button
          variant="ghost"
          onClick={code.resend}
          disabled={!retry.canRequest || flow.requestCode.isPending}
        >
          {t('auth.resend')}
        </Button>
        {!retry.canRequest && !retry.tooManyAttempts && (
          <p className="field__hint" aria-live="off">
            {t('auth.resendIn', { time: formatCountdown(retry.msLeft) })}
          </p>
        )}
      </div>
    </SubmitForm>
  );
}
