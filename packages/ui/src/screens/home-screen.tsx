import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../components/button.tsx';
import { DeletionPendingNotice } from '../components/deletion-pending-notice.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { Page } from '../components/page.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useLogout } from '../features/auth/api/logout.ts';
import { useProfile } from '../features/profile/api/get-profile.ts';
import { greetingName, signedInIdentity } from '../features/profile/lib/identity.ts';
import { useErrorMessage } from '../hooks/use-error-message.ts';
import { useApi } from '../providers/api-context.ts';
import { SCREEN_PATHS } from '../routes/route-table.ts';

/** Where the money screens are, in the order a new user needs them. */
const MONEY_LINKS = [
  { to: SCREEN_PATHS.buyKcash, title: 'routes.buyKcash' },
  { to: SCREEN_PATHS.kStore, title: 'routes.kStore' },
  { to: SCREEN_PATHS.collectEarnings, title: 'routes.collectEarnings' },
  { to: SCREEN_PATHS.transactionHistory, title: 'routes.transactionHistory' },
] as const;

/** Home for a signed-in user: the greeting, who is signed in, the money screens, and the way out. */
export function HomeScreen() {
  const { t } = useTranslation();
  const { platform } = useApi();
  const navigate = useNavigate();
  const profile = useProfile();
  const describeError = useErrorMessage();
  const logout = useLogout({ afterEnd: () => navigate('/', { replace: true }) });

  const name = profile.data ? greetingName(profile.data) : null;
  const identity = profile.data ? signedInIdentity(profile.data) : null;

  return (
    <Page title={t('routes.home')}>
      <section className="hero">
        <p className="hero__eyebrow">{t('common.appName')}</p>
        <h1 className="hero__title">{name ? t('home.welcome', { name }) : t('home.welcomeFallback')}</h1>
        {profile.isPending && (
          <p className="hero__meta" role="status">
            <Spinner size="sm" /> {t('common.loading')}
          </p>
        )}
        {identity && <p className="hero__meta">{t('home.signedInAs', { identity })}</p>}
      </section>
      {profile.data?.deletion_due_at && (
        <Suspense fallback={null}>
          <DeletionPendingNotice dueAt={profile.data.deletion_due_at} place="home" />
        </Suspense>
      )}
      {profile.isError && (
        <ErrorState message={describeError(profile.error)} onRetry={() => void profile.refetch()} />
      )}
      <section className="card" aria-labelledby="home-money">
        <h2 id="home-money" className="section-title">
          {t('home.moneyTitle')}
        </h2>
        <nav className="actions">
          {MONEY_LINKS.map((link) => (
            <Link key={link.to} className="button button--secondary" to={link.to}>
              {t(link.title)}
            </Link>
          ))}
        </nav>
      </section>
      <section className="card">
        <p>{t('home.intro')}</p>
        <div className="actions">
          <Link className="button button--secondary" to="/profile">
            {t('home.profileLink')}
          </Link>
          {platform === 'website' && (
            <Button variant="ghost" onClick={() => logout.mutate()} busy={logout.isPending}>
              {t('home.logout')}
            </Button>
          )}
        </div>
      </section>
    </Page>
  );
}
