/**
 * SPEC §2: a sign-in on a quests page refreshes the page. Just before, the auth feature leaves this
 * marker in the tab's sessionStorage; after the reload the quests feature reads it to send the user
 * on (the community client's URL when the address carries `clientId`).
 */
export const QUEST_SIGN_IN_KEY = 'khel.questSignIn';

/** A marker older than this is from another visit, not from the refresh that just happened. */
export const QUEST_SIGN_IN_MAX_AGE_MS = 60_000;

export interface QuestSignIn {
  path: string;
  method: string;
  at: number;
}

type MarkerStorage = Pick<Storage, 'getItem' | 'removeItem'>;

/** The tab's sessionStorage, or null where the browser refuses it. */
export function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const samePath = (a: string, b: string) => (a.replace(/\/+$/, '') || '/') === (b.replace(/\/+$/, '') || '/');

/**
 * Reads and forgets the marker of a sign-in that refreshed `pathname`; null when there is none, it
 * is unreadable, stale or left by another page.
 */
export function takeQuestSignIn(
  storage: MarkerStorage | null,
  pathname: string,
  now: number,
): QuestSignIn | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(QUEST_SIGN_IN_KEY) ?? null;
    if (raw !== null) storage?.removeItem(QUEST_SIGN_IN_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const marker = JSON.parse(raw) as Partial<QuestSignIn> | null;
    if (
      !marker ||
      typeof marker.path !== 'string' ||
      typeof marker.method !== 'string' ||
      typeof marker.at !== 'number'
    )
      return null;
    if (!samePath(marker.path, pathname) || now - marker.at < 0 || now - marker.at > QUEST_SIGN_IN_MAX_AGE_MS)
      return null;
    return { path: marker.path, method: marker.method, at: marker.at };
  } catch {
    return null;
  }
}
