import { useLocation } from '@khel/ui/routing';
import { lazy, Suspense } from 'react';

// Each a chunk of its own, loaded from here so the first download lists none of their files.
const CampaignsScreen = lazy(() =>
  import('@khel/ui/campaigns').then((m) => ({ default: m.CampaignsScreen })),
);
const CampaignDetailsScreen = lazy(() =>
  import('@khel/ui/campaigns').then((m) => ({ default: m.CampaignDetailsScreen })),
);
const RaffleVerifyScreen = lazy(() =>
  import('@khel/ui/campaigns').then((m) => ({ default: m.RaffleVerifyScreen })),
);
const DiscoverClanScreen = lazy(() =>
  import('@khel/ui/clans').then((m) => ({ default: m.DiscoverClanScreen })),
);
const GamerClanFinder = lazy(() => import('@khel/ui/users').then((m) => ({ default: m.GamerClanFinder })));
const ClanChiefScreen = lazy(() => import('@khel/ui/clans').then((m) => ({ default: m.ClanChiefScreen })));
const MyClanScreen = lazy(() => import('@khel/ui/clans').then((m) => ({ default: m.MyClanScreen })));
// Proof of Gamer: one chunk for its five screens (they share the card, the feeds and the mint status).
const PogHomeScreen = lazy(() => import('@khel/ui/pog').then((m) => ({ default: m.PogHomeScreen })));
const MintScreen = lazy(() => import('@khel/ui/pog').then((m) => ({ default: m.MintScreen })));
const MyPogScreen = lazy(() => import('@khel/ui/pog').then((m) => ({ default: m.MyPogScreen })));
const PogLeaderboardScreen = lazy(() =>
  import('@khel/ui/pog').then((m) => ({ default: m.PogLeaderboardScreen })),
);
const PogShowcaseScreen = lazy(() => import('@khel/ui/pog').then((m) => ({ default: m.PogShowcaseScreen })));
// Klash: the tournament list and a tournament's page, one chunk.
const KlashScreen = lazy(() => import('@khel/ui/klash').then((m) => ({ default: m.KlashScreen })));
const TournamentScreen = lazy(() => import('@khel/ui/klash').then((m) => ({ default: m.TournamentScreen })));
// The clan-chief promotion's scheduler (SPEC §2); it loads the overlay when due.
const ClanPromo = lazy(() => import('@khel/ui/clan-promo'));

/**
 * K-Drop, clans and Proof of Gamer on the website, behind one lazy module (the first download is at its
 * budget):
 * @khel/core/spa-routes CAMPAIGN_PATHS (/k-drop/campaigns, /k-drop/campaigns/<slug> and its /verify
 * page, all under the one `/k-drop/campaigns/*` route) and CLAN_PATHS (/clan-chief/, /my-clan/,
 * /discover-clan with a clan's page at ?clanId=<id>, where invite links land), POG_PATHS (/pog,
 * /pog/mint minted on the EVM chain, /pog/leaderboard, /my-pog, /pog-showcase?username=<name>), KLASH_PATHS
 * (/klash, /klash/ and /tournaments/: the tournament list; /klash/<slug-or-id>: a tournament); with
 * `promo`, the clan-chief promotion every page carries.
 */
export default function CommunityScreens({ promo }: { promo?: boolean }) {
  const { pathname } = useLocation();
  if (promo) return <ClanPromo />;
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path === '/clan-chief') return <ClanChiefScreen />;
  if (path === '/my-clan') return <MyClanScreen />;
  if (path === '/discover-clan')
    return (
      <DiscoverClanScreen
        gamerSearch={
          <Suspense fallback={null}>
            <GamerClanFinder />
          </Suspense>
        }
      />
    );
  if (path === '/pog') return <PogHomeScreen />;
  if (path === '/pog/mint') return <MintScreen />;
  if (path === '/pog/leaderboard') return <PogLeaderboardScreen />;
  if (path === '/my-pog') return <MyPogScreen />;
  if (path === '/pog-showcase') return <PogShowcaseScreen />;
  if (path === '/klash' || path === '/tournaments') return <KlashScreen />;
  if (/^\/klash\/[^/]+$/.test(path)) return <TournamentScreen key={path} />;
  if (path.endsWith('/verify')) return <RaffleVerifyScreen />;
  if (/^\/k-drop\/campaigns\/[^/]+$/.test(path)) return <CampaignDetailsScreen />;
  return <CampaignsScreen />;
}
