import { REFRESH_COOKIE_DAYS } from '../domain/constants.ts';

/** Synchronous string storage: what the session store and analytics need from localStorage and friends. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Keys held by this storage (without any adapter prefix). */
  keys(): string[];
}

/** The part of the DOM `Storage` interface the adapters use. */
export interface WebStorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value));
    },
    removeItem: (key) => {
      map.delete(key);
    },
    keys: () => [...map.keys()],
  };
}

/**
 * Wraps a Web Storage object under a key prefix, so `keys()` and clearing only see this app's entries.
 * Storage can throw (quota, disabled storage in private mode); reads then give null and writes are dropped
 * with a logged error rather than breaking the page.
 */
export function webStorageAdapter(backing: WebStorageLike, prefix = ''): KeyValueStorage {
  return {
    getItem: (key) => {
      try {
        return backing.getItem(prefix + key);
      } catch {
        return null;
      }
    },
    setItem: (key, value) => {
      try {
        backing.setItem(prefix + key, value);
      } catch (error) {
        console.error(`Could not store "${key}"`, error);
      }
    },
    removeItem: (key) => {
      try {
        backing.removeItem(prefix + key);
      } catch {
        // nothing stored, nothing to remove
      }
    },
    keys: () => {
      const out: string[] = [];
      try {
        for (let i = 0; i < backing.length; i++) {
          const k = backing.key(i);
          if (k?.startsWith(prefix)) out.push(k.slice(prefix.length));
        }
      } catch {
        return [];
      }
      return out;
    },
  };
}

function globalWebStorage(name: 'localStorage' | 'sessionStorage'): WebStorageLike | undefined {
  try {
    return (globalThis as Record<string, unknown>)[name] as WebStorageLike | undefined;
  } catch {
    // Accessing localStorage throws when the browser blocks storage for the site.
    return undefined;
  }
}

/** `localStorage` under a prefix; falls back to memory where there is none (Node, blocked storage). */
export function localStorageAdapter(prefix = 'khel.'): KeyValueStorage {
  const backing = globalWebStorage('localStorage');
  return backing ? webStorageAdapter(backing, prefix) : memoryStorage();
}

/** `sessionStorage` (per tab) under a prefix; falls back to memory where there is none. */
export function sessionStorageAdapter(prefix = 'khel.'): KeyValueStorage {
  const backing = globalWebStorage('sessionStorage');
  return backing ? webStorageAdapter(backing, prefix) : memoryStorage();
}

export interface CookieDocumentLike {
  cookie: string;
  location?: { protocol: string };
}

export interface CookieStorageOptions {
  /** Default `khel.`, so ending a session never deletes other cookies of the site. */
  prefix?: string;
  /** Lifetime of every cookie written; SPEC §9: the refresh-token cookie lives 30 days. */
  maxAgeSeconds?: number;
  path?: string;
  domain?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  /** Defaults to true on https pages. */
  secure?: boolean;
}

/**
 * Non-HttpOnly cookies as storage (the website's cookie option for tokens). Values are URI-encoded.
 * An HttpOnly refresh cookie set by the API is invisible here, which is fine: the client then simply
 * holds no refresh token and the browser sends the cookie with the refresh call.
 */
export function cookieStorage(doc: CookieDocumentLike, options: CookieStorageOptions = {}): KeyValueStorage {
  const prefix = options.prefix ?? 'khel.';
  const maxAge = options.maxAgeSeconds ?? REFRESH_COOKIE_DAYS * 24 * 60 * 60;
  const secure = options.secure ?? doc.location?.protocol === 'https:';
  const attributes = (age: number) =>
    [
      `Max-Age=${age}`,
      `Path=${options.path ?? '/'}`,
      options.domain ? `Domain=${options.domain}` : '',
      `SameSite=${options.sameSite ?? 'Lax'}`,
      secure ? 'Secure' : '',
    ]
      .filter(Boolean)
      .join('; ');

  const readAll = (): Map<string, string> => {
    const out = new Map<string, string>();
    for (const part of doc.cookie.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0) continue;
      const name = safeDecode(part.slice(0, eq).trim());
      if (!name.startsWith(prefix) || out.has(name)) continue;
      out.set(name.slice(prefix.length), safeDecode(part.slice(eq + 1).trim()));
    }
    return out;
  };

  return {
    getItem: (key) => readAll().get(key) ?? null,
    setItem: (key, value) => {
      doc.cookie = `${encodeURIComponent(prefix + key)}=${encodeURIComponent(value)}; ${attributes(maxAge)}`;
    },
    removeItem: (key) => {
      doc.cookie = `${encodeURIComponent(prefix + key)}=; ${attributes(0)}`;
    },
    keys: () => [...readAll().keys()],
  };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Sends some keys to their own storage and the rest to `fallback`, e.g. tokens in cookies and
 * everything else in localStorage: `routedStorage(localStorageAdapter(), { refreshToken: cookies })`.
 */
export function routedStorage(
  fallback: KeyValueStorage,
  routes: Partial<Record<string, KeyValueStorage>>,
): KeyValueStorage {
  const pick = (key: string) => routes[key] ?? fallback;
  return {
    getItem: (key) => pick(key).getItem(key),
    setItem: (key, value) => pick(key).setItem(key, value),
    removeItem: (key) => pick(key).removeItem(key),
    keys: () => {
      const out = new Set(fallback.keys().filter((k) => !routes[k]));
      for (const [key, storage] of Object.entries(routes)) {
        if (storage?.getItem(key) != null) out.add(key);
      }
      return [...out];
    },
  };
}
