import { decodeIdToken, type IdTokenClaims } from './id-token.ts';
import { KEPT_KEYS, STORAGE_KEYS } from './keys.ts';
import type { KeyValueStorage } from './storage.ts';

export interface SessionTokens {
  accessToken: string;
  /** Omitted or ignored when the API keeps the refresh token in an HttpOnly cookie. */
  refreshToken?: string;
  /** Kept as it is when a refresh answers without one. */
  idToken?: string;
}

export type SessionChange =
  | { type: 'tokens' }
  | { type: 'ended' }
  | { type: 'value'; key: string }
  | { type: 'login-retry' };

export type SessionListener = (change: SessionChange) => void;

export interface SessionStoreOptions {
  now?: () => number;
  /**
   * False when the refresh token lives only in the API's HttpOnly cookie: the store then never writes it
   * and the refresh call relies on the cookie. Default true.
   */
  persistRefreshToken?: boolean;
  randomId?: () => string;
}

export interface SessionStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  getIdToken(): string | null;
  setTokens(tokens: SessionTokens): void;
  /** SPEC §6: a visitor has no tokens; a signed-in user holds an access token. */
  isSignedIn(): boolean;
  /**
   * SPEC §3 userId, email and phone from the id token. No stored token gives `{}` quietly; an empty or
   * malformed one logs an error and gives `{}` (SPEC §8).
   */
  decodeIdToken(): IdTokenClaims;
  /** Id of the current sign-in, made when tokens are first stored; sent as analytics loginSessionId. */
  getLoginSessionId(): string | null;
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  getJson<T>(key: string): T | null;
  setJson(key: string, value: unknown): void;
  subscribe(listener: SessionListener): () => void;
  /** SPEC §4: clears every stored entry except KEPT_KEYS (location, IP, analytics session id and timestamp). */
  endSession(): void;
  /**
   * Where the store keeps its keys, with its clock and a way to tell its listeners of a change made beside it:
   * what the sign-in code gate (login-retry.ts, `loginRetryGate`) is made of. The gate is not a part of the
   * store so that only the screens that ask for a code download it, not the first download of every page.
   */
  readonly storage: KeyValueStorage;
  readonly now: () => number;
  announce(change: SessionChange): void;
}

/** Calls every listener; one that throws is logged and does not stop the others. */
function notifyAll(listeners: Set<SessionListener>, change: SessionChange): void {
  for (const listener of [...listeners]) {
    try {
      listener(change);
    } catch (error) {
      console.error('Session listener failed', error);
    }
  }
}

/**
 * Stores a token pair (and the id token's userId). A new sign-in (no access token yet, or no login
 * session id) gets a fresh login session id first.
 */
function writeTokens(
  storage: KeyValueStorage,
  { accessToken, refreshToken, idToken }: SessionTokens,
  signedIn: boolean,
  persistRefreshToken: boolean,
  randomId: () => string,
): void {
  if (!signedIn || !storage.getItem(STORAGE_KEYS.loginSessionId)) {
    storage.setItem(STORAGE_KEYS.loginSessionId, randomId());
  }
  storage.setItem(STORAGE_KEYS.accessToken, accessToken);
  if (refreshToken && persistRefreshToken) storage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  if (idToken) {
    storage.setItem(STORAGE_KEYS.idToken, idToken);
    const { userId } = decodeIdToken(idToken);
    if (userId) storage.setItem(STORAGE_KEYS.userId, userId);
  }
}

/** A stored JSON value, or null when it is missing or not JSON. */
function readJson<T>(storage: KeyValueStorage, key: string): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function createSessionStore(
  storage: KeyValueStorage,
  options: SessionStoreOptions = {},
): SessionStore {
  const listeners = new Set<SessionListener>();
  const persistRefreshToken = options.persistRefreshToken ?? true;
  const randomId = options.randomId ?? (() => crypto.randomUUID());

  const notify = (change: SessionChange) => notifyAll(listeners, change);

  const nonEmpty = (key: string) => storage.getItem(key) || null;

  const store: SessionStore = {
    getAccessToken: () => nonEmpty(STORAGE_KEYS.accessToken),
    getRefreshToken: () => nonEmpty(STORAGE_KEYS.refreshToken),
    getIdToken: () => nonEmpty(STORAGE_KEYS.idToken),

    setTokens(tokens) {
      writeTokens(storage, tokens, store.isSignedIn(), persistRefreshToken, randomId);
      notify({ type: 'tokens' });
    },

    isSignedIn: () => store.getAccessToken() !== null,

    decodeIdToken() {
      const token = storage.getItem(STORAGE_KEYS.idToken);
      return token === null ? {} : decodeIdToken(token);
    },

    getLoginSessionId: () => nonEmpty(STORAGE_KEYS.loginSessionId),

    get: (key) => storage.getItem(key),
    set(key, value) {
      storage.setItem(key, value);
      notify({ type: 'value', key });
    },
    remove(key) {
      storage.removeItem(key);
      notify({ type: 'value', key });
    },
    getJson<T>(key: string): T | null {
      return readJson<T>(storage, key);
    },
    setJson(key, value) {
      store.set(key, JSON.stringify(value));
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    endSession() {
      for (const key of storage.keys()) {
        if (!KEPT_KEYS.includes(key)) storage.removeItem(key);
      }
      notify({ type: 'ended' });
    },

    storage,
    now: options.now ?? Date.now,
    announce: notify,
  };
  return store;
}
