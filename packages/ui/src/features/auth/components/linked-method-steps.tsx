import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import type { DisconnectInput } from '../api/disconnect-method.ts';
import { LOGIN_STEP, LoginFlow } from './login-flow.tsx';

/** 'Disconnect <method>?' with Cancel and Confirm. */
export function DisconnectConfirm({
  provider,
  busy,
  onCancel,
  onConfirm,
}: {
  provider: DisconnectInput['provider'];
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="confirm" role="alertdialog" aria-labelledby="confirm-disconnect-text">
      <p id="confirm-disconnect-text">
        {t(
          provider === 'twitter' || provider === 'discord' || provider === 'steam'
            ? 'account.profile.methods.confirmDisconnectSocial'
            : 'account.profile.methods.confirmDisconnect',
          { method: t(`account.methods.${provider === 'wallet' ? 'evm' : provider}`) },
        )}
      </p>
      <div className="actions actions--end">
        <Button variant="ghost" onClick={onCancel}>
          {t('account.profile.methods.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={busy}>
          {t('account.profile.methods.confirm')}
        </Button>
      </div>
    </div>
  );
}

/** Linking a phone: the login flow for `link` (from its phone step each time it opens), and Cancel. */
export function PhoneLinking({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<number>(LOGIN_STEP.phone);
  return (
    <div className="inline-flow">
      <LoginFlow purpose="link" headingAs="h2" step={step} onStepChange={setStep} onSignedIn={onDone} />
      <Button variant="ghost" block onClick={onDone}>
        {t('account.profile.methods.cancel')}
      </Button>
    </div>
  );
}
