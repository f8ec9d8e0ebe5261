/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { toE164 } from '@khel/core/validation';
import type { Locator, Page } from 'playwright-core';
import { root as REPO_ROOT } from '../../../tooling/scripts/lib.mjs';

const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results', 'e2e');

/**
 * `promise`, or an error naming what did not come within `ms`: a wait the browser may never settle (a frame, an
 * event) says which one stalled, where the test's own timeout would only say that the test ran out of time.
 */
export async function withinTime<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not come within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits until the element is visible; the timeout error names the locator. */
export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

/** The page's path without a trailing slash (`/home/` and `/home` are one route, SPEC §2). */
export function pathOf(page: Page): string {
  const { pathname } = new URL(page.url());
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Waits for the client-side router to reach `path` (trailing slash ignored). */
export async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  const wanted = path.replace(/\/+$/, '');
  await page.waitForURL((url) => url.pathname.replace(/\/+$/, '') === wanted, {
    timeout,
    waitUntil: 'commit',
  });
}

/**
 * Whether final-state screenshots are drawn: for people looking at the screens, so on by default and off
 * under CI (`CI=true`), where nobody looks and a full-page PNG of a long page costs a few hundred ms of a
 * shared core; `E2E_SCREENSHOTS=on|off` decides either way. A failing test's screenshot is always drawn.
 */
export const FINAL_SCREENSHOTS =
  process.env.E2E_SCREENSHOTS === 'on' ||
  (process.env.E2E_SCREENSHOTS !== 'off' && process.env.CI !== 'true');

/** Where test-results/e2e/<name>.png goes (name made file-safe). */
export function screenshotPath(name: string): string {
  const fileName = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return join(SCREENSHOT_DIR, `${fileName}.png`);
}

/** Taller than this, a page is drawn with Playwright's own full-page capture (a window this tall may not be drawn). */
const WHOLE_PAGE_MAX_HEIGHT = 16_000;

/**
 * Runs `draw` with the window as tall as the page and scrolled to its top, then puts the window back. A
 * full-page capture of a taller page keeps the window's size, so what is fixed to the window (the phone's tab
 * bar, the sticky header) was drawn where the window's edge fell, mid-page: over a receipt's buttons, once.
 * With the window as tall as the page they sit at its top and foot, as a reader sees them.
 */
export async function withWholePageInView<T>(page: Page, draw: (fits: boolean) => Promise<T>): Promise<T> {
  const size = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (!size || height <= size.height || height > WHOLE_PAGE_MAX_HEIGHT)
    return draw(height <= (size?.height ?? 0));
  await page.setViewportSize({ width: size.width, height });
  try {
    await page.evaluate(() => window.scrollTo(0, 0));
    // What is drawn only once it is in view (lazy images, sections that load when seen) can make the page
    // taller once the window holds all of it: the window follows it a few times, until the height holds.
    for (let look = 0; look < 5; look++) {
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
      const now = await page.evaluate(() => document.documentElement.scrollHeight);
      const current = page.viewportSize()?.height ?? now;
      if (now === current || now > WHOLE_PAGE_MAX_HEIGHT) break;
      await page.setViewportSize({ width: size.width, height: now });
    }
    return await draw(true);
  } finally {
    await page.setViewportSize(size);
  }
}

/**
 * Saves a full-page screenshot as test-results/e2e/<name>.png (see FINAL_SCREENSHOTS; `always` for a failing
 * test's), with what is fixed to the window where a reader sees it (withWholePageInView). Returns the path
 * either way.
 */
export async function saveScreenshot(page: Page, name: string, { always = false } = {}): Promise<string> {
  const path = screenshotPath(name);
  if (!always && !FINAL_SCREENSHOTS) return path;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await withWholePageInView(page, (fits) => page.screenshot({ path, fullPage: !fits }));
  return path;
}

/**
 * A fresh Indian mobile number (SPEC §5: 10 digits starting 6 to 9) that the shared phone rules
 * accept, so every test signs in as a new user and reads only its own codes.
 */
export function randomIndianMobile(): { national: string; e164: string } {
  for (;;) {
    const national = `${6 + Math.floor(Math.random() * 4)}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const e164 = toE164(national, 'IN');
    if (e164) return { national, e164 };
  }
}

/** Picks a country in the picker labelled 'Country', whether it is a native select or a listbox. */
export async function chooseCountry(page: Page, country: string): Promise<void> {
  const picker = await visible(page.getByLabel('Country', { exact: true }));
  const tag = await picker.evaluate((element) => element.tagName);
  if (tag === 'SELECT') {
    const value = await picker.evaluate((element, name) => {
      const options = Array.from((element as HTMLSelectElement).options);
      return options.find((option) => option.text.includes(name))?.value;
    }, country);
    if (value === undefined) throw new Error(`The Country picker has no option for ${country}`);
    await picker.selectOption(value);
    return;
  }
  await picker.click();
  if (tag === 'INPUT') await picker.fill(country);
  await page
    .getByRole('option', { name: new RegExp(country) })
    .first()
    .click();
}
