/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Walks a page through many routes the way a gamer moves inside the app: the first route with a page
 * load, the next ones through the router (history), so the scripts load once per walk, not once per
 * route. Call `walker(page)` as soon as the page exists: it counts the page's requests from then on.
 */
export function walker(page: Page) {
  /** Requests the page has in flight (a screen has settled when none is for a moment). */
  let inFlight = 0;
  page.on('request', () => {
    inFlight++;
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);

  /**
   * Shows `route` and waits until it settled: the route's chunk, texts and first answers are in (no
   * request for a quarter of a second), or 8 s passed (a screen that keeps polling).
   */
  return async function show(route: string, first: boolean): Promise<void> {
    if (first) await page.goto(route);
    else
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, route);
    await page.waitForSelector('#main', { timeout: 20_000 });
    let quietSince = Date.now();
    await expect
      .poll(
        () => {
          if (inFlight > 0) quietSince = Date.now();
          return Date.now() - quietSince >= 250;
        },
        { timeout: 8_000, interval: 50 },
      )
      .toBe(true)
      .catch(() => {});
  };
}
