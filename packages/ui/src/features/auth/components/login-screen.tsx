import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { useUiStore } from '../../../stores/ui-store.ts';
import { LOGIN_STEP, LoginFlow } from './login-flow.tsx';

/**
 * The sign-in page (/ and /register when signed out). It is the login form itself, so a login modal
 * open over it (a guarded page just left after logging out opens one for its signed-out render) is
 * closed, without its close handler.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const [step, setStep] = useState<number>(LOGIN_STEP.phone);
  const loginModalOpen = useUiStore((s) => s.modal.type === 'login');
  const resetModal = useUiStore((s) => s.resetModal);
  useEffect(() => {
    if (loginModalOpen) resetModal();
  }, [loginModalOpen, resetModal]);
  return (
    <Page title={t('routes.register')} width="narrow">
      <section className="card card--raised login-card">
        <LoginFlow step={step} onStepChange={setStep} />
      </section>
    </Page>
  );
}
