import type { IdentityProvider, LinkedMethod } from '@khel/core/contract';
import { shortenForCopy } from '@khel/core/format';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { formatPhone } from '../../../lib/phone-format.ts';
import { type Platform, useApi } from '../../../providers/api-context.ts';
import type { DisconnectInput } from '../api/disconnect-method.ts';
import { useSocialAuthStatus } from '../api/social-auth-status.ts';
import { type MethodsNotice, useDisconnectFlow } from '../hooks/use-disconnect-flow.ts';
import { useRedirectSignIn } from '../hooks/use-redirect-sign-in.ts';
import { useWalletSignIn } from '../hooks/use-wallet-sign-in.ts';
import { LOGIN_STEP, LoginFlow } from './login-flow.tsx';
import { ChatIcon, LetterGIcon, PaperPlaneIcon, PhoneIcon, WalletIcon } from './method-icons.tsx';

type Icon = (props: { className?: string }) => ReactNode;

const ICONS: Partial<Record<IdentityProvider, Icon>> = {
  phone: PhoneIcon,
  whatsapp: ChatIcon,
  google: LetterGIcon,
  evm: WalletIcon,
  ton: WalletIcon,
  telegram: PaperPlaneIcon,
};

/** Providers shown even when nothing is linked; the social ones appear once linked. */
const ALWAYS_SHOWN: IdentityProvider[] = ['phone', 'whatsapp', 'google', 'evm', 'telegram'];

function describe(method: LinkedMethod, linkedText: string): string {
  switch (method.provider) {
    case 'phone':
      return formatPhone(method.subject);
    case 'evm':
    case 'ton':
      return shortenForCopy(method.subject);
    case 'telegram':
      return method.details.username ? `@${method.details.username}` : method.subject;
    case 'google':
      return method.details.email ?? linkedText;
    default:
      return method.details.username ?? method.details.email ?? linkedText;
  }
}

/**
 * The sign-in methods linked to the account (GET /social-auth/status), with link and disconnect
 * buttons: phone by SMS code, Google by its sign-in page, a browser wallet by SIWE. A method that
 * belongs to another account gets the API's message and changes nothing; the last sign-in method
 * cannot be disconnected (409).
 */
export function LinkedMethods() {
  const { t } = useTranslation();
  const { platform } = useApi();
  const queryClient = useQueryClient();
  const describeError = useErrorMessage();
  const status = useSocialAuthStatus();
  const redirect = useRedirectSignIn();
  const [linkingPhone, setLinkingPhone] = useState(false);
  const [phoneStep, setPhoneStep] = useState<number>(LOGIN_STEP.phone);
  const [notice, setNotice] = useState<MethodsNotice | null>(null);
  const disconnecting = useDisconnectFlow(setNotice);
  const wallet = useWalletSignIn('link', () => {
    void queryClient.invalidateQueries();
    setNotice({ tone: 'success', text: t('account.profile.methods.linkedNow') });
  });

  if (status.isPending) return <MethodsCard>{<LoadingState skeletonLines={3} />}</MethodsCard>;
  if (status.isError) {
    return (
      <MethodsCard>
        <ErrorState message={describeError(status.error)} onRetry={() => void status.refetch()} />
      </MethodsCard>
    );
  }

  const methods = status.data.methods;
  const linked = (provider: IdentityProvider) => methods.filter((m) => m.provider === provider && m.isActive);
  const phone = linked('phone')[0];
  // The server refuses to remove the last way in (409); the button is not offered for it.
  const signInMethods = methods.filter((m) => m.isActive && m.signIn).length;
  const providers = providersShown(platform, (provider) => linked(provider).length > 0);

  const linkButton = (onClick: () => void, busy = false) => (
    <Button variant="secondary" size="small" onClick={onClick} disabled={wallet.busy} busy={busy}>
      {t('account.profile.methods.link')}
    </Button>
  );

  const disconnectButton = (input: DisconnectInput, name: string) => (
    <Button
      variant="ghost"
      size="small"
      onClick={() => disconnecting.ask(input)}
      aria-label={`${t('account.profile.methods.disconnect')}: ${name}`}
    >
      {t('account.profile.methods.disconnect')}
    </Button>
  );

  const rows = providers.map((provider) => {
    const name = t(`account.methods.${provider}`);
    const entries = provider === 'whatsapp' ? [] : linked(provider);
    let detail: ReactNode = null;
    let action: ReactNode = null;

    if (provider === 'whatsapp') {
      detail = <WhatsappDetail phone={phone} />;
    } else if (entries.length === 0) {
      detail = <span className="pill">{t('account.profile.methods.notLinked')}</span>;
      if (provider === 'phone') action = linkingPhone ? null : linkButton(() => setLinkingPhone(true));
      if (provider === 'google' && redirect.available('google')) {
        action = linkButton(() => redirect.start('google', 'link'), redirect.leavingFor === 'google');
      }
      if (provider === 'evm' && wallet.available) action = linkButton(() => void wallet.start(), wallet.busy);
      if (provider === 'telegram' && platform === 'website') {
        detail = (
          <>
            {detail}
            <span className="method__hint">{t('account.profile.methods.telegramHint')}</span>
          </>
        );
      }
    }

    return (
      <MethodRow
        key={provider}
        provider={provider}
        name={name}
        entries={entries}
        detail={detail}
        action={action}
        disconnectButton={(entry) =>
          (signInMethods > 1 || !entry.signIn) &&
          disconnectButton(
            { provider, ...(provider === 'evm' || provider === 'ton' ? { subject: entry.subject } : {}) },
            name,
          )
        }
        extra={
          provider === 'evm' &&
          entries.length > 0 &&
          wallet.available && (
            <div className="method__entry">{linkButton(() => void wallet.start(), wallet.busy)}</div>
          )
        }
      />
    );
  });

  return (
    <MethodsCard>
      <p className="field__hint">{t('account.profile.methods.intro')}</p>
      <ul className="methods">{rows}</ul>
      {disconnecting.confirming && (
        <DisconnectConfirm
          provider={disconnecting.confirming.provider}
          busy={disconnecting.busy}
          onCancel={disconnecting.cancel}
          onConfirm={disconnecting.confirm}
        />
      )}
      {linkingPhone && (
        <PhoneLinking
          step={phoneStep}
          onStepChange={setPhoneStep}
          onDone={() => {
            setLinkingPhone(false);
            setPhoneStep(LOGIN_STEP.phone);
          }}
        />
      )}
      {wallet.progress && (
        <p className="notice" role="status">
          {wallet.progress}
        </p>
      )}
      {wallet.error && <Notice tone="error">{wallet.error}</Notice>}
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
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

/** One provider: its icon and name, each linked entry (with Disconnect), its state and its Link button. */
function MethodRow({
  provider,
  name,
  entries,
  detail,
  action,
  disconnectButton,
  extra,
}: {
  provider: IdentityProvider;
  name: string;
  entries: LinkedMethod[];
  detail: ReactNode;
  action: ReactNode;
  disconnectButton: (entry: LinkedMethod) => ReactNode;
  extra: ReactNode;
}) {
  const { t } = useTranslation();
  const Icon = ICONS[provider] ?? WalletIcon;
  return (
    <li className="method">
      <Icon className="method__icon" />
      <div className="method__body">
        <p className="method__name">{name}</p>
        {entries.map((entry) => (
          <div key={entry.subject} className="method__entry">
            <span className="method__value" title={entry.subject}>
              {describe(entry, t('account.profile.methods.linked'))}
            </span>
            {provider === 'phone' && (
              <span className="method__hint">
                {entry.details.verifiedVia === 'whatsapp'
                  ? t('account.profile.methods.viaWhatsapp')
                  : t('account.profile.methods.viaSms')}
              </span>
            )}
            {disconnectButton(entry)}
          </div>
        ))}
        {extra}
        {detail && <div className="method__detail">{detail}</div>}
      </div>
      {action && <div className="method__action">{action}</div>}
    </li>
  );
}

/** 'Disconnect <method>?' with Cancel and Confirm. */
function DisconnectConfirm({
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
        {t('account.profile.methods.confirmDisconnect', {
          method: t(`account.methods.${provider === 'wallet' ? 'evm' : provider}`),
        })}
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

/** Linking a phone: the login flow for `link`, and Cancel. */
function PhoneLinking({
  step,
  onStepChange,
  onDone,
}: {
  step: number;
  onStepChange: (step: number) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="inline-flow">
      <LoginFlow purpose="link" headingAs="h2" step={step} onStepChange={onStepChange} onSignedIn={onDone} />
      <Button variant="ghost" block onClick={onDone}>
        {t('account.profile.methods.cancel')}
      </Button>
    </div>
  );
}

/** The providers listed: the usual ones, then the others that are linked (Telegram: no EVM wallet unless linked). */
function providersShown(
  platform: Platform,
  isLinked: (provider: IdentityProvider) => boolean,
): IdentityProvider[] {
  // Telegram allows no EVM wallet in Mini Apps: there it shows only when linked elsewhere.
  const alwaysShown = platform === 'telegram' ? ALWAYS_SHOWN.filter((p) => p !== 'evm') : ALWAYS_SHOWN;
  return [
    ...alwaysShown,
    ...(['ton', 'twitter', 'discord', 'steam'] as const).filter((p) => isLinked(p)),
    ...(platform === 'telegram' && isLinked('evm') ? (['evm'] as const) : []),
  ];
}

/** WhatsApp is a way to verify the phone, not a method of its own: linked with the phone. */
function WhatsappDetail({ phone }: { phone: LinkedMethod | undefined }) {
  const { t } = useTranslation();
  const viaWhatsapp = phone?.details.verifiedVia === 'whatsapp';
  return (
    <>
      <span className={`pill ${phone ? 'pill--ok' : ''}`}>
        {phone ? t('account.profile.methods.linked') : t('account.profile.methods.notLinked')}
      </span>
      <span className="method__hint">
        {viaWhatsapp ? t('account.profile.methods.viaWhatsapp') : t('account.profile.methods.whatsappHint')}
      </span>
    </>
  );
}
