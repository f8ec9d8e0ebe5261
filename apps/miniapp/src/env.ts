/** The Mini App's settings, read once from Vite's env (DESIGN §11: nothing else reads import.meta.env). */
export interface MiniAppEnv {
  /** API base: a path on this origin (`/api`) or an absolute http(s) URL. */
  apiBaseUrl: string;
  /** Print the Telegram SDK's debug log. */
  debug: boolean;
  /**
   * The Mini App's Telegram link (`https://t.me/<bot>/<app>`): where a wallet opened from Telegram
   * returns the user after a TON Connect request. Unset: the wallet's own default.
   */
  telegramReturnUrl: `${string}://${string}` | null;
}

export function parseEnv(raw: Record<string, unknown>): MiniAppEnv {
  const base =
    typeof raw.VITE_API_BASE_URL === 'string' && raw.VITE_API_BASE_URL.trim() !== ''
      ? raw.VITE_API_BASE_URL.trim()
      : '/api';
  if (!/^(\/|https?:\/\/)/.test(base)) {
    throw new Error(`VITE_API_BASE_URL must be a path starting with / or an http(s) URL, got "${base}"`);
  }
  const returnUrl =
    typeof raw.VITE_TELEGRAM_RETURN_URL === 'string' ? raw.VITE_TELEGRAM_RETURN_URL.trim() : '';
  if (returnUrl !== '' && !/^https:\/\/t\.me\/\S+$/.test(returnUrl)) {
    throw new Error(`VITE_TELEGRAM_RETURN_URL must be a https://t.me/… link, got "${returnUrl}"`);
  }
  return {
    apiBaseUrl: base.replace(/\/+$/, '') || '/',
    debug: raw.VITE_TMA_DEBUG === 'true',
    telegramReturnUrl: returnUrl === '' ? null : (returnUrl as `${string}://${string}`),
  };
}

export const env: MiniAppEnv = parseEnv(import.meta.env);
