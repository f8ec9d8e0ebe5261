import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../client/api-client.ts';
import { envelope, fakeFetch } from '../client/fake-fetch.ts';
import { STORAGE_KEYS } from '../session/keys.ts';
import { createSessionStore } from '../session/session-store.ts';
import { memoryStorage, type WebStorageLike } from '../session/storage.ts';
import { createBrowserAnalytics } from './browser.ts';

class FakeWebStorage implements WebStorageLike {
  map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createBrowserAnalytics', () => {
  it('reads the page and the session, and ends the session at page hide', async () => {
    const local = new FakeWebStorage();
    const perTab = new FakeWebStorage();
    perTab.setItem('khel.analytics.ongoingFlow', 'x');
    const listeners = new Map<string, (event: { persisted?: boolean }) => void>();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', perTab);
    vi.stubGlobal('navigator', { userAgent: IPHONE, maxTouchPoints: 5 });
    vi.stubGlobal('screen', { height: 844, width: 390 });
    vi.stubGlobal('location', { hostname: 'khel.example', pathname: '/k-quest/' });
    vi.stubGlobal('addEventListener', (type: string, fn: (event: { persisted?: boolean }) => void) =>
      listeners.set(type, fn),
    );
    vi.stubGlobal('removeEventListener', (type: string) => listeners.delete(type));

    const session = createSessionStore(memoryStorage());
    session.setTokens({ accessToken: 'a' });
    session.set(STORAGE_KEYS.userId, 'u-5');
    session.set(STORAGE_KEYS.ipAddress, '198.51.100.4');
    session.setJson(STORAGE_KEYS.userLocationData, { countryCode: '+55', countryName: 'Brazil' });
    const fetch = fakeFetch(() => envelope(202, { stored: true }));
    const client = createApiClient({
      baseUrl: 'https://khel.example/api',
      source: 'telegram',
      session,
      fetch,
    });

    const analytics = createBrowserAnalytics({ client, source: 'telegram', session });
    expect(await analytics.track('page_view')).toBe(true);
    await vi.waitFor(() => expect(fetch.calls).toHaveLength(3));

    const details = (i: number) => JSON.parse(fetch.calls[i]!.url.searchParams.get('details')!);
    expect(fetch.calls.map((c) => c.url.searchParams.get('eventName'))).toEqual([
      'session_start',
      'first_page_load',
      'page_view',
    ]);
    expect(details(2)).toMatchObject({
      userId: 'u-5',
      ipAddress: '198.51.100.4',
      location: 'Brazil',
      channel: 'app',
      device: 'Mobile',
      osName: 'iOS',
      browserName: 'Telegram',
      screenHeight: '844',
      screenWidth: '390',
      domainName: 'khel.example',
      entryPoint: '/k-quest/',
    });
    expect(local.getItem('khel.analytics.analyticSessionId')).toBe(details(2).analyticSessionId);

    listeners.get('pagehide')!({ persisted: false });
    await vi.waitFor(() => expect(fetch.calls).toHaveLength(4));
    expect(fetch.calls[3]!.url.searchParams.get('eventName')).toBe('session_end');
    expect(fetch.calls[3]!.init.keepalive).toBe(true);
    expect([...perTab.map.keys()].sort()).toEqual([
      'khel.analytics.analyticEntryPoint',
      'khel.analytics.analyticTabId',
    ]);
    analytics.dispose();
    expect(listeners.size).toBe(0);
  });
});
