const KEY = 'khel.deviceId';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/**
 * This browser's device id for a campaign start (the entry caps count entries per device): 22 random
 * characters of `A-Za-z0-9_-`, kept in localStorage; null where storage is refused.
 */
export function deviceId(): string | null {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
    const made = Array.from(crypto.getRandomValues(new Uint8Array(22)), (b) => ALPHABET[b % 64]).join('');
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    return null;
  }
}
