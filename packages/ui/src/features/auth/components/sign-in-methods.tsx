import '../sign-in-methods.css';
import type { AuthResult } from '@khel/core/contract';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useRedirectSignIn } from '../hooks/use-redirect-sign-in.ts';
import { useWalletSignIn } from '../hooks/use-wallet-sign-in.ts';
import { ChatIcon, LetterGIcon, WalletIcon } from './method-icons.tsx';

/**
 * The sign-ins offered next to the phone form: WhatsApp one-time login and Google (when the server
 * offers them and the front end allows leaving the page) and a browser wallet (website only).
 * Renders nothing when none is offered. Needs the account texts (useTextPart('account')).
 */
export function SignInMethods({ onWalletSignedIn }: { onWalletSignedIn: (auth: AuthResult) => void }) {
  const { t } = useTranslation();
  const redirect = useRedirectSignIn();
  const wallet = useWalletSignIn('sign-in', onWalletSignedIn);
  const hintId = useId();
  const showWhatsapp = redirect.available('whatsapp');
  const showGoogle = redirect.available('google');
  if (!showWhatsapp && !showGoogle && !wallet.available) {
    return redirect.loading ? (
      <div className="sign-in-methods sign-in-methods--loading" aria-hidden="true" />
    ) : null;
  }
  const busy = wallet.busy || redirect.leavingFor !== null;

  return (
    <div className="sign-in-methods">
      <p className="sign-in-methods__or">
        <span>{t('account.signIn.or')}</span>
      </p>
      {showWhatsapp && (
        <MethodButton
          mark={ChatIcon}
          disabled={busy}
          busy={redirect.leavingFor === 'whatsapp'}
          onClick={() => redirect.start('whatsapp', 'sign-in')}
        >
          {t('account.signIn.whatsapp')}
        </MethodButton>
      )}
      {showGoogle && (
        <MethodButton
          mark={LetterGIcon}
          disabled={busy}
          busy={redirect.leavingFor === 'google'}
          onClick={() => redirect.start('google', 'sign-in')}
        >
          {t('account.signIn.google')}
        </MethodButton>
      )}
      {wallet.available && (
        <MethodButton
          mark={WalletIcon}
          disabled={busy}
          busy={wallet.busy}
          aria-describedby={hintId}
          onClick={() => void wallet.start()}
        >
          {t('account.signIn.wallet')}
        </MethodButton>
      )}
      {wallet.available && (
        <p className="field__hint sign-in-methods__hint" id={hintId}>
          {t('account.signIn.walletHint')}
        </p>
      )}
      {wallet.progress && (
        <p className="notice" role="status">
          {wallet.progress}
        </p>
      )}
      {wallet.error && <Notice tone="error">{wallet.error}</Notice>}
    </div>
  );
}

/** A sign-in method's button: full width, secondary, its mark before the label (a spinner while busy). */
function MethodButton({
  mark: Mark,
  ...props
}: ButtonProps & { mark: (props: { className?: string }) => ReactNode }) {
  return (
    <Button
      variant="secondary"
      block
      className="method-button"
      icon={<Mark className="method-button__icon" />}
      {...props}
    />
  );
}
