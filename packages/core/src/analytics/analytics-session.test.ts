import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_IDLE_TIMEOUT_MS, TAB_ID_REGISTRATION_DELAY_MS } from '../domain/constants.ts';
import { type KeyValueStorage, memoryStorage } from '../session/storage.ts';
import {
  ANALYTICS_SHARED_KEYS,
  ANALYTICS_TAB_KEYS,
  type AnalyticsSession,
  type AnalyticsSessionEvent,
  createAnalyticsSession,
  KEPT_TAB_KEYS,
} from './analytics-session.ts';
import { createMemorySignalHub } from './cross-tab.ts';

const MIN = 60_000;

/** A browser: one localStorage shared by its tabs, one BroadcastChannel hub. */
function browser() {
  const shared = memoryStorage();
  const hub = createMemorySignalHub();
  const events: AnalyticsSessionEvent[] = [];
  let ids = 0;
  const opened: AnalyticsSession[] = [];
  const openTab = (entryPoint = '/', tabStorage: KeyValueStorage = memoryStorage()) => {
    const tab = createAnalyticsSession({
      shared,
      tab: tabStorage,
      signal: hub.connect(),
      entryPoint,
      randomId: () => `id-${++ids}`,
      onEvent: (e) => events.push(e),
    });
    opened.push(tab);
    return tab;
  };
  const names = () => events.map((e) => e.name);
  const ends = () => events.filter((e) => e.name === 'session_end');
  return { shared, events, names, ends, openTab, opened };
}

let current: ReturnType<typeof browser> | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
});
afterEach(() => {
  for (const tab of current?.opened ?? []) tab.dispose();
  current = undefined;
  vi.useRealTimers();
});
const setup = () => {
  current = browser();
  return current;
};

describe('SPEC §4 numbers', () => {
  it('idle timeout is 30 minutes (1 800 000 ms) and tab registration waits 2 s', () => {
    expect(SESSION_IDLE_TIMEOUT_MS).toBe(1_800_000);
    expect(TAB_ID_REGISTRATION_DELAY_MS).toBe(2_000);
  });
});

describe('session start', () => {
  it('the first event starts a session with session_start and first_page_load, once', () => {
    const b = setup();
    const tab = b.openTab('/');
    expect(tab.currentSessionId()).toBeNull();
    const id = tab.touch();
    expect(b.names()).toEqual(['session_start', 'first_page_load']);
    expect(b.events.every((e) => e.sessionId === id)).toBe(true);
    expect(b.shared.getItem('analyticSessionId')).toBe(id);
    expect(tab.touch()).toBe(id);
    expect(b.names()).toEqual(['session_start', 'first_page_load']);
  });

  it('a second tab joins the running session', () => {
    const b = setup();
    const a = b.openTab();
    const id = a.touch();
    const other = b.openTab('/k-quest/');
    expect(other.touch()).toBe(id);
    expect(b.names()).toEqual(['session_start', 'first_page_load']);
  });

  it('the first event after 30 minutes of inactivity starts a new session', () => {
    const b = setup();
    const tab = b.openTab();
    const first = tab.touch();
    vi.advanceTimersByTime(30 * MIN);
    expect(b.ends()).toHaveLength(1);
    const second = tab.touch();
    expect(second).not.toBe(first);
    expect(b.names()).toEqual([
      'session_start',
      'first_page_load',
      'session_end',
      'session_start',
      'first_page_load',
    ]);
  });
});

describe('idle end after 30 minutes (1 800 000 ms)', () => {
  it('ends at exactly 30 min idle, not before, and removes the session id', () => {
    const b = setup();
    const tab = b.openTab();
    const id = tab.touch();
    vi.advanceTimersByTime(SESSION_IDLE_TIMEOUT_MS - 1);
    expect(b.ends()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(b.ends()).toEqual([expect.objectContaining({ sessionId: id, reason: 'idle' })]);
    expect(b.shared.getItem('analyticSessionId')).toBeNull();
    expect(b.shared.getItem('analyticSessionTimestamp')).toBeNull();
  });

  it('own activity pushes the idle end back', () => {
    const b = setup();
    const tab = b.openTab();
    tab.touch();
    vi.advanceTimersByTime(25 * MIN);
    tab.touch();
    vi.advanceTimersByTime(29 * MIN);
    expect(b.ends()).toHaveLength(0);
    vi.advanceTimersByTime(1 * MIN);
    expect(b.ends()).toHaveLength(1);
  });

  it('activity in another tab resets the idle timer', () => {
    const b = setup();
    const a = b.openTab();
    const other = b.openTab();
    a.touch();
    vi.advanceTimersByTime(20 * MIN);
    other.touch();
    vi.advanceTimersByTime(10 * MIN); // 30 min after a's last event
    expect(b.ends()).toHaveLength(0);
    vi.advanceTimersByTime(20 * MIN - 1);
    expect(b.ends()).toHaveLength(0);
    vi.advanceTimersByTime(1); // 30 min after the other tab's event
    expect(b.ends()).toHaveLength(1);
  });

  it('a tab that heard of the session from another tab ends it after 30 min idle once that tab closed', () => {
    const b = setup();
    const waiting = b.openTab(); // opened before any session existed: no idle timer yet
    const starter = b.openTab();
    const id = starter.touch();
    vi.advanceTimersByTime(TAB_ID_REGISTRATION_DELAY_MS);
    starter.closeTab();
    vi.advanceTimersByTime(SESSION_IDLE_TIMEOUT_MS - TAB_ID_REGISTRATION_DELAY_MS - 1);
    expect(b.ends()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(b.ends()).toEqual([expect.objectContaining({ sessionId: id, reason: 'idle' })]);
    expect(waiting.currentSessionId()).toBeNull();
  });

  it('sends the end event once when every tab goes idle at the same moment', () => {
    const b = setup();
    const tabs = [b.openTab(), b.openTab(), b.openTab()];
    tabs[0]!.touch();
    vi.advanceTimersByTime(2 * SESSION_IDLE_TIMEOUT_MS);
    expect(b.ends()).toHaveLength(1);
  });

  it('the once-only flag stops a second end event for the same session id', () => {
    const b = setup();
    const tab = b.openTab();
    const id = tab.touch();
    // Another tab raced us: it read the id, sent the end event and set the flag.
    b.shared.setItem(ANALYTICS_SHARED_KEYS.endSent, id);
    vi.advanceTimersByTime(SESSION_IDLE_TIMEOUT_MS);
    expect(b.ends()).toHaveLength(0);
    expect(b.shared.getItem('analyticSessionId')).toBeNull();
  });

  it('a session left behind by vanished tabs is ended when the next tab opens after 30 min', () => {
    const b = setup();
    const gone = b.openTab();
    const id = gone.touch();
    gone.dispose(); // killed without a page hide: no timers, no close
    vi.advanceTimersByTime(45 * MIN);
    expect(b.ends()).toHaveLength(0);
    b.openTab();
    expect(b.ends()).toEqual([expect.objectContaining({ sessionId: id, reason: 'idle' })]);
  });
});

describe('tabs (2 s registration, close)', () => {
  it('registers the tab id after 2 s, not before', () => {
    const b = setup();
    const tab = b.openTab();
    vi.advanceTimersByTime(TAB_ID_REGISTRATION_DELAY_MS - 1);
    expect(tab.openTabs()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(tab.openTabs()).toEqual([tab.tabId]);
  });

  it('closing one of two tabs removes it from the list and keeps the session', () => {
    const b = setup();
    const a = b.openTab();
    const other = b.openTab();
    a.touch();
    vi.advanceTimersByTime(TAB_ID_REGISTRATION_DELAY_MS);
    expect(other.openTabs().sort()).toEqual([a.tabId, other.tabId].sort());
    a.closeTab();
    expect(other.openTabs()).toEqual([other.tabId]);
    expect(b.ends()).toHaveLength(0);
    expect(other.currentSessionId()).not.toBeNull();
  });

  it('ends the session when the open-tab count reaches zero, sent with keepalive', () => {
    const b = setup();
    const a = b.openTab();
    const other = b.openTab();
    const id = a.touch();
    vi.advanceTimersByTime(TAB_ID_REGISTRATION_DELAY_MS);
    a.closeTab();
    other.closeTab();
    expect(b.ends()).toEqual([
      expect.objectContaining({ sessionId: id, reason: 'tabs-closed', keepalive: true }),
    ]);
    expect(b.shared.getItem('analyticSessionId')).toBeNull();
  });

  it('ends the session when a tab closes inside its first 2 s and the other tabs have closed', () => {
    const b = setup();
    const old = b.openTab();
    old.touch();
    vi.advanceTimersByTime(TAB_ID_REGISTRATION_DELAY_MS);
    const young = b.openTab();
    old.closeTab(); // young is not counted yet, so this already brings the count to zero
    expect(b.ends()).toHaveLength(1);
    young.touch();
    vi.advanceTimersByTime(1_000);
    young.closeTab(); // never counted; the other tabs are closed, so its new session ends too
    expect(b.ends()).toHaveLength(2);
  });

  it('a tab closed inside its first 2 s does not end the session while a counted tab is open', () => {
    const b = setup();
    const a = b.openTab();
    a.touch();
    vi.advanceTimersByTime(TAB_ID_REGISTRATION_DELAY_MS);
    const young = b.openTab();
    young.touch();
    young.closeTab();
    expect(b.ends()).toHaveLength(0);
    expect(a.openTabs()).toEqual([a.tabId]);
  });

  it('an idle-but-open tab still counts while another tab is active', () => {
    const b = setup();
    const quiet = b.openTab();
    const busy = b.openTab();
    busy.touch();
    vi.advanceTimersByTime(TAB_ID_REGISTRATION_DELAY_MS);
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(20 * MIN);
      busy.touch();
    }
    busy.closeTab();
    expect(b.ends()).toHaveLength(0);
    expect(quiet.openTabs()).toEqual([quiet.tabId]);
  });

  it('closing clears per-tab storage except the two kept keys (tab id and entry point)', () => {
    const b = setup();
    const tabStorage = memoryStorage({ ongoingFlow: 'clan-chief', otherState: 'x' });
    const tab = b.openTab('/k-quest/', tabStorage);
    tab.touch();
    tab.closeTab();
    expect(KEPT_TAB_KEYS).toEqual([ANALYTICS_TAB_KEYS.tabId, ANALYTICS_TAB_KEYS.entryPoint]);
    expect(tabStorage.keys().sort()).toEqual(['analyticEntryPoint', 'analyticTabId']);
    expect(tabStorage.getItem('analyticEntryPoint')).toBe('/k-quest/');
  });

  it('a reloaded tab keeps its tab id and entry point', () => {
    const b = setup();
    const tabStorage = memoryStorage();
    const before = b.openTab('/k-quest/', tabStorage);
    before.closeTab();
    const after = b.openTab('/profile/', tabStorage);
    expect(after.tabId).toBe(before.tabId);
    expect(after.entryPoint()).toBe('/k-quest/');
  });

  it('a tab that stopped counting (e.g. list wiped) lists itself again on its next event', () => {
    const b = setup();
    const tab = b.openTab();
    vi.advanceTimersByTime(TAB_ID_REGISTRATION_DELAY_MS);
    b.shared.removeItem(ANALYTICS_SHARED_KEYS.openTabs);
    tab.touch();
    expect(tab.openTabs()).toEqual([tab.tabId]);
  });
});
