import { afterYield } from '@khel/core/client';
import { historyIndex, useLocation, useNavigate } from '@khel/ui/routing';
import { backButton, settingsButton, swipeBehavior, viewport } from '@telegram-apps/sdk-react';
import { useEffect } from 'react';
import { backAction } from './back-action.ts';
import { isGameScreen, SETTINGS_PATH, showsBackButton } from './chrome-rules.ts';

/**
 * Telegram's back button: shown on inner screens (not on a tab itself); it goes back one step, or home, and
 * from a game being played to the Rkade's list (backAction).
 */
function BackButtonSync() {
  const location = useLocation();
  const { pathname, search } = location;
  const navigate = useNavigate();
  const shown = showsBackButton(pathname, search);

  // Each SDK call checks its arguments and the bridge's state, a few milliseconds on a slow phone: each
  // effect runs in a task of its own instead of lengthening the one that runs every effect of the commit.
  useEffect(
    () =>
      afterYield(() => {
        if (shown) backButton.show.ifAvailable();
        else backButton.hide.ifAvailable();
      }),
    [shown],
  );

  useEffect(
    () =>
      afterYield(() => {
        const off = backButton.onClick.ifAvailable(() => {
          const action = backAction(location, historyIndex());
          if (action.to === -1) navigate(-1);
          else navigate(action.to, { replace: true });
        });
        return off?.[0] ? off[1] : undefined;
      }),
    [navigate, location],
  );

  return null;
}

/** Telegram's SettingsButton (the ⋯ menu): the Mini App's settings and language. */
function SettingsButtonSync() {
  const navigate = useNavigate();
  useEffect(
    () =>
      afterYield(() => {
        settingsButton.mount.ifAvailable();
        settingsButton.show.ifAvailable();
        const off = settingsButton.onClick.ifAvailable(() => navigate(SETTINGS_PATH));
        return () => {
          if (off?.[0]) off[1]();
        };
      }),
    [navigate],
  );
  return null;
}

/**
 * A game being played (the Rkade's player) goes fullscreen, and vertical swipes stop closing the app
 * under the gamer's thumb; leaving the game gives both back.
 */
function GameFullscreenSync() {
  const { pathname, search } = useLocation();
  const playing = isGameScreen(pathname, search);
  useEffect(() => {
    if (!playing) return;
    swipeBehavior.mount.ifAvailable();
    swipeBehavior.disableVertical.ifAvailable();
    const entered = viewport.requestFullscreen.ifAvailable();
    if (entered?.[0]) entered[1].catch((error: unknown) => console.error('Could not go fullscreen', error));
    return () => {
      swipeBehavior.enableVertical.ifAvailable();
      if (viewport.isFullscreen()) {
        const left = viewport.exitFullscreen.ifAvailable();
        if (left?.[0]) left[1].catch((error: unknown) => console.error('Could not leave fullscreen', error));
      }
    };
  }, [playing]);
  return null;
}

/**
 * Telegram's chrome around the screens (DESIGN §7): back button, settings button and fullscreen for
 * games. A chunk with the SDK, loaded once it has started; it renders nothing.
 */
export default function TelegramChrome() {
  return (
    <>
      <BackButtonSync />
      <SettingsButtonSync />
      <GameFullscreenSync />
    </>
  );
}
