/** What the promotion needs of the per-tab storage (sessionStorage). */
export interface TabStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const PROMO_SESSION_KEY = 'khel.clanPromo.session';

/**
 * This tab's session for the promotion: its id and when it started, kept in sessionStorage so a
 * reload keeps both (the scheduler then shows the overlay at once if a minute has passed). A new tab
 * is a new session.
 */
export function promoSession(
  storage: TabStorage | null,
  now: number = Date.now(),
  randomId: () => string = () => Math.random().toString(36).slice(2) + now.toString(36),
): { id: string; startedAt: number } {
  try {
    const saved = storage?.getItem(PROMO_SESSION_KEY);
    if (saved) {
      const parsed = JSON.parse(saved) as { id?: unknown; startedAt?: unknown };
      if (typeof parsed.id === 'string' && typeof parsed.startedAt === 'number')
        return { id: parsed.id, startedAt: parsed.startedAt };
    }
  } catch {
    // Unreadable: a new session.
  }
  const session = { id: randomId(), startedAt: now };
  try {
    storage?.setItem(PROMO_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Not kept: a reload starts a new session, which the shows count still caps.
  }
  return session;
}
