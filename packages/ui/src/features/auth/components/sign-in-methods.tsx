import type { AuthResult } from '@khel/core/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
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
        <button
          type="button"
          className="button button--secondary button--block method-button"
          disabled={busy}
          aria-busy={redirect.leavingFor === 'whatsapp' || undefined}
          onClick={() => redirect.start('whatsapp', 'sign-in')}
        >
          {redirect.leavingFor === 'whatsapp' ? (
            <Spinner size="sm" />
          ) : (
            <ChatIcon className="method-button__icon" />
          )}
          {t('account.signIn.whatsapp')}
        </button>
      )}
      {showGoogle && (
        <button
          type="button"
          className="button button--secondary button--block method-button"
          disabled={busy}
          aria-busy={redirect.leavingFor === 'google' || undefined}
          onClick={() => redirect.start('google', 'sign-in')}
        >
          {redirect.leavingFor === 'google' ? (
            <Spinner size="sm" />
          ) : (
            <LetterGIcon className="method-button__icon" />
          )}
          {t('account.signIn.google')}
        </button>
      )}
      {wallet.available && (
        <button
          type="button"
          className="button button--secondary button--block method-button"
          disabled={busy}
          aria-busy={wallet.busy || undefined}
          aria-describedby={hintId}
          onClick={() => void wallet.start()}
        >
          {wallet.busy ? <Spinner size="sm" /> : <WalletIcon className="method-button__icon" />}
          {t('account.signIn.wallet')}
        </button>
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
