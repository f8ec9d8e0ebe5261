import { lazy } from 'react';
import { useLocation } from 'react-router';

// One chunk for all five screens (they share the card, the feeds and the mint status); loaded from here
// so the first download lists none of its files.
const MintScreen = lazy(() => import('@khel/ui/pog').then((m) => ({ default: m.MintScreen })));
const MyPogScreen = lazy(() => import('@khel/ui/pog').then((m) => ({ default: m.MyPogScreen })));
const PogHomeScreen = lazy(() => import('@khel/ui/pog').then((m) => ({ default: m.PogHomeScreen })));
const PogLeaderboardScreen = lazy(() =>
  import('@khel/ui/pog').then((m) => ({ default: m.PogLeaderboardScreen })),
);
const PogShowcaseScreen = lazy(() => import('@khel/ui/pog').then((m) => ({ default: m.PogShowcaseScreen })));

/**
 * Proof of Gamer on the website (@khel/core/spa-routes POG_PATHS): /pog, /pog/mint (minted on the EVM
 * chain), /pog/leaderboard, /my-pog and /pog-showcase?username=<name>. Visitors browse /pog, the
 * leaderboard and showcases; the mint and the dashboard ask them to sign in.
 */
export default function PogScreens() {
  const path = useLocation().pathname.replace(/\/+$/, '').toLowerCase();
  if (path === '/pog/mint') return <MintScreen />;
  if (path === '/pog/leaderboard') return <PogLeaderboardScreen />;
  if (path === '/my-pog') return <MyPogScreen />;
  if (path === '/pog-showcase') return <PogShowcaseScreen />;
  return <PogHomeScreen />;
}
