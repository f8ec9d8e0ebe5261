import type { ApiClient } from '../client/api-client.ts';
import type { Source } from '../contract/auth.ts';
import { STORAGE_KEYS } from '../session/keys.ts';
import type { SessionStore } from '../session/session-store.ts';
import { localStorageAdapter, sessionStorageAdapter } from '../session/storage.ts';
import { type Analytics, createAnalytics, type TrackOptions } from './analytics.ts';
import type { AnalyticsSession } from './analytics-session.ts';
import { broadcastChannelSignal, type CrossTabSignal } from './cross-tab.ts';
import { channelForSource } from './event-fields.ts';
import { createAnalyticsTransport } from './transport.ts';

interface PageHideEvent {
  persisted?: boolean;
}

interface BrowserGlobals {
  navigator?: { userAgent?: string; maxTouchPoints?: number };
  screen?: { height: number; width: number };
  location?: { hostname: string; pathname: string };
  addEventListener?(type: 'pagehide' | 'pageshow', listener: (event: PageHideEvent) => void): void;
  removeEventListener?(type: 'pagehide' | 'pageshow', listener: (event: PageHideEvent) => void): void;
}

export interface BrowserAnalyticsOptions {
  client: Pick<ApiClient, 'request'>;
  source: Source;
  session: Pick<SessionStore, 'get' | 'getJson' | 'getLoginSessionId' | 'decodeIdToken'>;
  /**
   * Own prefix so that ending a sign-in session (which clears the app's entries) leaves the analytics
   * tab list alone; the analytics session outlives a logout (SPEC §4).
   */
  storagePrefix?: string;
}

export interface BrowserAnalytics {
  track(eventName: string, options?: TrackOptions): Promise<boolean>;
  readonly session: AnalyticsSession;
  /** Removes the page listeners and stops timers. */
  dispose(): void;
}

/**
 * Analytics wired to the page: localStorage shared by tabs, sessionStorage per tab, BroadcastChannel
 * between tabs, and `pagehide` as the tab closing. A page restored from the back-forward cache gets a
 * fresh tab registration.
 */
export function createBrowserAnalytics(options: BrowserAnalyticsOptions): BrowserAnalytics {
  const page = globalThis as unknown as BrowserGlobals;
  const prefix = options.storagePrefix ?? 'khel.analytics.';
  const transport = createAnalyticsTransport(options.client);

  const context = () => {
    const { session } = options;
    return {
      channel: channelForSource(options.source),
      userId: session.get(STORAGE_KEYS.userId) ?? session.decodeIdToken().userId,
      loginSessionId: session.getLoginSessionId(),
      ipAddress: session.get(STORAGE_KEYS.ipAddress),
      dialCode: session.getJson<{ countryCode?: string }>(STORAGE_KEYS.userLocationData)?.countryCode,
      userAgent: page.navigator?.userAgent,
      maxTouchPoints: page.navigator?.maxTouchPoints,
      telegramWebView: options.source === 'telegram',
      screenHeight: page.screen?.height,
      screenWidth: page.screen?.width,
      domainName: page.location?.hostname,
    };
  };

  const start = (): { analytics: Analytics; signal?: CrossTabSignal } => {
    const signal = broadcastChannelSignal();
    const analytics = createAnalytics({
      transport,
      context,
      session: {
        shared: localStorageAdapter(prefix),
        tab: sessionStorageAdapter(prefix),
        ...(signal ? { signal } : {}),
        entryPoint: page.location?.pathname ?? '/',
      },
    });
    return signal ? { analytics, signal } : { analytics };
  };

  let current = start();
  const onPageHide = () => {
    current.analytics.session.closeTab();
    current.signal?.close?.();
  };
  const onPageShow = (event: PageHideEvent) => {
    if (event.persisted) current = start();
  };
  page.addEventListener?.('pagehide', onPageHide);
  page.addEventListener?.('pageshow', onPageShow);

  return {
    track: (eventName, trackOptions) => current.analytics.track(eventName, trackOptions),
    get session() {
      return current.analytics.session;
    },
    dispose() {
      page.removeEventListener?.('pagehide', onPageHide);
      page.removeEventListener?.('pageshow', onPageShow);
      current.analytics.session.dispose();
      current.signal?.close?.();
    },
  };
}
