import type { IdentityProvider } from '@khel/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { type Platform, useApi } from '../../../providers/api-context.ts';
import { useSocialAuthStatus } from '../api/social-auth-status.ts';
import { type MethodsNotice, useDisconnectFlow } from '../hooks/use-disconnect-flow.ts';
import { useRedirectSignIn } from '../hooks/use-redirect-sign-in.ts';
import { useSocialLink } from '../hooks/use-social-link.ts';
import { useWalletSignIn } from '../hooks/use-wallet-sign-in.ts';
import { type LinkActions, ProviderRow } from './linked-method-row.tsx';
import { DisconnectConfirm, PhoneLinking } from './linked-method-steps.tsx';

/** Providers shown even when nothing is linked (X, Discord and Steam are for quest tasks, not sign-in). */
const ALWAYS_SHOWN: IdentityProvider[] = [
  'phone',
  'whatsapp',
  'google',
  'evm',
  'telegram',
  'twitter',
  'discord',
  'steam',
];

/**
 * The sign-in methods linked to the account (GET /social-auth/status), with link and disconnect
 * buttons: phone by SMS code, Google by its sign-in page, a browser wallet by SIWE, X, Discord and
 * Steam by the platform's page (use-social-link.ts; the outcome comes back in the address). A method that
 * belongs to another account gets the API's message and changes nothing; the last sign-in method
 * cannot be disconnected (409). Rows: linked-method-row.tsx; confirm and phone flow: linked-method-steps.tsx.
 */
export function LinkedMethods() {
  const { t } = useTranslation();
  const { platform } = useApi();
  const queryClient = useQueryClient();
  const status = useSocialAuthStatus();
  const redirect = useRedirectSignIn();
  const [linkingPhone, setLinkingPhone] = useState(false);
  const [notice, setNotice] = useState<MethodsNotice | null>(null);
  const disconnecting = useDisconnectFlow(setNotice);
  const wallet = useWalletSignIn('link', () => {
    void queryClient.invalidateQueries();
    setNotice({ tone: 'success', text: t('account.profile.methods.linkedNow') });
  });
  const describeError = useErrorMessage();
  const social = useSocialLink({
    onOutcome: ({ provider, error }) => {
      const method = t(`account.methods.${provider}`);
      setNotice(
        error
          ? {
              tone: 'error',
              text: t(`account.profile.methods.socialLinkError.${SOCIAL_ERROR_KEYS[error]}`, { method }),
            }
          : { tone: 'success', text: t('account.profile.methods.socialLinked', { method }) },
      );
    },
    onError: (error) => setNotice({ tone: 'error', text: describeError(error) }),
  });

  if (!status.isSuccess) return <MethodsStatus status={status} />;

  const methods = status.data.methods;
  // The server refuses to remove the last way in (409); the button is not offered for it.
  const signInMethods = methods.filter((m) => m.isActive && m.signIn).length;
  const isLinked = (provider: IdentityProvider) => methods.some((m) => m.provider === provider && m.isActive);
  const actions: LinkActions = {
    platform,
    linkingPhone,
    linkPhone: () => setLinkingPhone(true),
    redirect,
    wallet,
    social,
  };

  return (
    <MethodsCard>
      <p className="field__hint">{t('account.profile.methods.intro')}</p>
      <ul className="methods">
        {providersShown(platform, isLinked).map((provider) => (
          <ProviderRow
            key={provider}
            provider={provider}
            methods={methods}
            signInMethods={signInMethods}
            actions={actions}
            onDisconnect={disconnecting.ask}
          />
        ))}
      </ul>
      {disconnecting.confirming && (
        <DisconnectConfirm
          provider={disconnecting.confirming.provider}
          busy={disconnecting.busy}
          onCancel={disconnecting.cancel}
          onConfirm={disconnecting.confirm}
        />
      )}
      {linkingPhone && <PhoneLinking onDone={() => setLinkingPhone(false)} />}
      <MethodsFeedback progress={wallet.progress} error={wallet.error} notice={notice} />
    </MethodsCard>
  );
}

function MethodsCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="card profile-section" aria-labelledby="linked-methods-title">
      <h2 className="section-title" id="linked-methods-title">
        {t('account.profile.methods.title')}
      </h2>
      {children}
    </section>
  );
}

/** The list on its way, or why it could not be loaded (with Retry). */
function MethodsStatus({ status }: { status: ReturnType<typeof useSocialAuthStatus> }) {
  const describeError = useErrorMessage();
  return (
    <MethodsCard>
      {status.isError ? (
        <ErrorState message={describeError(status.error)} onRetry={() => void status.refetch()} />
      ) : (
        <LoadingState skeletonLines={3} />
      )}
    </MethodsCard>
  );
}

/** Under the list: the wallet's progress or error, and the last link or disconnect outcome. */
function MethodsFeedback({
  progress,
  error,
  notice,
}: {
  progress: string | null;
  error: string | null;
  notice: MethodsNotice | null;
}) {
  return (
    <>
      {progress && (
        <p className="notice" role="status">
          {progress}
        </p>
      )}
      {error && <Notice tone="error">{error}</Notice>}
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
    </>
  );
}

const SOCIAL_ERROR_KEYS = {
  'already-linked': 'alreadyLinked',
  expired: 'expired',
  denied: 'denied',
  failed: 'failed',
} as const;

/** The providers listed: the usual ones, then the others that are linked (Telegram: no EVM wallet unless linked). */
function providersShown(
  platform: Platform,
  isLinked: (provider: IdentityProvider) => boolean,
): IdentityProvider[] {
  // Telegram allows no EVM wallet in Mini Apps: there it shows only when linked elsewhere.
  const alwaysShown = platform === 'telegram' ? ALWAYS_SHOWN.filter((p) => p !== 'evm') : ALWAYS_SHOWN;
  return [
    ...alwaysShown,
    ...(['ton'] as const).filter((p) => isLinked(p)),
    ...(platform === 'telegram' && isLinked('evm') ? (['evm'] as const) : []),
  ];
}
