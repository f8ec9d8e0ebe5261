import '../features/quests/quests.css';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AppShortcuts } from '../components/app-shortcuts.tsx';
import { Button } from '../components/button.tsx';
import { DeletionPendingNotice } from '../components/deletion-pending-notice.tsx';
import { ErrorState } from '../components/error-state.tsx';
import { Page } from '../components/page.tsx';
import { useLogout } from '../features/auth/api/logout.ts';
import { DailyRewardCard } from '../features/daily-rewards/components/daily-reward-card.tsx';
import { useProfile } from '../features/profile/api/get-profile.ts';
import { chosenName } from '../features/profile/lib/identity.ts';
import { LevelCard } from '../features/progression/components/level-card.tsx';
import { SeasonCard } from '../features/progression/components/season-card.tsx';
import { CurrencyIcon } from '../features/quests/components/reward-chips.tsx';
import { TodayQuests } from '../features/quests/components/today-quests.tsx';
import { ReferralCapture } from '../features/referrals/components/referral-capture.tsx';
import { useErrorMessage } from '../hooks/use-error-message.ts';
import { useTextPart } from '../i18n/use-text-part.ts';
import { useApi } from '../providers/api-context.ts';
import { useNavigate } from '../routing/index.ts';
import {
  BalanceHero,
  EarningsReady,
  FeaturedQuests,
  FriendsPromo,
  KlashPromo,
  PogPromo,
  QuestsInProgress,
} from './home-feed.tsx';

export { LandingScreen } from './landing-screen.tsx';

// A chunk of its own with its texts: below the fold, so the home's first paint does not wait for it.
const UsernamePrompt = lazy(() =>
  import('../features/profile/components/username-prompt.tsx').then((m) => ({ default: m.UsernamePrompt })),
);
const ContentSection = lazy(() =>
  import('../features/content/components/content-section.tsx').then((m) => ({ default: m.ContentSection })),
);

export interface HomeScreenProps {
  /** Told each gain (the daily reward claimed): the Mini App answers with a haptic. */
  onGain?: () => void;
}

/**
 * /home as a feed: the greeting (first name or username, never the phone number), the balance as the hero,
 * the level and its XP bar, the username prompt for a user without one (boards show their generated handle
 * until then), the daily reward, quests in progress with their
 * next step, featured quests, the earnings ready to collect and the newest articles and videos. Every empty state offers a next step.
 * In the Mini App, the screens that have no tab there follow the greeting (AppShortcuts).
 */
export function HomeScreen({ onGain }: HomeScreenProps = {}) {
  const { t } = useTranslation();
  useTextPart('feed');
  useTextPart('quests');
  const { platform } = useApi();
  const navigate = useNavigate();
  const profile = useProfile();
  const describeError = useErrorMessage();
  const logout = useLogout({ afterEnd: () => navigate('/', { replace: true }) });
  const name = profile.data ? chosenName(profile.data) : null;

  return (
    <Page title={t('routes.home')}>
      {/* Where a website visitor lands after signing in: an invite kept from / is applied here. */}
      {platform === 'website' && <ReferralCapture />}
      <section className="hero feed-hero">
        <p className="hero__eyebrow">{t('common.appName')}</p>
        <h1 className="hero__title">{name ? t('home.welcome', { name }) : t('home.welcomeFallback')}</h1>
        <p className="hero__lead">{t('feed.homeLead')}</p>
      </section>
      {/* The Mini App's five tabs leave these out: one tap away here. */}
      {platform === 'telegram' && <AppShortcuts />}
      {profile.data?.deletion_due_at && (
        <Suspense fallback={null}>
          <DeletionPendingNotice dueAt={profile.data.deletion_due_at} place="home" />
        </Suspense>
      )}
      {profile.isError && (
        <ErrorState message={describeError(profile.error)} onRetry={() => void profile.refetch()} />
      )}
      <div className="feed">
        <div className="feed__main">
          <BalanceHero />
          <LevelCard icon={<CurrencyIcon currency="KPOINTS" />} {...(onGain ? { onLevelUp: onGain } : {})} />
          <DailyRewardCard
            icon={<CurrencyIcon currency="KPOINTS" />}
            {...(onGain ? { onClaimed: onGain } : {})}
          />
          {/* Below the balance, the level and the daily reward, which keep their place while it comes: it
              arrives with the profile, and above them it would push the feed down (issue 25, layout shift)
              and move the daily Claim from under a gamer's thumb as they tap it. */}
          {profile.data && !profile.data.username && (
            <Suspense fallback={null}>
              <UsernamePrompt profile={profile.data} />
            </Suspense>
          )}
          <TodayQuests />
          <QuestsInProgress />
        </div>
        <div className="feed__side">
          <SeasonCard icon={<CurrencyIcon currency="KPOINTS" />} />
          <EarningsReady />
          <FriendsPromo />
          <PogPromo />
          <KlashPromo />
        </div>
      </div>
      <FeaturedQuests />
      <Suspense fallback={null}>
        <ContentSection />
      </Suspense>
      {platform === 'website' && (
        <div className="actions feed-logout">
          <Button variant="ghost" onClick={() => logout.mutate()} busy={logout.isPending}>
            {t('home.logout')}
          </Button>
        </div>
      )}
    </Page>
  );
}
