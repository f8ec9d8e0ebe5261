import '../components/money/money.css';
import '../features/quests/quests.css';
import { localized } from '@khel/core/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button.tsx';
import { Page } from '../components/page.tsx';
import { useGames } from '../features/games/api/get-games.ts';
import { CurrencyIcon } from '../features/quests/components/reward-chips.tsx';
import { ReferralCapture } from '../features/referrals/components/referral-capture.tsx';
import { useStoreItems } from '../features/store/api/get-store-items.ts';
import { ItemPrices } from '../features/store/components/store-item-card.tsx';
import { useTextPart } from '../i18n/use-text-part.ts';
import { SCREEN_PATHS } from '../routes/route-table.ts';
import { Link } from '../routing/index.ts';
import { useUiStore } from '../stores/ui-store.ts';
import { FeaturedQuests, FeedSection } from './home-feed.tsx';

const ContentSection = lazy(() =>
  import('../features/content/components/content-section.tsx').then((m) => ({ default: m.ContentSection })),
);

/** A few games of the catalogue as covers, each to its quests. */
function GamesRail() {
  const { t } = useTranslation();
  const games = useGames({ limit: '8' });
  const list = games.data?.games ?? [];
  if (games.isError || (games.data && list.length === 0)) return null;
  return (
    <FeedSection id="landing-games-title" title={t('routes.games')} moreTo={SCREEN_PATHS.games}>
      <ul className="feed-rail feed-rail--games">
        {list.map((g) => (
          <li key={g.id}>
            <Link className="landing-game" to={`${SCREEN_PATHS.kQuest}/?game=${g.slug}`}>
              <img src={g.coverUrl} alt="" loading="lazy" decoding="async" />
              <span>{g.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </FeedSection>
  );
}

/** Store items of the reader's country, in the reader's language, each to buying it. */
function StoreRail() {
  const { t, i18n } = useTranslation();
  const items = useStoreItems();
  const list = (items.data ?? []).filter((i) => i.inStock).slice(0, 6);
  if (items.isError || (items.data && list.length === 0)) return null;
  return (
    <FeedSection id="landing-store-title" title={t('routes.kStore')} moreTo={SCREEN_PATHS.kStore}>
      <ul className="feed-rail">
        {list.map((item) => (
          <li key={item.id}>
            <Link className="card landing-item" to={`${SCREEN_PATHS.kStore}?item=${item.id}`}>
              <span className="badge">{t(`money.store.categories.${item.category}`)}</span>
              <span className="landing-item__name">{localized(item, 'name', i18n.language)}</span>
              <ItemPrices item={item} />
            </Link>
          </li>
        ))}
      </ul>
    </FeedSection>
  );
}

/**
 * / for a visitor: what Khel is (play, finish quests, the balance is the reward), featured quests,
 * games and the store of the reader's country. Acting (Start earning, a quest's Start, Buy) opens
 * the login modal, and the visitor stays where they were once signed in.
 */
export function LandingScreen() {
  const { t } = useTranslation();
  useTextPart('feed');
  useTextPart('quests');
  useTextPart('money');
  const openModal = useUiStore((s) => s.openModal);
  return (
    <Page>
      {/* An invite's ?ref=<code> waits here for the sign-in (the Mini App keeps it in its router shell). */}
      <ReferralCapture />
      <section className="landing-hero">
        <p className="hero__eyebrow">{t('common.appName')}</p>
        <h1 className="landing-hero__title">{t('feed.landing.title')}</h1>
        <p className="landing-hero__pitch">{t('feed.landing.pitch')}</p>
        <ul className="landing-hero__coins" aria-label={t('feed.landing.currencies')}>
          <li>
            <CurrencyIcon currency="KCASH" /> K-Cash
          </li>
          <li>
            <CurrencyIcon currency="RKHEL" /> rKHEL
          </li>
          <li>
            <CurrencyIcon currency="KPOINTS" /> K-Points
          </li>
        </ul>
        <div className="actions">
          <Button variant="primary" onClick={() => openModal('login')}>
            {t('feed.landing.start')}
          </Button>
          <Link className="button button--secondary" to={SCREEN_PATHS.kQuest}>
            {t('feed.landing.browse')}
          </Link>
        </div>
      </section>
      <FeaturedQuests aboveTheFold />
      <GamesRail />
      <StoreRail />
      <Suspense fallback={null}>
        <ContentSection />
      </Suspense>
    </Page>
  );
}
