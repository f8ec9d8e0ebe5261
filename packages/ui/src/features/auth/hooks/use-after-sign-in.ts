import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../../../routing/index.ts';
import { uiStore } from '../../../stores/ui-store.ts';
import type { AfterSignInEnv } from '../lib/after-sign-in.ts';
import { browserSessionStorage } from '../lib/redirect-sign-in.ts';

/**
 * The browser side of the SPEC §2 after-sign-in rules: the current page, the tab's sessionStorage,
 * the app's alerts (in the user's language; the account texts are loaded by the screens that call
 * this) and a real reload.
 */
export function useAfterSignInEnv(): () => AfterSignInEnv {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return useCallback(
    () => ({
      pathname,
      storage: browserSessionStorage(),
      alert: (text, tone) => uiStore.getState().showAlert(t(`account.afterSignIn.${text}`), { tone }),
      reload: () => window.location.reload(),
      setTimeout: (run, ms) => window.setTimeout(run, ms),
    }),
    [pathname, t],
  );
}
