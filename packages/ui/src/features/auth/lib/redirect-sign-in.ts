import type { AuthProviders } from '@khel/core/contract';
import type { RedirectCallback, RedirectProvider } from './redirect-callback.ts';

export {
  hasRedirectCallback,
  type RedirectCallback,
  type RedirectProvider,
  readRedirectCallback,
} from './redirect-callback.ts';

/**
 * Sign-ins that leave the page for the provider and come back (WhatsApp one-time login, Google).
 * Before leaving we keep a random `state` in sessionStorage; the provider returns it and the
 * answer is used only when it matches, so a link someone else started cannot sign this browser in
 * (login CSRF) or link their account to ours.
 */

export type RedirectIntent = 'sign-in' | 'link';

export interface PendingRedirect {
  provider: RedirectProvider;
  intent: RedirectIntent;
  state: string;
  /** The page to show once signed in (path, search). */
  returnTo: string;
  startedAt: number;
}

/** sessionStorage key of the sign-in in progress (per tab, like the redirect itself). */
export const PENDING_REDIRECT_KEY = 'khel.pendingRedirectSignIn';
/** A provider answer older than this is refused: the user has to start again. */
export const REDIRECT_MAX_AGE_MS = 15 * 60 * 1000;

/** Query parameters the providers add on the way back (SPEC §2: `code` and `provider`). */
const CALLBACK_QUERY_KEYS = ['code', 'provider', 'state', 'error'] as const;

const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';

export interface PageLocation {
  origin: string;
  pathname: string;
  search: string;
  hash: string;
}

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The page without the parameters a provider added, e.g. `/profile?tab=x`. */
export function pageWithoutCallback(location: Pick<PageLocation, 'pathname' | 'search'>): string {
  const params = new URLSearchParams(location.search);
  for (const key of CALLBACK_QUERY_KEYS) params.delete(key);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}

/** Whether the provider's authorize page exists on this server for the provider. */
export function isRedirectAvailable(
  provider: RedirectProvider,
  providers: AuthProviders | undefined,
): boolean {
  if (!providers) return false;
  if (provider === 'whatsapp')
    return providers.whatsapp.enabled && providers.whatsapp.sandboxAuthorizeUrl !== null;
  const { google } = providers;
  return (
    google.enabled && (google.sandboxAuthorizeUrl !== null || (google.mode === 'google' && !!google.clientId))
  );
}

/**
 * Where to send the browser, and what to remember. The sandbox pages return to the page the user is
 * on; Google itself only returns to a registered address (the site root), so the page to show
 * afterwards is kept in `returnTo`.
 */
export function startRedirect(input: {
  provider: RedirectProvider;
  intent: RedirectIntent;
  providers: AuthProviders;
  location: PageLocation;
  now?: number;
  state?: string;
}): { url: string; pending: PendingRedirect } {
  const { provider, intent, providers, location } = input;
  const state = input.state ?? randomState();
  const returnTo = pageWithoutCallback(location);
  const pending: PendingRedirect = { provider, intent, state, returnTo, startedAt: input.now ?? Date.now() };
  const here = `${location.origin}${returnTo}`;
  let url: URL;
  if (provider === 'whatsapp') {
    const page = providers.whatsapp.sandboxAuthorizeUrl;
    if (!page) throw new Error('WhatsApp sign-in is not available');
    url = new URL(page, location.origin);
    url.searchParams.set('redirect_uri', here);
  } else if (providers.google.sandboxAuthorizeUrl) {
    url = new URL(providers.google.sandboxAuthorizeUrl, location.origin);
    url.searchParams.set('redirect_uri', here);
  } else {
    if (!providers.google.clientId) throw new Error('Google sign-in is not available');
    url = new URL(GOOGLE_AUTHORIZE_URL);
    url.searchParams.set('client_id', providers.google.clientId);
    url.searchParams.set('redirect_uri', `${location.origin}/`);
    url.searchParams.set('response_type', 'id_token');
    url.searchParams.set('scope', 'openid email profile');
    url.searchParams.set('nonce', randomState());
    url.searchParams.set('prompt', 'select_account');
  }
  url.searchParams.set('state', state);
  return { url: url.href, pending };
}

export function readPending(storage: Pick<Storage, 'getItem'> | null): PendingRedirect | null {
  try {
    const raw = storage?.getItem(PENDING_REDIRECT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingRedirect>;
    if (
      (value.provider === 'whatsapp' || value.provider === 'google') &&
      (value.intent === 'sign-in' || value.intent === 'link') &&
      typeof value.state === 'string' &&
      typeof value.returnTo === 'string' &&
      value.returnTo.startsWith('/') &&
      !value.returnTo.startsWith('//') &&
      typeof value.startedAt === 'number'
    ) {
      return value as PendingRedirect;
    }
  } catch {
    // unreadable: treated as none
  }
  return null;
}

export function savePending(storage: Pick<Storage, 'setItem'> | null, pending: PendingRedirect): void {
  try {
    storage?.setItem(PENDING_REDIRECT_KEY, JSON.stringify(pending));
  } catch (error) {
    console.error('Could not remember the sign-in in progress', error);
  }
}

export function clearPending(storage: Pick<Storage, 'removeItem'> | null): void {
  try {
    storage?.removeItem(PENDING_REDIRECT_KEY);
  } catch {
    // nothing kept
  }
}

/**
 * The pending sign-in this answer belongs to: same provider, same state, started less than
 * REDIRECT_MAX_AGE_MS ago. Anything else is refused.
 */
export function matchCallback(
  callback: RedirectCallback,
  pending: PendingRedirect | null,
  now: number = Date.now(),
): PendingRedirect | null {
  if (!pending || callback.state === null || callback.state !== pending.state) return null;
  if (callback.provider !== null && callback.provider !== pending.provider) return null;
  if (now - pending.startedAt > REDIRECT_MAX_AGE_MS || now < pending.startedAt) return null;
  return pending;
}

export function browserSessionStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
