import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { SubmitForm } from '../../../components/submit-form.tsx';
import type { LoginFlowState } from '../hooks/use-login-flow.ts';
import { CountrySelect } from './country-select.tsx';
import { SignInMethods } from './sign-in-methods.tsx';

export interface LoginStepProps {
  flow: LoginFlowState;
  /** The too-many-attempts and request error notices, shown above the step's main button. */
  messages: ReactNode;
  titleId?: string | undefined;
  Heading: 'h1' | 'h2';
  linking: boolean;
}

/** Step 1: country and number (with its hint or error); the other sign-in methods below it. */
export function LoginPhoneStep({ flow, messages, titleId, Heading, linking }: LoginStepProps) {
  const { t } = useTranslation();
  const { phone } = flow;
  const ids = { country: useId(), phone: useId(), phoneHelp: useId(), phoneError: useId() };
  return (
    <SubmitForm className="login" onSubmit={phone.sendCode}>
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
        <CountrySelect id={ids.country} value={phone.country.code} onChange={phone.chooseCountry} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.phone}>
          {t('auth.phone')}
        </label>
        <div className={`phone-input ${phone.error ? 'phone-input--invalid' : ''}`}>
          <span className="phone-input__prefix" aria-hidden="true">
            {phone.country.dialCode}
          </span>
          <input
            ref={phone.ref}
            id={ids.phone}
            className="phone-input__control"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={phone.national}
            aria-invalid={phone.error ? true : undefined}
            aria-describedby={phone.error ? `${ids.phoneError} ${ids.phoneHelp}` : ids.phoneHelp}
            onChange={(e) => phone.type(e.target.value)}
          />
        </div>
        {phone.error ? (
          <p className="field__error" id={ids.phoneError}>
            {t(`auth.errors.${phone.error}`)}
          </p>
        ) : null}
        <p className="field__hint" id={ids.phoneHelp}>
          {t('auth.phoneHint')}
        </p>
      </div>
      {messages}
      <Button
        type="submit"
        variant="primary"
        block
        disabled={flow.retry.tooManyAttempts}
        busy={flow.requestCode.isPending}
      >
        {t('auth.sendCode')}
      </Button>
      {!linking && <SignInMethods onWalletSignedIn={flow.walletSignedIn} />}
    </SubmitForm>
  );
}
