import type { Profile } from '@khel/core/contract';
import { isValidEmail } from '@khel/core/validation';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useRequestEmailCode } from '../api/update-email.ts';
import { useVerifyEmail } from '../api/verify-email.ts';

type Step = { kind: 'view' } | { kind: 'edit' } | { kind: 'code'; email: string };

const CODE = /^\d{6}$/;

/** A step's refusal, if any, then Cancel and its submit button. */
function StepActions({
  apiError,
  onCancel,
  busy,
  children,
}: {
  apiError: unknown;
  onCancel: () => void;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  return (
    <>
      {apiError ? <Notice tone="error">{describeError(apiError)}</Notice> : null}
      <div className="actions actions--end">
        <Button variant="ghost" onClick={onCancel}>
          {t('account.profile.email.cancel')}
        </Button>
        <Button type="submit" variant="primary" busy={busy}>
          {children}
        </Button>
      </div>
    </>
  );
}

/** The email change: the step it is at, what was typed, and sending the address, then the code. */
function useEmailChange() {
  const requestCode = useRequestEmailCode();
  const verify = useVerifyEmail();
  const [step, setStep] = useState<Step>({ kind: 'view' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<'invalid' | 'code' | null>(null);
  const [verified, setVerified] = useState(false);

  const reset = () => {
    setStep({ kind: 'view' });
    setEmail('');
    setCode('');
    setFieldError(null);
    requestCode.reset();
    verify.reset();
  };

  const send = () => {
    setVerified(false);
    const address = email.trim();
    if (!isValidEmail(address)) {
      setFieldError('invalid');
      return;
    }
    setFieldError(null);
    requestCode.mutate(address, { onSuccess: (sent) => setStep({ kind: 'code', email: sent.email }) });
  };

  const confirm = () => {
    if (!CODE.test(code)) {
      setFieldError('code');
      return;
    }
    setFieldError(null);
    verify.mutate(code, {
      onSuccess: () => {
        reset();
        setVerified(true);
      },
    });
  };

  // Typing clears the field's error.
  const type = (set: (value: string) => void) => (value: string) => {
    set(value);
    setFieldError(null);
  };
  const apiError = (requestCode.isError && requestCode.error) || (verify.isError && verify.error) || null;

  const edit = () => {
    setVerified(false);
    setStep({ kind: 'edit' });
  };
  return {
    step,
    email,
    setEmail,
    code,
    setCode,
    fieldError,
    verified,
    type,
    reset,
    send,
    confirm,
    edit,
    apiError,
    requestCode,
    verify,
  };
}

/** Email with a verification step: PUT /users/me/email sends a code, POST /users/me/verify-email confirms it. */
export function EmailForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const change = useEmailChange();
  const { step, email, setEmail, code, setCode, fieldError, verified, type, reset, apiError } = change;
  return (
    <section className="card profile-section" aria-labelledby="email-title">
      <h2 className="section-title" id="email-title">
        {t('account.profile.email.title')}
      </h2>
      {step.kind === 'view' && <EmailView profile={profile} verified={verified} onEdit={change.edit} />}
      {step.kind === 'edit' && (
        <SubmitForm onSubmit={change.send}>
          <Field
            label={t('account.profile.email.label')}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            error={fieldError === 'invalid' ? t('account.profile.email.errors.invalid') : undefined}
            onValueChange={type(setEmail)}
          />
          <StepActions apiError={apiError} onCancel={reset} busy={change.requestCode.isPending}>
            {t('account.profile.email.sendCode')}
          </StepActions>
        </SubmitForm>
      )}
      {step.kind === 'code' && (
        <SubmitForm onSubmit={change.confirm}>
          <p className="field__hint">{t('account.profile.email.codeSent', { email: step.email })}</p>
          <Field
            label={t('account.profile.email.code')}
            controlClassName="field__control--code"
            digitsOnly
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={fieldError === 'code' ? t('account.profile.email.errors.code') : undefined}
            onValueChange={type(setCode)}
          />
          <StepActions apiError={apiError} onCancel={reset} busy={change.verify.isPending}>
            {t('account.profile.email.verify')}
          </StepActions>
        </SubmitForm>
      )}
    </section>
  );
}

/** The address, whether it is verified, and Change / Add. */
function EmailView({
  profile,
  verified,
  onEdit,
}: {
  profile: Profile;
  verified: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const verifiedEmail = profile.email_verified ?? profile.email !== null;
  return (
    <>
      <div className="setting-row">
        <div className="setting-row__text">
          <p className={profile.email ? 'setting-row__value' : 'setting-row__value details__empty'}>
            {profile.email ?? t('account.profile.email.none')}
          </p>
          {profile.email && (
            <span className={`pill ${verifiedEmail ? 'pill--ok' : ''}`}>
              {verifiedEmail ? t('account.profile.verified') : t('account.profile.notVerified')}
            </span>
          )}
        </div>
        <Button variant="secondary" size="small" onClick={onEdit}>
          {profile.email ? t('account.profile.email.change') : t('account.profile.email.add')}
        </Button>
      </div>
      {verified && <Notice tone="success">{t('account.profile.email.verified')}</Notice>}
    </>
  );
}
