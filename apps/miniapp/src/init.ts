import {
  backButton,
  emitEvent,
  init as initSdk,
  miniApp,
  mockTelegramEnv,
  requestWriteAccess,
  setDebug,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import { DEV_THEME_PARAMS, themeCssVar } from './theme.ts';

/**
 * Starts the Telegram SDK and mounts what the app uses (DESIGN §11, reactjs-template style):
 * the Mini App, theme params bound onto Khel's CSS variables, the viewport (its height, safe area
 * and content safe area as `--tg-viewport-*` variables, which tma.css pads the page with) and the
 * back button. Each step is skipped where the client lacks it. The other controls (settings,
 * main and secondary buttons, closing confirmation, fullscreen) are mounted by what drives them.
 */
export function initTelegramSdk(options: { debug: boolean }): void {
  setDebug(options.debug);
  initSdk();

  backButton.mount.ifAvailable();
  backButton.hide.ifAvailable();

  miniApp.mountSync.ifAvailable();
  themeParams.mountSync.ifAvailable();
  if (themeParams.isMounted()) {
    themeParams.bindCssVars.ifAvailable(themeCssVar);
    const applyScheme = () => {
      const scheme = themeParams.isDark() ? 'dark' : 'light';
      document.documentElement.style.colorScheme = scheme;
      // tma.css adjusts the colours Telegram's palette has no entry for (success green) to the scheme.
      document.documentElement.dataset.scheme = scheme;
    };
    applyScheme();
    themeParams.isDark.sub(applyScheme);
  }
  if (miniApp.isMounted()) {
    miniApp.bindCssVars.ifAvailable();
    // Telegram's title bar and the bar under the app (MainButton) in the page's colours: one surface.
    miniApp.setHeaderColor.ifAvailable('bg_color');
    miniApp.setBottomBarColor.ifAvailable('secondary_bg_color');
  }

  if (viewport.mount.isAvailable()) {
    viewport
      .mount()
      .then(() => {
        viewport.bindCssVars.ifAvailable();
        if (!viewport.isExpanded()) viewport.expand.ifAvailable();
      })
      .catch((error: unknown) => console.error('Could not mount the Telegram viewport', error));
  }

  miniApp.ready.ifAvailable();
}

/** Telegram's popup asking to let the bot message the user: its status, or null where the client lacks it. */
export async function requestBotWriteAccess(): Promise<string | null> {
  if (!requestWriteAccess.isAvailable()) return null;
  return requestWriteAccess();
}

/**
 * Outside Telegram (development, sandbox, end-to-end tests): makes the SDK believe it runs in
 * Telegram with init data the API signed for its development bot, and answers the requests a
 * Telegram client would answer.
 */
export function mockTelegramEnvironment(initDataRaw: string, startParam: string | null): void {
  const insets = { top: 0, bottom: 0, left: 0, right: 0 };
  mockTelegramEnv({
    launchParams: {
      tgWebAppData: initDataRaw,
      tgWebAppThemeParams: DEV_THEME_PARAMS,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'tdesktop',
      ...(startParam ? { tgWebAppStartParam: startParam } : {}),
    },
    onEvent(event) {
      const [method] = event;
      if (method === 'web_app_request_theme') {
        emitEvent('theme_changed', { theme_params: DEV_THEME_PARAMS });
      } else if (method === 'web_app_request_viewport') {
        emitEvent('viewport_changed', {
          height: window.innerHeight,
          width: window.innerWidth,
          is_expanded: true,
          is_state_stable: true,
        });
      } else if (method === 'web_app_request_safe_area') {
        emitEvent('safe_area_changed', insets);
      } else if (method === 'web_app_request_content_safe_area') {
        emitEvent('content_safe_area_changed', insets);
      } else if (method === 'web_app_request_fullscreen') {
        emitEvent('fullscreen_changed', { is_fullscreen: true });
      } else if (method === 'web_app_exit_fullscreen') {
        emitEvent('fullscreen_changed', { is_fullscreen: false });
      }
      // Other methods (show the back button, ready, …) have no Telegram to reach: dropped.
    },
  });
}
