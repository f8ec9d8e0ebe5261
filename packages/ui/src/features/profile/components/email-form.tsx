import type { Profile } from '@khel/core/contract';
import { isValidEmail } from '@khel/core/validation';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useRequestEmailCode } from '../api/update-email.ts';
import { useVerifyEmail } from '../api/verify-email.ts';

type Step = { kind: 'view' } | { kind: 'edit' } | { kind: 'code'; email: string };

const CODE = /^\d{6}$/;

/** Email with a verification step: PUT /users/me/email sends a code, POST /users/me/verify-email confirms it. */
export function EmailForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const requestCode = useRequestEmailCode();
  const verify = useVerifyEmail();
  const [step, setStep] = useState<Step>({ kind: 'view' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<'invalid' | 'code' | null>(null);
  const [verified, setVerified] = useState(false);
  const emailId = useId();
  const codeId = useId();
  const errorId = useId();
  const verifiedEmail = profile.email_verified ?? profile.email !== null;

  const reset = () => {
    setStep({ kind: 'view' });
    setEmail('');
    setCode('');
    setFieldError(null);
    requestCode.reset();
    verify.reset();
  };

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    setVerified(false);
    const address = email.trim();
    if (!isValidEmail(address)) {
      setFieldError('invalid');
      return;
    }
    setFieldError(null);
    requestCode.mutate(address, { onSuccess: (sent) => setStep({ kind: 'code', email: sent.email }) });
  };

  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
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

  const apiError = (requestCode.isError && requestCode.error) || (verify.isError && verify.error) || null;

  return (
    <section className="card profile-section" aria-labelledby="email-title">
      <h2 className="section-title" id="email-title">
        {t('account.profile.email.title')}
      </h2>
      {step.kind === 'view' && (
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
            <Button
              variant="secondary"
              size="small"
              onClick={() => {
                setVerified(false);
                setStep({ kind: 'edit' });
              }}
            >
              {profile.email ? t('account.profile.email.change') : t('account.profile.email.add')}
            </Button>
          </div>
          {verified && <Notice tone="success">{t('account.profile.email.verified')}</Notice>}
        </>
      )}
      {step.kind === 'edit' && (
        <form onSubmit={send} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={emailId}>
              {t('account.profile.email.label')}
            </label>
            <input
              id={emailId}
              className="field__control"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              aria-invalid={fieldError === 'invalid' || undefined}
              aria-describedby={fieldError ? errorId : undefined}
              onChange={(e) => {
                setEmail(e.target.value);
                setFieldError(null);
              }}
            />
            {fieldError === 'invalid' && (
              <p className="field__error" id={errorId}>
                {t('account.profile.email.errors.invalid')}
              </p>
            )}
          </div>
          {apiError && <Notice tone="error">{describeError(apiError)}</Notice>}
          <div className="actions actions--end">
            <Button variant="ghost" onClick={reset}>
              {t('account.profile.email.cancel')}
            </Button>
            <Button type="submit" variant="primary" busy={requestCode.isPending}>
              {t('account.profile.email.sendCode')}
            </Button>
          </div>
        </form>
      )}
      {step.kind === 'code' && (
        <form onSubmit={confirm} noValidate>
          <p className="field__hint">{t('account.profile.email.codeSent', { email: step.email })}</p>
          <div className="field">
            <label className="field__label" htmlFor={codeId}>
              {t('account.profile.email.code')}
            </label>
            <input
              id={codeId}
              className="field__control field__control--code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              aria-invalid={fieldError === 'code' || undefined}
              aria-describedby={fieldError ? errorId : undefined}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
                setFieldError(null);
              }}
            />
            {fieldError === 'code' && (
              <p className="field__error" id={errorId}>
                {t('account.profile.email.errors.code')}
              </p>
            )}
          </div>
          {apiError && <Notice tone="error">{describeError(apiError)}</Notice>}
          <div className="actions actions--end">
            <Button variant="ghost" onClick={reset}>
              {t('account.profile.email.cancel')}
            </Button>
            <Button type="submit" variant="primary" busy={verify.isPending}>
              {t('account.profile.email.verify')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
