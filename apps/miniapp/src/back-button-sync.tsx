import { SCREEN_PATHS } from '@khel/ui';
import { backButton } from '@telegram-apps/sdk-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

// The tab bar's screens are roots: they are reached from the tabs, not from another screen.
const ROOT_PATHS = new Set<string>([
  SCREEN_PATHS.root,
  SCREEN_PATHS.home,
  SCREEN_PATHS.kQuest,
  SCREEN_PATHS.kStore,
  SCREEN_PATHS.collectEarnings,
  // The POG tab (@khel/core/spa-routes POG_PATHS.pog).
  '/pog',
  SCREEN_PATHS.profile,
]);

/** Telegram's back button: shown on inner screens (not on a tab itself), and it goes back one step. */
export default function BackButtonSync() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // A tab with a query (the store's ?item=…, a filtered list) is a step inside it: back leads out.
  const isRoot = ROOT_PATHS.has(pathname.replace(/\/+$/, '') || '/') && search === '';

  useEffect(() => {
    if (isRoot) backButton.hide.ifAvailable();
    else backButton.show.ifAvailable();
  }, [isRoot]);

  useEffect(() => {
    const off = backButton.onClick.ifAvailable(() => navigate(-1));
    return off?.[0] ? off[1] : undefined;
  }, [navigate]);

  return null;
}
