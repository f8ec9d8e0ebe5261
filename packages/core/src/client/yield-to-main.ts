import type { FetchInit, FetchLike, FetchResponseLike } from './api-client.ts';

/** What yields: `scheduler.yield()` where the browser has it (Chromium 129+), else a message-channel turn. */
export type Yield = () => Promise<void>;

interface SchedulerLike {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and resumes in a new one. `scheduler.yield()` resumes ahead of other queued work;
 * elsewhere a MessageChannel message (a task, without setTimeout's 4 ms clamp once timers nest).
 */
export const yieldToMain: Yield = () => {
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
};

/**
 * Runs `effect` in a task of its own, after yielding, for a React effect whose work (a Telegram SDK call, a
 * chunk's preload links) would otherwise lengthen the one task in which React runs every effect of a commit:
 * `useEffect(() => afterYield(() => …), deps)`. The cleanup it returns cancels the effect if it has not run
 * yet, else runs the effect's own cleanup.
 */
export function afterYield(effect: () => void | (() => void), yieldNow: Yield = yieldToMain): () => void {
  let cancelled = false;
  let cleanup: void | (() => void);
  void yieldNow().then(() => {
    if (!cancelled) cleanup = effect();
  });
  return () => {
    cancelled = true;
    if (typeof cleanup === 'function') cleanup();
  };
}

/**
 * A browser's fetch that yields to the main thread before each request (issue 25). A screen that mounts
 * a dozen queries starts them all in one step of React's; each `fetch()` costs about a millisecond of main
 * thread on a low-end phone (the request built, checked and handed to the network process), so together they
 * were one long task in which no tap was answered. With a yield before each, they are a dozen short tasks.
 * A `keepalive` request (sent as the page is hidden or closed) goes at once: the page may not get another task.
 */
export function yieldingFetch(
  fetchImpl: FetchLike = (url, init) => globalThis.fetch(url, init),
  yieldNow: Yield = yieldToMain,
): FetchLike {
  return async (url: string, init: FetchInit): Promise<FetchResponseLike> => {
    if (!init.keepalive) await yieldNow();
    return fetchImpl(url, init);
  };
}

/** What afterFirstScreen needs of the page (a fake one in tests). */
export interface FirstScreenPage {
  document?: { readyState?: string };
  addEventListener?(type: 'load', listener: () => void, options?: { once?: boolean }): void;
  requestIdleCallback?(callback: () => void, options?: { timeout?: number }): unknown;
  setTimeout(callback: () => void, ms: number): unknown;
}

/**
 * Resolves once the page has loaded and then had an idle moment (at most `idleTimeoutMs` after load; a
 * browser without requestIdleCallback: the next task). For what the first screen does not need (analytics
 * and its events, the location check): started at once, their chunks and requests queued beside the
 * screen's own on a slow phone's few connections, and their code ran in the first seconds' main thread
 * (issue 25). Resolves at once on a page already loaded and idle-less.
 */
export function afterFirstScreen(page?: FirstScreenPage, idleTimeoutMs = 2_000): Promise<void> {
  // The page's own moment is one for all its callers (analytics, the location check, the later screens).
  if (page !== undefined) return settledAfterLoad(page, idleTimeoutMs);
  pageSettled ??= settledAfterLoad(globalThis as unknown as FirstScreenPage, idleTimeoutMs);
  return pageSettled;
}

let pageSettled: Promise<void> | undefined;

function settledAfterLoad(page: FirstScreenPage, idleTimeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof page.requestIdleCallback === 'function')
        page.requestIdleCallback(() => resolve(), { timeout: idleTimeoutMs });
      else page.setTimeout(resolve, 0);
    };
    if (page.document?.readyState === 'complete' || typeof page.addEventListener !== 'function') whenIdle();
    else page.addEventListener('load', whenIdle, { once: true });
  });
}
