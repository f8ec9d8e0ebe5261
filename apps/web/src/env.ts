/**
 * The website's settings, read once from Vite's env (DESIGN §11: one env.ts per app; nothing
 * else reads import.meta.env).
 */
export interface WebEnv {
  /** API base: a path on this origin (`/api`) or an absolute http(s) URL. */
  apiBaseUrl: string;
  isDev: boolean;
}

export function parseEnv(raw: Record<string, unknown>): WebEnv {
  const base =
    typeof raw.VITE_API_BASE_URL === 'string' && raw.VITE_API_BASE_URL.trim() !== ''
      ? raw.VITE_API_BASE_URL.trim()
      : '/api';
  if (!/^(\/|https?:\/\/)/.test(base)) {
    throw new Error(`VITE_API_BASE_URL must be a path starting with / or an http(s) URL, got "${base}"`);
  }
  return { apiBaseUrl: base.replace(/\/+$/, '') || '/', isDev: raw.DEV === true };
}

export const env: WebEnv = parseEnv(import.meta.env);
