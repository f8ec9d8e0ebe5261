import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { LOGIN_STEP, LoginFlow } from './login-flow.tsx';

/** The sign-in page (/ and /register when signed out). */
export function LoginScreen() {
  const { t } = useTranslation();
  const [step, setStep] = useState<number>(LOGIN_STEP.phone);
  return (
    <Page title={t('routes.register')} width="narrow">
      <section className="card card--raised login-card">
        <LoginFlow step={step} onStepChange={setStep} />
      </section>
    </Page>
  );
}
