import '../sign-in-methods.css';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { readStoredLocation, regionOf } from '../../../lib/user-location.ts';
import { type ApiContextValue, useApi } from '../../../providers/api-context.ts';
import { useNavigate } from '../../../routing/index.ts';
import { uiStore } from '../../../stores/ui-store.ts';
import { linkGoogle, signInWithGoogle } from '../api/google-sign-in.ts';
import { exchangeWhatsappCode, signInWithWhatsapp } from '../api/whatsapp-login.ts';
import { useAfterSignInEnv } from '../hooks/use-after-sign-in.ts';
import { afterSignIn } from '../lib/after-sign-in.ts';
import {
  browserSessionStorage,
  clearPending,
  matchCallback,
  type PendingRedirect,
  pageWithoutCallback,
  type RedirectCallback,
  readPending,
  readRedirectCallback,
} from '../lib/redirect-sign-in.ts';

type Answer = Exclude<RedirectCallback, { error: string }>;

/**
 * The provider's answer → signed in (WhatsApp: the code for a token, then POST /authentication/login; Google:
 * POST /authentication/google) or, `link`, Google linked (POST /social-auth/google). Resolves to the sign-in
 * for the after-sign-in rules, or null when a method was linked.
 */
async function finishRedirect(
  deps: Pick<ApiContextValue, 'client' | 'session'> & {
    queryClient: QueryClient;
    alert: (message: string, tone: 'success' | 'error') => void;
    t: TFunction;
  },
  answer: Answer,
  intent: PendingRedirect['intent'],
) {
  const { client, session, queryClient, alert, t } = deps;
  if (answer.provider === 'whatsapp') {
    const grant = await exchangeWhatsappCode(client, answer.code);
    const auth = await signInWithWhatsapp(client, session, {
      ...grant,
      region: regionOf(readStoredLocation(session)),
      hostname: window.location.hostname,
    });
    return { method: 'whatsapp' as const, phone: auth.user.phoneNumber };
  }
  if (intent === 'link') {
    await linkGoogle(client, answer.idToken);
    await queryClient.invalidateQueries();
    alert(t('account.profile.methods.linkedNow'), 'success');
    return null;
  }
  await signInWithGoogle(client, session, answer.idToken);
  return { method: 'google' as const, phone: null };
}

/** "Signing you in…" / "Linking…" over the page while the answer is used. */
function FinishingDialog({ working }: { working: PendingRedirect['intent'] }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (working && dialog && !dialog.open) dialog.showModal();
  }, [working]);
  return (
    <dialog
      ref={dialogRef}
      className="modal modal--small"
      aria-busy="true"
      aria-live="polite"
      onCancel={(e) => e.preventDefault()}
    >
      <div className="modal__body finishing-sign-in" role="status">
        <Spinner size="lg" />
        <p>{working === 'link' ? t('account.signIn.linking') : t('account.signIn.signingIn')}</p>
      </div>
    </dialog>
  );
}

/**
 * Finishes a sign-in that went to a provider's page and came back (mounted by the app shell when
 * the address carries a provider's answer). The answer is used once: the URL is cleaned at once,
 * and only an answer with the state this tab stored is accepted.
 *
 * WhatsApp (SPEC §2, §7): `code` → the provider's token endpoint → POST /authentication/login.
 * Google: `#id_token` → POST /authentication/google, or POST /social-auth/google to link.
 */
export function SignInCallback() {
  useTextPart('account');
  const { t } = useTranslation();
  const { client, session } = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const describeError = useErrorMessage();
  const afterSignInEnv = useAfterSignInEnv();
  const [working, setWorking] = useState<PendingRedirect['intent'] | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const callback = readRedirectCallback(window.location);
    if (!callback) return;
    const storage = browserSessionStorage();
    const pending = matchCallback(callback, readPending(storage));
    clearPending(storage);
    // The code and the token are single use: they leave the address bar (and history) now.
    const here = pageWithoutCallback(window.location);
    navigate(here, { replace: true });
    const alert = (message: string, tone: 'success' | 'error') =>
      uiStore.getState().showAlert(message, { tone });

    if (!pending) {
      alert(t('account.signIn.errors.callbackExpired'), 'error');
      return;
    }
    if ('error' in callback || (callback.provider === 'whatsapp' && pending.intent === 'link')) {
      alert(t('account.signIn.errors.callbackFailed'), 'error');
      return;
    }

    setWorking(pending.intent);
    uiStore.getState().setFinishingSignIn(true);
    const target = pending.returnTo;
    finishRedirect({ client, session, queryClient, alert, t }, callback, pending.intent)
      .then((signedIn) => {
        if (target !== here) navigate(target, { replace: true });
        const path = target.replace(/[?#].*$/, '');
        if (signedIn) afterSignIn({ ...afterSignInEnv(), pathname: path }, signedIn);
      })
      .catch((error: unknown) => alert(describeError(error), 'error'))
      .finally(() => {
        uiStore.getState().setFinishingSignIn(false);
        setWorking(null);
      });
  }, [client, session, navigate, queryClient, describeError, afterSignInEnv, t]);

  return working ? <FinishingDialog working={working} /> : null;
}
