import {
  type IdentityProvider,
  type LinkedMethod,
  SOCIAL_LINK_PROVIDERS,
  type SocialLinkProvider,
} from '@khel/core/contract';
import { shortenForCopy } from '@khel/core/format';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { TelegramLinkPanel } from '../../../components/telegram-link-panel.tsx';
import { formatPhone } from '../../../lib/phone-format.ts';
import type { Platform } from '../../../providers/api-context.ts';
import type { DisconnectInput } from '../api/disconnect-method.ts';
import type { useRedirectSignIn } from '../hooks/use-redirect-sign-in.ts';
import type { useSocialLink } from '../hooks/use-social-link.ts';
import type { useWalletSignIn } from '../hooks/use-wallet-sign-in.ts';
import {
  ChatIcon,
  ControllerIcon,
  LetterGIcon,
  LetterXIcon,
  PaperPlaneIcon,
  PhoneIcon,
  WalletIcon,
} from './method-icons.tsx';

type Icon = (props: { className?: string }) => ReactNode;

const ICONS: Partial<Record<IdentityProvider, Icon>> = {
  phone: PhoneIcon,
  whatsapp: ChatIcon,
  google: LetterGIcon,
  evm: WalletIcon,
  ton: WalletIcon,
  telegram: PaperPlaneIcon,
  twitter: LetterXIcon,
  discord: ControllerIcon,
  steam: ControllerIcon,
};

const isSocial = (provider: IdentityProvider): provider is SocialLinkProvider =>
  (SOCIAL_LINK_PROVIDERS as readonly IdentityProvider[]).includes(provider);

/** How a row can link its method: what LinkedMethods holds for every row. */
export interface LinkActions {
  platform: Platform;
  /** The phone's linking flow is open under the list (its Link button is gone meanwhile). */
  linkingPhone: boolean;
  linkPhone: () => void;
  redirect: ReturnType<typeof useRedirectSignIn>;
  wallet: ReturnType<typeof useWalletSignIn<'link'>>;
  /** X, Discord and Steam: leave for the platform's page. */
  social: ReturnType<typeof useSocialLink>;
}

export interface ProviderRowProps {
  provider: IdentityProvider;
  /** Every method of the account (GET /social-auth/status). */
  methods: LinkedMethod[];
  /** Active sign-in methods: the last one has no Disconnect (the server refuses it, 409). */
  signInMethods: number;
  actions: LinkActions;
  onDisconnect: (input: DisconnectInput) => void;
}

/** One provider's row: its linked entries with Disconnect, or 'Not linked' with a Link button where it can be. */
export function ProviderRow({ provider, methods, signInMethods, actions, onDisconnect }: ProviderRowProps) {
  const { t } = useTranslation();
  const { wallet } = actions;
  const name = t(`account.methods.${provider}`);
  const linked = (p: IdentityProvider) => methods.filter((m) => m.provider === p && m.isActive);
  // WhatsApp verifies the phone: its row says so instead of listing entries.
  const entries = provider === 'whatsapp' ? [] : linked(provider);
  return (
    <MethodRow
      provider={provider}
      name={name}
      entries={entries}
      detail={rowDetail(t, provider, entries.length > 0, linked('phone')[0], actions.platform)}
      action={provider !== 'whatsapp' && entries.length === 0 ? linkAction(provider, actions) : null}
      disconnectButton={(entry) =>
        (signInMethods > 1 || !entry.signIn) && (
          <DisconnectButton
            name={name}
            onClick={() =>
              onDisconnect({
                provider,
                ...(provider === 'evm' || provider === 'ton' ? { subject: entry.subject } : {}),
              })
            }
          />
        )
      }
      extra={
        provider === 'evm' &&
        entries.length > 0 &&
        wallet.available && (
          <div className="method__entry">
            <LinkButton onClick={() => void wallet.start()} disabled={wallet.busy} busy={wallet.busy} />
          </div>
        )
      }
    />
  );
}

/**
 * Under the name: WhatsApp's state, or 'Not linked' (on the website Telegram's hint and its link through the
 * bot, TelegramLinkPanel); nothing once linked.
 */
function rowDetail(
  t: TFunction,
  provider: IdentityProvider,
  isLinked: boolean,
  phone: LinkedMethod | undefined,
  platform: Platform,
): ReactNode {
  if (provider === 'whatsapp') return <WhatsappDetail phone={phone} />;
  if (isLinked) return null;
  const notLinked = <span className="pill">{t('account.profile.methods.notLinked')}</span>;
  if (isSocial(provider))
    return (
      <>
        {notLinked}
        <span className="method__hint">
          {t('account.profile.methods.socialHint', { method: t(`account.methods.${provider}`) })}
        </span>
      </>
    );
  if (provider !== 'telegram' || platform !== 'website') return notLinked;
  return (
    <>
      {notLinked}
      <span className="method__hint">{t('account.profile.methods.telegramHint')}</span>
      <TelegramLinkPanel />
    </>
  );
}

/** The Link button of a method not linked yet (none where it cannot be linked here): phone by SMS code, Google by its sign-in page, a browser wallet by SIWE, X, Discord and Steam by the platform's page. */
function linkAction(provider: IdentityProvider, actions: LinkActions): ReactNode {
  const { wallet, redirect, social } = actions;
  if (isSocial(provider)) {
    return (
      <LinkButton
        onClick={() => social.start(provider)}
        disabled={wallet.busy || social.leavingFor !== null}
        busy={social.leavingFor === provider}
      />
    );
  }
  if (provider === 'phone') {
    return actions.linkingPhone ? null : <LinkButton onClick={actions.linkPhone} disabled={wallet.busy} />;
  }
  if (provider === 'google' && redirect.available('google')) {
    return (
      <LinkButton
        onClick={() => redirect.start('google', 'link')}
        disabled={wallet.busy}
        busy={redirect.leavingFor === 'google'}
      />
    );
  }
  if (provider === 'evm' && wallet.available) {
    return <LinkButton onClick={() => void wallet.start()} disabled={wallet.busy} busy={wallet.busy} />;
  }
  return null;
}

function LinkButton({
  onClick,
  disabled,
  busy = false,
}: {
  onClick: () => void;
  disabled: boolean;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" size="small" onClick={onClick} disabled={disabled} busy={busy}>
      {t('account.profile.methods.link')}
    </Button>
  );
}

function DisconnectButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="small"
      onClick={onClick}
      aria-label={`${t('account.profile.methods.disconnect')}: ${name}`}
    >
      {t('account.profile.methods.disconnect')}
    </Button>
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
    case 'twitter':
      return method.details.username ? `@${method.details.username}` : method.subject;
    case 'steam':
      return method.details.username ?? method.subject;
    default:
      return method.details.username ?? method.details.email ?? linkedText;
  }
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
