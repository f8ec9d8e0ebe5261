import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { LANGUAGE_RULES, type RunOnly, seriousViolations, shareOut, WCAG_TAGS } from './support/axe.ts';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import { walker } from './support/spa-walk.ts';
import { DARK_THEME_PARAMS, miniAppUrl, randomTelegramId, signInitData } from './support/telegram-client.ts';

/**
 * WCAG 2.1 A and AA as axe-core checks them in the Mini App, signed in through Telegram (init data), on the
 * screens its tabs, Telegram's settings button and the money and earnings paths open, in each language: no
 * violation of impact "serious" or "critical". English runs every rule of those tags on every screen; Hindi
 * and Brazilian Portuguese share the screens out and run the rules whose outcome can change with the language
 * (support/axe.ts, as the website's walk, web-accessibility.test.ts). All in Telegram's default light theme, whose
 * own hint, link and button colours miss AA (apps/miniapp/src/tma.css derives readable ones); the colour rules
 * again in its night theme.
 */

const baseUrl = e2eServer().baseUrl;
const botToken = inject('telegramBotToken');

/** Under /tma/: home, the five tabs' screens and what the home, profile and settings open. */
const SCREENS = [
  '/tma/k-quest',
  '/tma/k-drop/campaigns',
  '/tma/discover-clan',
  '/tma/pog',
  '/tma/klash',
  '/tma/profile',
  '/tma/settings',
  '/tma/friends',
  '/tma/buy-kcash',
  '/tma/k-store',
  '/tma/transaction-history',
  '/tma/collect-earnings',
  '/tma/games',
] as const;

const RUNS = [
  { language: 'en', rules: 'every WCAG 2.1 A/AA rule on every screen' },
  { language: 'hi', rules: 'the rules that depend on the language on every other screen' },
  { language: 'pt-br', rules: 'the rules that depend on the language on the screens Hindi leaves' },
] as const;

/** Home with the page load (Telegram's launch in the address), then each screen through the router. */
async function walk(
  page: Page,
  show: ReturnType<typeof walker>,
  language: string,
  screens: readonly string[],
  runOnly: RunOnly,
  themeParams?: Record<string, string>,
): Promise<string[]> {
  const initDataRaw = signInitData(botToken, {
    id: randomTelegramId(),
    first_name: 'Meera',
    language_code: language,
  });
  await page.goto(miniAppUrl(baseUrl, initDataRaw, undefined, themeParams));
  await page.waitForSelector('#main');
  await show('/tma/', false);
  const problems = await seriousViolations(page, '/tma/', runOnly);
  for (const screen of screens) {
    await show(screen, false);
    problems.push(...(await seriousViolations(page, screen, runOnly)));
  }
  return problems;
}

describe("accessibility in the Mini App: WCAG 2.1 A/AA (axe-core), Telegram's light theme", () => {
  let page: Page;
  let show: ReturnType<typeof walker>;
  useMiniAppPage((next) => {
    page = next;
    show = walker(next);
  });

  for (const { language, rules } of RUNS) {
    it(`${language}: ${rules}, no serious or critical violation`, async () => {
      const runOnly: RunOnly =
        language === 'en' ? { type: 'tag', values: WCAG_TAGS } : { type: 'rule', values: LANGUAGE_RULES };
      expect(await walk(page, show, language, shareOut(language, SCREENS), runOnly)).toEqual([]);
    }, 300_000);
  }
});

describe("accessibility in the Mini App: Telegram's night theme", () => {
  let page: Page;
  let show: ReturnType<typeof walker>;
  useMiniAppPage(
    (next) => {
      page = next;
      show = walker(next);
    },
    { themeParams: DARK_THEME_PARAMS },
  );

  it('en: the colour contrast of every screen, no serious or critical violation', async () => {
    const runOnly: RunOnly = { type: 'rule', values: ['color-contrast', 'link-in-text-block'] };
    expect(await walk(page, show, 'en', SCREENS, runOnly, DARK_THEME_PARAMS)).toEqual([]);
  }, 300_000);
});
