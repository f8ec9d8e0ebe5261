import '../../../components/placeholder.css';
import '../sign-in-methods.css';
import type { AuthResult } from '@khel/core/contract';
import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useRedirectSignIn } from '../hooks/use-redirect-sign-in.ts';
import { useWalletSignIn } from '../hooks/use-wallet-sign-in.ts';
import { ChatIcon, LetterGIcon, WalletIcon } from './method-icons.tsx';

/** Where this device keeps how many of WhatsApp and Google the server offered last time. */
const OFFERED_KEY = 'khel-pref.signIn.redirectMethods';

/**
 * How many redirect methods to hold room for while the server's list loads: as many as last time, both
 * before any (the server usually offers both).
 */
function offeredBefore(): number {
  try {
    const kept = localStorage.getItem(OFFERED_KEY);
    return kept === '0' || kept === '1' ? Number(kept) : 2;
  } catch {
    return 2;
  }
}

function rememberOffered(count: number) {
  try {
    localStorage.setItem(OFFERED_KEY, String(count));
  } catch {
    // Storage refused (private mode): the next visit holds room for both again.
  }
}

/**
 * The sign-ins offered next to the phone form: WhatsApp one-time login and Google (when the server
 * offers them and the front end allows leaving the page) and a browser wallet (website only).
 * Renders nothing when none is offered. Needs the account texts (useTextPart('account')). While the
 * server's list loads, inert placeholders hold the room of the methods this device saw offered last time,
 * so the form's footer does not move when they come (issue 25, layout shift).
 */
export function SignInMethods({ onWalletSignedIn }: { onWalletSignedIn: (auth: AuthResult) => void }) {
  const { t } = useTranslation();
  const redirect = useRedirectSignIn();
  const wallet = useWalletSignIn('sign-in', onWalletSignedIn);
  const hintId = useId();
  const showWhatsapp = redirect.available('whatsapp');
  const showGoogle = redirect.available('google');
  const offered = redirect.loaded ? Number(showWhatsapp) + Number(showGoogle) : undefined;
  useEffect(() => {
    if (offered !== undefined) rememberOffered(offered);
  }, [offered]);
  const pending = redirect.loading ? offeredBefore() : 0;
  if (!showWhatsapp && !showGoogle && !wallet.available && pending === 0) return null;
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
      {Array.from({ length: pending }, (_, i) => (
        <div key={i} className="method-button method-button--pending placeholder-block" aria-hidden="true" />
      ))}
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
