import { useEffect } from 'react';
import { useLocation } from '../routing/index.ts';

/** What the page-view hook needs from analytics; the app loads the analytics module lazily. */
export interface PageViewTracker {
  track(eventName: string, options?: { data?: Record<string, unknown> }): Promise<boolean>;
}

export const PAGE_VIEW_EVENT = 'page_view';

/**
 * Sends one `page_view` per route change to the analytics gateway (SPEC §7). The first event also
 * starts the analytics session (session-start and first-page-load events, SPEC §4).
 */
export function usePageViews(tracker: Promise<PageViewTracker> | null) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!tracker) return;
    let cancelled = false;
    void tracker.then((t) => {
      if (!cancelled) void t.track(PAGE_VIEW_EVENT, { data: { path: pathname } });
    });
    return () => {
      cancelled = true;
    };
  }, [tracker, pathname]);
}

/** Component form, for placing inside the router next to the routes. */
export function PageViews({ tracker }: { tracker: Promise<PageViewTracker> | null }) {
  usePageViews(tracker);
  return null;
}
