import { SESSION_IDLE_TIMEOUT_MS, TAB_ID_REGISTRATION_DELAY_MS } from '../domain/constants.ts';
import { STORAGE_KEYS } from '../session/keys.ts';
import type { KeyValueStorage } from '../session/storage.ts';
import { SESSION_EVENTS } from './constants.ts';
import type { CrossTabMessage, CrossTabSignal } from './cross-tab.ts';

/** Entries in the shared storage (localStorage-like, all tabs). */
export const ANALYTICS_SHARED_KEYS = {
  sessionId: STORAGE_KEYS.analyticSessionId,
  /** Last activity in any tab, ms since epoch. */
  timestamp: STORAGE_KEYS.analyticSessionTimestamp,
  /** JSON `[{ id, seenAt }]` of the registered tabs. */
  openTabs: 'analyticOpenTabs',
  /** Id of the last session whose end event was sent: the once-only guard. */
  endSent: 'analyticSessionEndSent',
} as const;

/** Entries in the per-tab storage (sessionStorage-like). */
export const ANALYTICS_TAB_KEYS = {
  tabId: 'analyticTabId',
  entryPoint: 'analyticEntryPoint',
} as const;

/**
 * SPEC §4: closing a tab clears its per-tab storage except two kept keys. sessionStorage survives a
 * reload (which also fires the close handler), so a reloaded tab keeps its id and the page it entered on.
 */
export const KEPT_TAB_KEYS: readonly string[] = [ANALYTICS_TAB_KEYS.tabId, ANALYTICS_TAB_KEYS.entryPoint];

export type SessionEndReason = 'idle' | 'tabs-closed';

export interface AnalyticsSessionEvent {
  name: (typeof SESSION_EVENTS)[keyof typeof SESSION_EVENTS];
  sessionId: string;
  /** Path this tab entered on (first_page_load). */
  entryPoint: string;
  reason?: SessionEndReason;
  /** True when the page may be going away: send with keepalive. */
  keepalive: boolean;
}

export interface AnalyticsClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AnalyticsSessionOptions {
  /** Shared by all tabs (localStorage). */
  shared: KeyValueStorage;
  /** This tab only (sessionStorage). */
  tab: KeyValueStorage;
  signal?: CrossTabSignal;
  clock?: AnalyticsClock;
  randomId?: () => string;
  /** Path of the page this tab was opened on. */
  entryPoint?: string;
  onEvent: (event: AnalyticsSessionEvent) => void;
  idleTimeoutMs?: number;
  tabRegistrationDelayMs?: number;
}

export interface AnalyticsSession {
  readonly tabId: string;
  /** Records activity in this tab; starts a session when there is none (or the last one went idle). */
  touch(): string;
  currentSessionId(): string | null;
  entryPoint(): string;
  /** Ids of the registered tabs seen within the idle timeout. */
  openTabs(): string[];
  /** Call on page hide: unregisters the tab, clears per-tab storage, ends the session when no other tab is open. */
  closeTab(): void;
  /** Stops timers and listeners without closing the tab (tests, hot reload). */
  dispose(): void;
}

interface TabEntry {
  id: string;
  seenAt: number;
}

const defaultClock: AnalyticsClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The open-tab list as stored; anything unreadable counts as no tabs. */
function readTabs(shared: KeyValueStorage): TabEntry[] {
  try {
    const parsed: unknown = JSON.parse(shared.getItem(ANALYTICS_SHARED_KEYS.openTabs) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((t): t is TabEntry => typeof t?.id === 'string' && typeof t?.seenAt === 'number')
      : [];
  } catch {
    return [];
  }
}

/** The shared last-activity time, or null when there is none (or it is not a number). */
function lastActivity(shared: KeyValueStorage): number | null {
  const raw = shared.getItem(ANALYTICS_SHARED_KEYS.timestamp);
  const at = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(at) ? at : null;
}

/**
 * Ends the shared session: clears its id and timestamp and sends session_end once per session (the
 * endSent marker stops a second tab from sending it again), then tells the other tabs.
 */
function endSharedSession(
  { shared, onEvent, signal }: AnalyticsSessionOptions,
  entryPoint: string,
  reason: SessionEndReason,
): void {
  const sessionId = shared.getItem(ANALYTICS_SHARED_KEYS.sessionId);
  if (!sessionId) return;
  shared.removeItem(ANALYTICS_SHARED_KEYS.sessionId);
  shared.removeItem(ANALYTICS_SHARED_KEYS.timestamp);
  if (shared.getItem(ANALYTICS_SHARED_KEYS.endSent) === sessionId) return;
  shared.setItem(ANALYTICS_SHARED_KEYS.endSent, sessionId);
  onEvent({ name: SESSION_EVENTS.sessionEnd, sessionId, entryPoint, reason, keepalive: reason !== 'idle' });
  signal?.post({ type: 'session-ended', sessionId });
}

/** Stores a new shared session id and sends session_start and first_page_load for it. */
function startSharedSession(
  { shared, onEvent }: AnalyticsSessionOptions,
  sessionId: string,
  entryPoint: string,
): string {
  shared.setItem(ANALYTICS_SHARED_KEYS.sessionId, sessionId);
  onEvent({ name: SESSION_EVENTS.sessionStart, sessionId, entryPoint, keepalive: false });
  onEvent({ name: SESSION_EVENTS.firstPageLoad, sessionId, entryPoint, keepalive: false });
  return sessionId;
}

/** Removes this tab's stored entries except KEPT_TAB_KEYS. */
function clearTabKeys(tab: KeyValueStorage): void {
  for (const key of tab.keys()) {
    if (!KEPT_TAB_KEYS.includes(key)) tab.removeItem(key);
  }
}

/**
 * The analytics session shared by all tabs (SPEC §4):
 * - starts on the first event, or on the first event after 30 min (SESSION_IDLE_TIMEOUT_MS) without any,
 *   and sends session_start then first_page_load;
 * - ends after 30 min without activity in any tab: each tab's timer re-reads the shared last-activity
 *   time, and activity in another tab re-arms it at once through the cross-tab signal;
 * - ends when a tab closes and no other open tab is left. This is both "the open-tab count reaches zero"
 *   (the last counted tab closes) and "other tabs close" (the other tabs are gone when this one closes,
 *   even if this one was never counted because it closed inside its first 2 s);
 * - a session left behind by tabs that vanished without a page hide is ended by the next event after
 *   the idle timeout, in whichever tab comes next;
 * - the end event goes out once per session id (shared `analyticSessionEndSent` flag) and the session id
 *   and timestamp are removed.
 * Open tabs: a tab is listed 2 s after it opens (TAB_ID_REGISTRATION_DELAY_MS) and removed when it
 * closes. Entries carry the time the tab was last alive (its own events, or hearing another tab's);
 * entries older than the idle timeout do not count, so a tab killed without a page hide cannot keep
 * sessions open forever. A single tab that reloads closes and reopens, so its session ends and the next
 * event starts a new one.
 */
export function createAnalyticsSession(options: AnalyticsSessionOptions): AnalyticsSession {
  const { shared, tab, signal } = options;
  const clock = options.clock ?? defaultClock;
  const randomId = options.randomId ?? (() => crypto.randomUUID());
  const idleMs = options.idleTimeoutMs ?? SESSION_IDLE_TIMEOUT_MS;
  const registrationDelayMs = options.tabRegistrationDelayMs ?? TAB_ID_REGISTRATION_DELAY_MS;

  const tabId = tab.getItem(ANALYTICS_TAB_KEYS.tabId) ?? randomId();
  tab.setItem(ANALYTICS_TAB_KEYS.tabId, tabId);
  const entryPoint = tab.getItem(ANALYTICS_TAB_KEYS.entryPoint) ?? options.entryPoint ?? '/';
  tab.setItem(ANALYTICS_TAB_KEYS.entryPoint, entryPoint);

  let registered = false;
  let closed = false;
  let idleTimer: unknown;

  const liveTabs = (now = clock.now()) => readTabs(shared).filter((t) => now - t.seenAt < idleMs);
  const writeTabs = (tabs: TabEntry[]) => {
    shared.setItem(ANALYTICS_SHARED_KEYS.openTabs, JSON.stringify(tabs));
  };
  const markSeen = (now: number) => {
    writeTabs([...liveTabs(now).filter((t) => t.id !== tabId), { id: tabId, seenAt: now }]);
  };

  const clearIdleTimer = () => {
    if (idleTimer !== undefined) clock.clearTimeout(idleTimer);
    idleTimer = undefined;
  };

  const endSession = (reason: SessionEndReason) => {
    clearIdleTimer();
    endSharedSession(options, entryPoint, reason);
  };

  // Arms this tab's idle timer from the shared last-activity time; ends the session when it has passed.
  const armIdleTimer = () => {
    clearIdleTimer();
    if (closed || !shared.getItem(ANALYTICS_SHARED_KEYS.sessionId)) return;
    const last = lastActivity(shared);
    const remaining = last === null ? 0 : last + idleMs - clock.now();
    if (remaining <= 0) {
      endSession('idle');
      return;
    }
    idleTimer = clock.setTimeout(armIdleTimer, remaining);
  };

  const onMessage = (message: CrossTabMessage) => {
    if (closed) return;
    if (message.type === 'activity') {
      // Only live tabs hear this, so refreshing our entry keeps idle-but-open tabs counted.
      if (registered) markSeen(clock.now());
      armIdleTimer();
    } else if (message.type === 'session-ended') {
      clearIdleTimer();
    } else if (message.type === 'tab-closed' && registered) {
      // Heals our entry if two tabs rewrote the list at the same moment and one write was lost.
      markSeen(clock.now());
    }
  };
  const unsubscribe = signal?.subscribe(onMessage);

  const registrationTimer = clock.setTimeout(() => {
    if (closed) return;
    registered = true;
    markSeen(clock.now());
  }, registrationDelayMs);

  // A tab opened inside a running session picks up its idle timer.
  armIdleTimer();

  const session: AnalyticsSession = {
    tabId,
    touch() {
      const now = clock.now();
      let sessionId = shared.getItem(ANALYTICS_SHARED_KEYS.sessionId);
      const last = lastActivity(shared);
      if (sessionId && (last === null || now - last >= idleMs)) {
        endSession('idle');
        sessionId = null;
      }
      shared.setItem(ANALYTICS_SHARED_KEYS.timestamp, String(now));
      if (!sessionId) sessionId = startSharedSession(options, randomId(), entryPoint);
      // Re-list this tab if its entry was pruned or wiped (e.g. storage cleared at logout).
      if (registered && !closed) markSeen(now);
      signal?.post({ type: 'activity', tabId, at: now });
      armIdleTimer();
      return sessionId;
    },
    currentSessionId: () => shared.getItem(ANALYTICS_SHARED_KEYS.sessionId),
    entryPoint: () => entryPoint,
    openTabs: () => liveTabs().map((t) => t.id),
    closeTab() {
      if (closed) return;
      closed = true;
      clock.clearTimeout(registrationTimer);
      clearIdleTimer();
      unsubscribe?.();
      const remaining = liveTabs().filter((t) => t.id !== tabId);
      writeTabs(remaining);
      clearTabKeys(tab);
      if (remaining.length === 0) endSession('tabs-closed');
      else signal?.post({ type: 'tab-closed', tabId });
    },
    dispose() {
      closed = true;
      clock.clearTimeout(registrationTimer);
      clearIdleTimer();
      unsubscribe?.();
    },
  };
  return session;
}
