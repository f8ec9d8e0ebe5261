import { CLAN_PROMO_DELAY_MS, CLAN_PROMO_MAX_SHOWS, CLAN_PROMO_RETRY_STEP_MS } from './constants.ts';

/** Time source and timers; the default uses the global ones, so vi.useFakeTimers() drives it. */
export interface SchedulerClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The subset of Web Storage the scheduler needs (localStorage in browsers, a Map in tests). */
export interface ClanPromoStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const systemClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export const CLAN_PROMO_STORAGE_KEYS = {
  shows: 'khel.clanPromo.shows',
  lastSessionId: 'khel.clanPromo.lastSessionId',
} as const;

export interface ClanPromoSchedulerOptions {
  storage: ClanPromoStorage;
  hasClan: () => boolean;
  isOtherModalOpen: () => boolean;
  onShow: () => void;
  clock?: SchedulerClock;
  maxShows?: number;
  delayMs?: number;
  retryStepMs?: number;
}

/**
 * SPEC §2/§9 clan-chief promotion overlay:
 * - at most 3 shows in all (the count is persisted in `storage`), and at most once per session
 *   (the id of the session it was last shown in is persisted too, so a reload does not show it again);
 * - only for a user without a clan, checked both at start and when the timer fires;
 * - 60 s after the session started (a reload mid-session keeps the original start, so a page that has
 *   been open 90 s shows it at once);
 * - while another modal is open it is put off in 60 s steps until none is.
 */
export class ClanPromoScheduler {
  private readonly options: Required<Omit<ClanPromoSchedulerOptions, 'clock'>> & { clock: SchedulerClock };
  private handle: unknown = null;
  private dueAt: number | null = null;
  private sessionId: string | null = null;

  constructor(options: ClanPromoSchedulerOptions) {
    this.options = {
      clock: systemClock,
      maxShows: CLAN_PROMO_MAX_SHOWS,
      delayMs: CLAN_PROMO_DELAY_MS,
      retryStepMs: CLAN_PROMO_RETRY_STEP_MS,
      ...options,
    };
  }

  /** How many times the overlay has been shown, across sessions. */
  get showCount(): number {
    const raw = readItem(this.options.storage, CLAN_PROMO_STORAGE_KEYS.shows);
    const n = raw === null ? 0 : Number.parseInt(raw, 10);
    return Number.isFinite(n) && n > 0 ? n : 0;
  }

  /** When the pending timer fires (epoch ms), or null when nothing is scheduled. */
  get scheduledAt(): number | null {
    return this.dueAt;
  }

  /** Whether the overlay may still be shown in this session (ignoring the timer). */
  isEligible(sessionId: string): boolean {
    const { storage, maxShows, hasClan } = this.options;
    if (this.showCount >= maxShows) return false;
    if (readItem(storage, CLAN_PROMO_STORAGE_KEYS.lastSessionId) === sessionId) return false;
    return !hasClan();
  }

  /** Schedules the overlay for a session; returns false when it will not be shown in it. */
  start(session: { id: string; startedAt: number }): boolean {
    this.stop();
    if (!this.isEligible(session.id)) return false;
    this.sessionId = session.id;
    const { clock, delayMs } = this.options;
    this.schedule(Math.max(0, session.startedAt + delayMs - clock.now()));
    return true;
  }

  stop(): void {
    if (this.handle !== null) this.options.clock.clearTimeout(this.handle);
    this.handle = null;
    this.dueAt = null;
  }

  private schedule(ms: number): void {
    const { clock } = this.options;
    this.dueAt = clock.now() + ms;
    this.handle = clock.setTimeout(() => this.fire(), ms);
  }

  private fire(): void {
    this.handle = null;
    this.dueAt = null;
    const sessionId = this.sessionId;
    if (sessionId === null || !this.isEligible(sessionId)) return;
    const { storage, isOtherModalOpen, onShow, retryStepMs } = this.options;
    if (isOtherModalOpen()) {
      this.schedule(retryStepMs);
      return;
    }
    writeItem(storage, CLAN_PROMO_STORAGE_KEYS.shows, String(this.showCount + 1));
    writeItem(storage, CLAN_PROMO_STORAGE_KEYS.lastSessionId, sessionId);
    onShow();
  }
}

// Storage can throw (Safari private mode, quota, disabled cookies); the overlay is not worth a crash.
function readItem(storage: ClanPromoStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(storage: ClanPromoStorage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Not persisted: at worst the overlay shows again next session.
  }
}
