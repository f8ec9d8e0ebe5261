/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import { OTP_LENGTH, XP_RULES } from '@khel/core/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountEn } from '../../packages/ui/src/i18n/resources/account-en.ts';
import { feedEn } from '../../packages/ui/src/i18n/resources/feed-en.ts';
import { feedHi } from '../../packages/ui/src/i18n/resources/feed-hi.ts';
import { feedPtBR } from '../../packages/ui/src/i18n/resources/feed-pt-br.ts';
import { questsEn } from '../../packages/ui/src/i18n/resources/quests-en.ts';
import { waitForCode } from './support/dev-outbox.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import {
  chooseCountry,
  randomIndianMobile,
  saveScreenshot,
  visible,
  waitForPath,
  withinTime,
  withWholePageInView,
} from './support/ui.ts';
import { apiCall, apiSignInByPhone, startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;

let page: Page;
const phone = usePhonePage(baseUrl, (p) => {
  page = p;
});

const LANGUAGES = [
  ['en', 'en-IN', feedEn],
  ['hi', 'hi-IN', feedHi],
  ['pt-BR', 'pt-BR', feedPtBR],
] as const;

/**
 * What is wrong with the header as drawn (issue 24): the tabs spilling out of the bar over the "Khel" wordmark
 * or the actions, a tab's name cut ("Pro" for "Profile"), or a header that scrolled text reads through.
 */
/** Gives the page another viewport and waits until it has drawn two frames in it. */
async function resizeTo(shot: Page, viewport: { width: number; height: number }): Promise<void> {
  await shot.setViewportSize(viewport);
  await shot.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

async function headerProblems(shot: Page): Promise<string[]> {
  return shot.evaluate(() => {
    const problems: string[] = [];
    const header = document.querySelector<HTMLElement>('.page__header')!;
    const alpha = getComputedStyle(header).backgroundColor.match(/rgba\(.*,\s*([\d.]+)\)/)?.[1];
    if (alpha !== undefined && Number(alpha) < 1) problems.push(`header background alpha ${alpha}`);
    const word = document.querySelector('.logo__word')!.getBoundingClientRect();
    const atWord = document.elementFromPoint(word.left + word.width / 2, word.top + word.height / 2);
    // What covers a point, named so that a failure says which element it was (tag, id, classes).
    const named = (element: Element | null) =>
      element
        ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className ? `.${String(element.className).trim().replace(/\s+/g, '.')}` : ''}`
        : 'nothing';
    if (!atWord?.closest('.logo')) problems.push(`the wordmark is covered by ${named(atWord)}`);
    const nav = document.querySelector<HTMLElement>('.app-nav--top');
    if (!nav || getComputedStyle(nav).display === 'none') return problems;
    const bar = nav.getBoundingClientRect();
    const list = nav.querySelector<HTMLElement>('.app-nav__list')!;
    if (list.scrollWidth > list.clientWidth) problems.push('the tabs are wider than their bar');
    const logo = document.querySelector('.logo')!.getBoundingClientRect();
    const actions = document.querySelector('.page__actions')!.getBoundingClientRect();
    if (bar.left < logo.right || bar.right > actions.left)
      problems.push('the tab bar overlaps the logo or actions');
    for (const tab of Array.from(nav.querySelectorAll<HTMLElement>('.app-nav__tab'))) {
      const box = tab.getBoundingClientRect();
      const name = tab.textContent ?? '';
      if (box.left < bar.left - 0.5 || box.right > bar.right + 0.5)
        problems.push(`"${name}" is outside the bar`);
      const label = tab.querySelector<HTMLElement>('.app-nav__label')!;
      if (label.getBoundingClientRect().width > 1 && label.scrollWidth > label.clientWidth + 1)
        problems.push(`"${name}" is cut`);
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !tab.contains(hit)) problems.push(`"${name}" is covered by ${named(hit)}`);
    }
    return problems;
  });
}

/**
 * When the first contentful paint was, which scripts could hold it, and the largest-paint candidates,
 * read once every paint so far has been reported: a probe (a 4 px dot, smaller than anything on the
 * page) is painted and its element timing entry awaited. Paint timing entries come in frame order, so
 * by then the largest-paint candidates of every earlier frame are in.
 */
const paints = (route: string) => withinTime(`the paint entries of ${route}`, readPaints(), 60_000);
const readPaints = () =>
  page.evaluate(async () => {
    // At most 10 s: in two CI runs of three this read never ended, the cause not known; the LCP entries
    // below are buffered, so what the probe adds is only that every earlier frame's are in.
    await new Promise<void>((resolve) => {
      const probe = document.createElement('span');
      setTimeout(() => {
        probe.remove();
        resolve();
      }, 10_000);
      probe.setAttribute('elementtiming', 'e2e-painted');
      probe.textContent = '.';
      probe.style.cssText = 'position:fixed;left:0;bottom:0;font-size:4px;line-height:1;pointer-events:none';
      new PerformanceObserver((list, observer) => {
        const entries = list.getEntries() as (PerformanceEntry & { identifier?: string })[];
        if (!entries.some((e) => e.identifier === 'e2e-painted')) return;
        observer.disconnect();
        probe.remove();
        resolve();
      }).observe({ type: 'element', buffered: true });
      document.body.append(probe);
    });
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    // Whether each script could hold the first paint (Chromium's resource timing says it per resource):
    // when a script's download starts against the first paint is a race the machine's load decides.
    const scripts = (
      performance.getEntriesByType('resource') as (PerformanceResourceTiming & {
        renderBlockingStatus?: string;
      })[]
    )
      .filter((r) => /\/assets\/[^/]+\.js$/.test(r.name))
      .map((r) => r.renderBlockingStatus ?? 'unknown');
    // None within 10 s is an empty list, which the assertions below report.
    const lcp = await new Promise<{ startTime: number; url: string }[]>((resolve) => {
      setTimeout(() => resolve([]), 10_000);
      new PerformanceObserver((list) =>
        resolve(
          list.getEntries().map((e) => ({
            startTime: e.startTime,
            url: (e as PerformanceEntry & { url?: string }).url ?? '',
          })),
        ),
      ).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    return {
      fcp,
      blocking: scripts.filter((status) => status !== 'non-blocking'),
      scripts: scripts.length,
      lcp,
    };
  });

/**
 * The layout shift of one visit to `path` (Chromium's entries, summed: the CLS of a short visit) while the
 * answers of `held` come late: they wait until `loading` shows (on a phone they come after the paint), then
 * all go; `loaded` waits for what they bring. Returns the sum and each shift with what moved.
 */
async function layoutShiftWhileLoading(
  path: string,
  held: readonly string[],
  loading: Locator,
  loaded: () => Promise<unknown>,
): Promise<{ shift: number; shifts: string[] }> {
  await page.addInitScript(() => {
    const w = window as unknown as { e2eShift: number; e2eShifts: string[] };
    w.e2eShift = 0;
    w.e2eShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null }[];
      })[]) {
        w.e2eShift += entry.value;
        const nodes = (entry.sources ?? []).map(
          (s) => (s.node as Element | null)?.getAttribute?.('class') ?? '?',
        );
        w.e2eShifts.push(`${entry.value.toFixed(3)} ${nodes.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // Each pattern's requests wait (a screen may ask twice: a CI run saw the profile asked by two parts) until
  // every pattern has been asked at least once; then they all go, and later ones go at once.
  const waiting: Array<() => void> = [];
  const asked = new Set<string>();
  let released = false;
  for (const pattern of held)
    await page.route(pattern, (route) => {
      asked.add(pattern);
      if (released) void route.continue();
      else waiting.push(() => void route.continue());
    });
  await page.goto(path);
  await visible(loading);
  await expect.poll(() => asked.size).toBe(held.length);
  released = true;
  for (const release of waiting) release();
  await page.unrouteAll();
  await loaded();
  // Two frames: the last layout's shifts are reported.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(() => {
    const w = window as unknown as { e2eShift: number; e2eShifts: string[] };
    return { shift: w.e2eShift, shifts: w.e2eShifts };
  });
}

describe('the app shell on the website', () => {
  it('a visitor on / sees featured quests, opens one, signs in from the modal and lands back on that quest', async () => {
    await page.goto('/');
    await visible(page.getByRole('heading', { level: 1, name: feedEn.landing.title }));
    await visible(page.getByRole('heading', { name: feedEn.featured }));
    // The tab bar of a phone.
    const tabs = page.getByRole('navigation', { name: feedEn.nav.label });
    await visible(tabs.getByRole('link', { name: feedEn.nav.quests }));

    // A card's link is its title (the link's box covers the card).
    const card = page.getByRole('link', { name: 'First Strike in Bullie Bowling', exact: true });
    await card.click();
    await waitForPath(page, '/quest-details/bullie-bowling-first-strike');
    await visible(page.getByRole('heading', { level: 1, name: 'First Strike in Bullie Bowling' }));

    await page.getByRole('button', { name: questsEn.details.signIn }).first().click();
    const dialog = page.getByRole('dialog');
    const number = randomIndianMobile();
    await chooseCountry(page, 'India');
    await dialog.getByLabel('Phone number', { exact: true }).fill(number.national);
    await dialog.getByRole('button', { name: 'Send code', exact: true }).click();
    const code = await waitForCode(baseUrl, number.e164);
    await dialog.getByLabel(`${OTP_LENGTH}-digit code`, { exact: true }).fill(code);
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await waitForPath(page, '/quest-details/bullie-bowling-first-strike');
    await visible(page.getByRole('button', { name: questsEn.details.start }));
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('a screenshot of a long page draws the tab bar at its foot and the header at its top, not mid-page', async () => {
    await page.goto('/');
    await visible(page.locator('.quest-card').first());
    // The page has its full height: the sections and footer links that load after the first screen are in
    // (its height the same over two looks 300 ms apart), else the window is sized to a page still growing.
    let lastHeight = -1;
    await expect
      .poll(
        async () => {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          const settled = height === lastHeight;
          lastHeight = height;
          return settled;
        },
        { interval: 300 },
      )
      .toBe(true);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const drawn = await withWholePageInView(page, () =>
      page.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        window: window.innerHeight,
        scrolled: window.scrollY,
        tabsBottom: document.querySelector('.app-nav--bottom')!.getBoundingClientRect().bottom,
        headerTop: document.querySelector('.page__header')!.getBoundingClientRect().top,
      })),
    );
    expect(drawn.height).toBeGreaterThan(844);
    expect(drawn).toMatchObject({
      window: drawn.height,
      scrolled: 0,
      tabsBottom: drawn.height,
      headerTop: 0,
    });
    // The phone's window is back for what follows.
    expect(page.viewportSize()?.height).toBe(844);
  });

  it('a signed-in user claims the daily reward on /home: the ladder marks today and the K-Points grow', async () => {
    await startSession(page, baseUrl, await apiSignInByPhone(baseUrl));
    await page.goto('/home');
    const daily = page.getByRole('region', { name: feedEn.daily.title });
    const claim = daily.getByRole('button', { name: /^Claim 10/ });
    await visible(claim);
    const balance = page.getByRole('region', { name: feedEn.balanceTitle });
    await visible(balance.getByText('K-Points'));
    const before = await balance.locator('.feed-balance__amount').nth(2).textContent();

    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/rewards/daily/claim') && r.request().method() === 'POST',
    );
    await claim.click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await visible(daily.getByText(/You got 10/));
    await expect
      .poll(() => balance.locator('.feed-balance__amount').nth(2).textContent())
      .toBe(String(Number((before ?? '').replace(/\D/g, '')) + 10));
    await visible(daily.getByText(feedEn.daily.streak.replace('{{count, number}}', '1')));
    // The claim's XP rises in on the level card, and the bar moves toward level 2.
    const level = page.getByRole('region', { name: feedEn.level.title });
    await visible(level.locator('.level__gained', { hasText: `+${XP_RULES.daily_claim} XP` }));
    await visible(level.getByText(`${100 - XP_RULES.daily_claim} XP to level 2`));
    await saveScreenshot(page, 'web-home-daily-claimed');

    // A reload shows it claimed, with no second claim offered.
    await page.reload();
    await visible(daily.getByText(feedEn.daily.comeBack));
    expect(await daily.getByRole('button', { name: /^Claim/ }).count()).toBe(0);
  });

  it('/ and /home paint their pre-rendered copy with no script holding the paint, and the app paints nothing larger after it (issue 9)', async () => {
    // A visitor's /: the pitch is larger than the first quest cover, which loads eagerly.
    await page.goto('/');
    const cover = page.locator('.quest-card__cover').first();
    await visible(cover);
    expect(await cover.getAttribute('loading')).toBe('eager');
    expect(await cover.getAttribute('fetchpriority')).toBe('high');
    await expect.poll(() => cover.evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
    // Decoded: it paints in the next frame at the latest, with the probe or before it.
    await cover.evaluate((img) => (img as HTMLImageElement).decode());
    const landing = await paints('/');
    expect(landing.scripts).toBeGreaterThan(0);
    expect(landing.blocking).toEqual([]);
    expect(landing.fcp).toBeGreaterThan(0);
    // The largest paint is the first one (the copy, since replaced by the app's own, of the same size).
    expect(landing.lcp.at(-1)?.startTime).toBe(landing.fcp);

    // /home signed in, for a user with no name yet (the prompt for one is the largest text React adds).
    await startSession(page, baseUrl, await apiSignInByPhone(baseUrl));
    await page.goto('/home');
    await visible(page.getByRole('heading', { name: accountEn.profile.usernamePrompt.title }));
    await visible(page.locator('.feed-balance__amount').first());
    const home = await paints('/home');
    expect(home.blocking).toEqual([]);
    expect(home.lcp.at(-1)?.startTime).toBe(home.fcp);
    // Each read waits on a frame that a 2-core machine running four servers and four browsers has drawn
    // after 30 s and more (a CI run, 2026-11-29): the project's 60 s is too short for two pages of it.
  }, 150_000);

  it('/home keeps its layout while the balance, level and profile arrive: layout shift at most 0.1 (issue 25)', async () => {
    await startSession(page, baseUrl, await apiSignInByPhone(baseUrl));
    // In the app's root: index.html's copy (inert, gone once the app shows) draws the same regions.
    const balance = page.locator('#root').getByRole('region', { name: feedEn.balanceTitle });
    const { shift, shifts } = await layoutShiftWhileLoading(
      '/home',
      ['**/api/wallets/balance', '**/api/progression', '**/api/users/me/profile'],
      balance.getByRole('status'),
      async () => {
        // A user with no name yet: the prompt for one comes with the profile.
        await visible(page.getByRole('heading', { name: accountEn.profile.usernamePrompt.title }));
        await visible(page.getByRole('region', { name: feedEn.level.title }).getByText('Level 1'));
        await expect.poll(() => balance.getByRole('status').count()).toBe(0);
      },
    );
    expect(shift, shifts.join('\n')).toBeLessThanOrEqual(0.1);
  });

  it("/home's daily Claim stays where it is when the prompt for a name arrives with the profile", async () => {
    await startSession(page, baseUrl, await apiSignInByPhone(baseUrl));
    const held: Array<() => void> = [];
    await page.route('**/api/users/me/profile', (route) => {
      held.push(() => void route.continue());
    });
    await page.goto('/home');
    const claim = page
      .locator('#root')
      .getByRole('region', { name: feedEn.daily.title })
      .getByRole('button', { name: /^Claim/ });
    await visible(claim);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    const before = await claim.boundingBox();
    for (const release of held) release();
    await page.unrouteAll();
    // A user with no name yet: the prompt comes with the profile, below the daily reward.
    await visible(page.getByRole('heading', { name: accountEn.profile.usernamePrompt.title }));
    expect(await claim.boundingBox()).toEqual(before);
  });

  it("a visitor's / and /k-quest/ keep their layout while the featured quests, banner and partners arrive (issue 25)", async () => {
    const landing = await layoutShiftWhileLoading(
      '/',
      ['**/api/quest/list/v2?*'],
      page.locator('#root').getByRole('region', { name: feedEn.featured }).getByRole('status'),
      () => visible(page.locator('.quest-card__cover').first()),
    );
    expect(landing.shift, landing.shifts.join('\n')).toBeLessThanOrEqual(0.1);
    const quests = await layoutShiftWhileLoading(
      '/k-quest/',
      ['**/api/web-banners?*', '**/api/quest/filter'],
      page.locator('#root .quest-filters'),
      async () => {
        await visible(page.locator('.banner-strip__banner').first());
        await visible(page.getByRole('group', { name: questsEn.filters.hubs }));
      },
    );
    expect(quests.shift, quests.shifts.join('\n')).toBeLessThanOrEqual(0.1);
  });

  it("a visitor's /register keeps its layout while the other sign-in methods arrive (issue 25)", async () => {
    const register = await layoutShiftWhileLoading(
      '/register',
      ['**/api/authentication/providers'],
      page.locator('#root .method-button--pending').first(),
      () => visible(page.getByRole('button', { name: accountEn.signIn.google })),
    );
    // 0.048 before the methods' room was held (the footer pushed down by two buttons), 0.001 after: the
    // bound is below the first so that it notices a return of it.
    expect(register.shift, register.shifts.join('\n')).toBeLessThanOrEqual(0.02);
  });

  it("a visitor's /k-quest/, /k-drop/campaigns, /klash and /pog paint their copy first, and the app paints nothing larger after it (issue 25)", async () => {
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    // The quests', campaigns' and tournaments' heroes carry drawn art (a background image): it is the largest
    // paint, from index.html's copy, though the app then adds covers and pictures under it.
    for (const [route, art, appContent] of [
      ['/k-quest/', '/art/pages/quests-hero.svg', '.quest-card__cover'],
      ['/k-drop/campaigns', '/art/pages/campaigns-hero.svg', '.campaign-card__cover'],
      ['/klash', '/art/pages/klash-hero.svg', '.klash-card__art'],
    ] as const) {
      await page.goto(route);
      const picture = page.locator(appContent).first();
      await visible(picture);
      // The app's picture (a quest cover, a tournament's background), loaded and decoded: it paints in the
      // next frame at the latest, with the probe or before it.
      await picture.evaluate(async (element) => {
        // A lazy cover below the first screen has no currentSrc until Chromium starts loading it (a race the
        // machine's load decides: this read failed in CI); its src is the same picture.
        const src =
          element instanceof HTMLImageElement
            ? element.currentSrc || element.src
            : /url\("?([^")]+)"?\)/.exec(getComputedStyle(element).backgroundImage)?.[1];
        if (!src) throw new Error(`no picture on ${element.className}`);
        const image = new Image();
        image.src = src;
        await image.decode();
      });
      const read = await paints(route);
      expect(read.blocking).toEqual([]);
      expect(read.lcp.at(-1)?.url, route).toMatch(new RegExp(`${art.replaceAll('.', '\\.')}$`));
    }
    // /pog: the hero's text, painted with the first paint; the sample cards the app draws are smaller.
    await page.goto('/pog');
    await visible(page.locator('.pog-card--ghost').first());
    const pog = await paints('/pog');
    expect(pog.blocking).toEqual([]);
    expect(pog.lcp.at(-1)?.startTime).toBe(pog.fcp);
  }, 150_000);

  it("/klash's tabs keep each label on one line and inside their bar in every language, at 390 and 320 px", async () => {
    for (const [language, locale] of LANGUAGES) {
      const context = await phone.browser.newContext({
        viewport: { width: 390, height: 844 },
        locale,
        baseURL: baseUrl,
      });
      const shot = await context.newPage();
      try {
        await shot.goto('/klash');
        const tabs = shot.locator('#root .klash-tabs');
        await visible(tabs);
        // The same page at each width (the tabs follow the viewport: CSS only).
        for (const width of [390, 320]) {
          await resizeTo(shot, { width, height: 844 });
          const fit = await tabs.evaluate((bar) => ({
            overflow: bar.scrollWidth - bar.clientWidth,
            // min-height 40 px holds one line of the label; a second line makes the tab taller.
            heights: Array.from(bar.querySelectorAll<HTMLElement>('.klash-tabs__tab'), (t) =>
              Math.round(t.getBoundingClientRect().height),
            ),
          }));
          expect(fit, `${language} ${width}`).toEqual({ overflow: 0, heights: [40, 40, 40] });
        }
      } finally {
        await context.close();
      }
    }
  });

  it('/ and /home on a phone and a desktop, in English, Hindi and Portuguese: the header fits and is opaque (screenshots)', async () => {
    const auth = await apiSignInByPhone(baseUrl);
    const PHONE = { width: 390, height: 844 };
    const DESKTOP = { width: 1280, height: 800 };
    for (const [language, locale, texts] of LANGUAGES) {
      // The account has one language, which a signed-in page follows (issue 24): this one's, for /home.
      await apiCall(baseUrl, 'PATCH', '/users/me/profile', auth.accessToken, { language_code: language });
      const context = await phone.browser.newContext({
        viewport: PHONE,
        locale,
        deviceScaleFactor: 1,
        baseURL: baseUrl,
      });
      const shot = await context.newPage();
      try {
        // Each page loaded once and looked at in both sizes (the header's layout follows the viewport).
        await shot.goto('/');
        await visible(shot.getByRole('heading', { level: 1, name: texts.landing.title }));
        await visible(shot.locator('.quest-card').first());
        await shot.waitForLoadState('networkidle');
        for (const [size, viewport] of [
          ['phone', PHONE],
          ['desktop', DESKTOP],
        ] as const) {
          await resizeTo(shot, viewport);
          expect(await headerProblems(shot), `${language} ${size} visitor`).toEqual([]);
          await saveScreenshot(shot, `web-shell-landing-${language}-${size}`);
        }
        await startSession(shot, baseUrl, auth);
        // /home loaded at each size: resized from a phone's, a signed-in home once had its header covered.
        for (const [size, viewport] of [
          ['desktop', DESKTOP],
          ['phone', PHONE],
        ] as const) {
          await resizeTo(shot, viewport);
          await shot.goto('/home');
          await visible(shot.getByRole('heading', { name: texts.daily.title }));
          await visible(shot.locator('.feed-balance__amount').first());
          await shot.waitForLoadState('networkidle');
          // Asked until the page settles: once under CI's load (hi, desktop) every point of the header hit an element
          // with no class for one reading; a header that stays covered still fails, naming what covers it.
          await expect
            .poll(() => headerProblems(shot), { message: `${language} ${size} signed in`, timeout: 10_000 })
            .toEqual([]);
          await saveScreenshot(shot, `web-shell-home-${language}-${size}`);
        }
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
