/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { SIGNED_IN_ROUTES, SPEC_ROUTES } from './support/spec-routes.ts';
import { saveScreenshot } from './support/ui.ts';
import { apiSignInByPhone, startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;

let page: Page;
usePhonePage(baseUrl, (p) => {
  page = p;
});

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

  it('header=false&footer=false hides both on every route, for a visitor', async () => {
    const ignored: string[] = [];
    for (const route of SPEC_ROUTES) {
      await page.goto(withFlags(route, 'header=false&footer=false'));
      const parts = await frameParts(page);
      if (parts.header + parts.footer + parts.tabs > 0) {
        ignored.push(`${route} → ${parts.path}: ${JSON.stringify(parts)}`);
        await saveScreenshot(page, `display-flags-ignored-${route.replace(/[^a-z0-9]+/gi, '-')}`, {
          always: true,
        });
      }
    }
    expect(ignored).toEqual([]);
  }, 600_000);

  it('header=false&footer=false hides both on the signed-in routes, for a signed-in user', async () => {
    await startSession(page, baseUrl, await apiSignInByPhone(baseUrl));
    const ignored: string[] = [];
    for (const route of SIGNED_IN_ROUTES) {
      await page.goto(withFlags(route, 'header=false&footer=false'));
      const parts = await frameParts(page);
      if (parts.header + parts.footer + parts.tabs > 0)
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
