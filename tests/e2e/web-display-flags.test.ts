/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { walker } from './support/spa-walk.ts';
import { SIGNED_IN_ROUTES, SPEC_ROUTES } from './support/spec-routes.ts';
import { saveScreenshot } from './support/ui.ts';
import { apiSignInByPhone, startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;

let page: Page;
let show: ReturnType<typeof walker>;
usePhonePage(baseUrl, (p) => {
  page = p;
  show = walker(p);
});

/** The frame's parts of the screen shown now, and whether it is the not-found page. */
const partsNow = () =>
  page.evaluate(() => ({
    header: document.querySelectorAll('header.page__header').length,
    footer: document.querySelectorAll('footer.page__footer').length,
    tabs: document.querySelectorAll('nav.app-nav').length,
    path: location.pathname + location.search,
    notFound: [...document.querySelectorAll('h1, h2')].some(
      (h) => h.textContent?.trim() === 'Page not found',
    ),
  }));

const withFlags = (route: string, flags: string) => `${route}${route.includes('?') ? '&' : '?'}${flags}`;

/** Waits until the screen has settled (its chunk, texts and first requests), then counts the frame's parts. */
async function frameParts(target: Page | import('playwright-core').Frame) {
  await target.waitForSelector('#main', { timeout: 20_000 });
  await target.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => {});
  return target.evaluate(() => ({
    header: document.querySelectorAll('header.page__header').length,
    footer: document.querySelectorAll('footer.page__footer').length,
    // The tab bar belongs to the header: it goes with it.
    tabs: document.querySelectorAll('nav.app-nav').length,
    path: location.pathname + location.search,
  }));
}

describe('SPEC §2 display flags on every web route', () => {
  it('without flags, a page has its header and footer (what the flags must take away)', async () => {
    for (const route of ['/privacy-policy', '/k-store/', '/article-details/first-week-on-khel']) {
      await page.goto(route);
      const parts = await frameParts(page);
      expect(parts, route).toMatchObject({ header: 1, footer: 1 });
    }
  });

  // The routes are walked through the router (one page load per walk): the flags are read from the
  // address on every render, and a page load of each flagged route is what the tests above and below do.
  it('every route is the app, not its not-found page, and header=false&footer=false hides both, for a visitor', async () => {
    const ignored: string[] = [];
    const notFound: string[] = [];
    for (const [i, route] of SPEC_ROUTES.entries()) {
      await show(withFlags(route, 'header=false&footer=false'), i === 0);
      const parts = await partsNow();
      if (parts.notFound) notFound.push(route);
      if (parts.header + parts.footer + parts.tabs > 0) {
        ignored.push(`${route} → ${parts.path}: ${JSON.stringify(parts)}`);
        await saveScreenshot(page, `display-flags-ignored-${route.replace(/[^a-z0-9]+/gi, '-')}`, {
          always: true,
        });
      }
    }
    expect(notFound, 'routes rendering the not-found page').toEqual([]);
    expect(ignored).toEqual([]);
  }, 600_000);

  it('header=false&footer=false hides both on the signed-in routes, for a signed-in user', async () => {
    await startSession(page, baseUrl, await apiSignInByPhone(baseUrl));
    const ignored: string[] = [];
    for (const [i, route] of SIGNED_IN_ROUTES.entries()) {
      await show(withFlags(route, 'header=false&footer=false'), i === 0);
      const parts = await partsNow();
      if (parts.header + parts.footer + parts.tabs > 0 || parts.notFound)
        ignored.push(`${route} → ${parts.path}: ${JSON.stringify(parts)}`);
    }
    expect(ignored).toEqual([]);
  }, 600_000);

  it('each flag alone hides only its part', async () => {
    await page.goto('/k-store/?header=false');
    expect(await frameParts(page)).toMatchObject({ header: 0, footer: 1 });
    await page.goto('/k-store/?footer=false');
    expect(await frameParts(page)).toMatchObject({ header: 1, footer: 0 });
  });

  it('inside a frame a page drops its footer (the host has one), and header=false drops the header too', async () => {
    await page.goto('/privacy-policy');
    await frameParts(page);
    for (const [route, expected] of [
      ['/article-details/first-week-on-khel', { header: 1, footer: 0 }],
      ['/k-store/?header=false', { header: 0, footer: 0 }],
      ['/video-details/sintel-open-movie?header=false&footer=false', { header: 0, footer: 0 }],
    ] as const) {
      await page.evaluate((src) => {
        document.body.innerHTML = '';
        const frame = document.createElement('iframe');
        frame.src = src;
        frame.style.width = '390px';
        frame.style.height = '700px';
        document.body.append(frame);
      }, route);
      const handle = await page.waitForSelector('iframe');
      const frame = await handle.contentFrame();
      if (!frame) throw new Error('no frame');
      await frame.waitForURL((url) => url.pathname !== 'blank', { timeout: 20_000 });
      expect(await frameParts(frame), route).toMatchObject(expected);
    }
  });
});
