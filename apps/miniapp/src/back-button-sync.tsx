import { SCREEN_PATHS } from '@khel/ui';
import { backButton } from '@telegram-apps/sdk-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

const ROOT_PATHS = new Set<string>([SCREEN_PATHS.root, SCREEN_PATHS.home]);

/** Telegram's back button: shown on every screen but the root ones, and it goes back one step. */
export default function BackButtonSync() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isRoot = ROOT_PATHS.has(pathname.replace(/\/+$/, '') || '/');

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
