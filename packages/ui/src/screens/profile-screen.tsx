import '../features/account-deletion/account-deletion.css';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { Page } from '../components/page.tsx';
import { useLogout } from '../features/auth/api/logout.ts';
import { useSocialAuthStatus } from '../features/auth/api/social-auth-status.ts';
import { LinkedMethods } from '../features/auth/components/linked-methods.tsx';
import { useNotificationSettings } from '../features/notifications/api/notification-settings.ts';
import { NotificationSettingsCard } from '../features/notifications/components/notification-settings-card.tsx';
import { useProfile } from '../features/profile/api/get-profile.ts';
import { useProfessions } from '../features/profile/api/professions.ts';
import { EmailForm } from '../features/profile/components/email-form.tsx';
import { KycHint } from '../features/profile/components/kyc-hint.tsx';
import { PersonalDetails } from '../features/profile/components/personal-details.tsx';
import { PreferencesForm } from '../features/profile/components/preferences-form.tsx';
import { ProfileHeader } from '../features/profile/components/profile-header.tsx';
import { UsernameForm } from '../features/profile/components/username-form.tsx';
import { useWalletAddress } from '../features/wallets/api/get-wallet-address.ts';
import { CustodialWallet } from '../features/wallets/components/custodial-wallet.tsx';
import { useDisplayFlags } from '../hooks/use-display-flags.ts';
import { useErrorMessage } from '../hooks/use-error-message.ts';
import { useTextPart } from '../i18n/use-text-part.ts';
import { useApi } from '../providers/api-context.ts';
import { LEGAL_ROUTES } from '../routes/route-table.ts';
import { Link, useNavigate } from '../routing/index.ts';

// Below the fold and with texts of their own: chunks of their own.
const ProfileNfts = lazy(() =>
  import('../features/users/components/profile-nfts.tsx').then((m) => ({ default: m.ProfileNfts })),
);
const ProfileLevel = lazy(() => import('./profile-level.tsx').then((m) => ({ default: m.ProfileLevel })));
const ProfileActivity = lazy(() =>
  import('../features/users/components/profile-activity.tsx').then((m) => ({ default: m.ProfileActivity })),
);

/** Holds the place of "My NFTs" and the activity while their chunk and texts load. */
function LazySectionsPlaceholder() {
  return (
    <>
      <section className="card profile-section" aria-hidden="true">
        <LoadingState />
      </section>
      <section className="card profile-section" aria-hidden="true">
        <LoadingState />
      </section>
    </>
  );
}

/**
 * True while a section of the page still loads its first answer. The page shows one loading state until
 * all have answered (in parallel), then every section at once: a section that filled in later would push
 * the ones below it, the account's Delete and Log out among them, under the gamer's finger.
 */
function useSectionsSettling(): boolean {
  const queries = [useSocialAuthStatus(), useNotificationSettings(), useProfessions(), useWalletAddress()];
  return queries.some((query) => query.isLoading);
}

export * from '../features/notifications/index.ts';
export * from '../features/profile/index.ts';

export interface ProfileScreenProps {
  /** Sections only one front end has, shown after the linked sign-in methods (the Mini App's TON wallet). */
  sections?: ReactNode;
  /** The bot's chat link (`https://t.me/<bot>`), offered while the bot cannot message the user yet. */
  botLink?: string | null;
  /** Opens the bot's link (the Mini App: Telegram's openTelegramLink). */
  onOpenBot?: (url: string) => void;
}

/**
 * /profile: view and edit the profile (GET/PATCH /users/me/profile and friends), the linked sign-in
 * methods, the bot notifications, the Khel wallet, the way to account deletion, and the legal documents where no footer
 * lists them.
 */
export function ProfileScreen({ sections, botLink, onOpenBot }: ProfileScreenProps = {}) {
  useTextPart('account');
  const { t } = useTranslation();
  const { platform } = useApi();
  const flags = useDisplayFlags();
  const navigate = useNavigate();
  const profile = useProfile();
  const settling = useSectionsSettling();
  const describeError = useErrorMessage();
  const logout = useLogout({ afterEnd: () => navigate('/', { replace: true }) });

  return (
    <Page title={t('profile.title')} width="narrow">
      <h1 className="page-title">{t('profile.title')}</h1>
      {(profile.isPending || (profile.data && settling)) && (
        <LoadingState label={t('account.profile.loadingTitle')} skeletonLines={5} />
      )}
      {profile.isError && (
        <ErrorState message={describeError(profile.error)} onRetry={() => void profile.refetch()} />
      )}
      {profile.data && !settling && (
        <>
          <ProfileHeader profile={profile.data} />
          <PersonalDetails profile={profile.data} />
          <UsernameForm profile={profile.data} />
          <EmailForm profile={profile.data} />
          <PreferencesForm />
          <LinkedMethods />
          {sections}
          <NotificationSettingsCard botLink={botLink ?? null} {...(onOpenBot ? { onOpenBot } : {})} />
          <CustodialWallet />
          <KycHint />
          <section className="card profile-section" aria-labelledby="account-title">
            <h2 className="section-title" id="account-title">
              {t('account.profile.account.title')}
            </h2>
            <div className="setting-row">
              <div className="setting-row__text">
                <Link className="setting-row__value" to="/delete-user-account">
                  {t('account.profile.account.delete')}
                </Link>
                <span className="field__hint">{t('account.profile.account.deleteHint')}</span>
              </div>
            </div>
            {platform === 'website' && (
              <Button variant="ghost" block onClick={() => logout.mutate()} busy={logout.isPending}>
                {t('account.profile.account.logout')}
              </Button>
            )}
          </section>
          {/*
            Last, because they arrive last (a chunk, a text part, then their data) and grow with it: what is
            above them never moves under a finger. The fallback holds their place meanwhile. The level card
            (its XP bar and what the level unlocks) comes with them, for the same reason.
          */}
          <Suspense fallback={<LazySectionsPlaceholder />}>
            <ProfileLevel />
            <ProfileNfts />
            <ProfileActivity />
          </Suspense>
        </>
      )}
      {/* Where there is no footer (the Mini App, a frame, footer=false) the legal documents are here. */}
      {!flags.showFooter && (
        <nav className="card profile-section profile-legal" aria-labelledby="legal-title">
          <h2 className="section-title" id="legal-title">
            {t('footer.legal')}
          </h2>
          <ul className="profile-legal__list">
            {LEGAL_ROUTES.map((r) => (
              <li key={r.path}>
                <Link to={r.path}>{t(`routes.${r.document}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </Page>
  );
}
