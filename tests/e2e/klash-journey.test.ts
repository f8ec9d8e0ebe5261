/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { AuthResult } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { earningsEn } from '../../packages/ui/src/i18n/resources/earnings-en.ts';
import { klashEn } from '../../packages/ui/src/i18n/resources/klash-en.ts';
import { newPhonePage } from '../fixtures/browser.ts';
import { createTeamBracket, registerByApi, tournamentOf } from './support/klash.ts';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import {
  MINI_APP_STORAGE_PREFIX,
  miniAppStorage,
  miniAppUrl,
  randomTelegramId,
  saveViewportScreenshot,
  signInitData,
  storedAccessToken,
} from './support/telegram-client.ts';
import { randomIndianMobile, saveScreenshot, visible, waitForPath } from './support/ui.ts';
import { apiSignInWithGoogle, startSession } from './support/web-session.ts';

const botToken = inject('telegramBotToken');
const baseUrl = e2eServer().baseUrl;
const operatorToken = e2eServer().operatorToken;

let page: Page;
useMiniAppPage((next) => {
  page = next;
});

/** Registration stays open this long; the tournament starts when it closes. */
const REGISTRATION_SECONDS = 45;

/** Reports the reader's side of their open match on the tournament's page on the website. */
async function reportOnWebsite(web: Page, slug: string, result: 'won' | 'lost'): Promise<void> {
  await web.goto(`/klash/${slug}`);
  const myMatches = web.locator('section', {
    has: web.getByRole('heading', { name: klashEn.page.myMatches }),
  });
  // The lifecycle job (every 15 s) draws the bracket once registration has closed; the page asks again.
  await expect
    .poll(
      async () => {
        if (await myMatches.isVisible()) return true;
        await web.reload();
        await web.waitForLoadState('networkidle');
        return myMatches.isVisible();
      },
      { timeout: (REGISTRATION_SECONDS + 60) * 1000, interval: 3_000 },
    )
    .toBe(true);
  await myMatches
    .getByRole('button', { name: result === 'won' ? klashEn.matches.won : klashEn.matches.lost })
    .click();
  await visible(
    myMatches.getByText(result === 'won' ? klashEn.matches.confirmWon : klashEn.matches.confirmLost),
  );
  await myMatches.getByRole('button', { name: klashEn.matches.confirm, exact: true }).click();
}

describe('Klash: a team tournament across the Mini App and the website', () => {
  it(
    'a team registers in the Mini App, the bracket is played and reported on the website, and the winners see their prizes on /collect-earnings',
    async () => {
      const { slug, title } = await createTeamBracket(baseUrl, operatorToken, REGISTRATION_SECONDS);

      // Team 1: a captain in Telegram opens the tournament from its deep link and registers a team of two.
      const captain = { id: randomTelegramId(), first_name: 'Kabir', language_code: 'en' };
      await page.goto(miniAppUrl(baseUrl, signInitData(botToken, captain), `klash_${slug}`));
      await waitForPath(page, `/tma/klash/${slug}`);
      await visible(page.getByRole('heading', { level: 1, name: title }));
      await page.getByRole('button', { name: klashEn.register.team }).click();
      await page.getByLabel(klashEn.register.teamName).fill('Pune Panthers');
      await page.getByLabel('Phone number of member 2').fill(randomIndianMobile().e164);
      await saveViewportScreenshot(page, 'miniapp-klash-team-form');
      await page.getByRole('button', { name: klashEn.register.review }).click();
      await visible(page.getByRole('heading', { name: klashEn.register.confirmTitle }));
      await page.getByRole('button', { name: klashEn.register.confirmFree }).click();
      await visible(page.getByText(klashEn.register.registered));
      await visible(page.getByText('Registered as Pune Panthers'));
      await saveViewportScreenshot(page, 'miniapp-klash-registered');
      const storage = await miniAppStorage(page);
      const captainToken = (await storedAccessToken(page))!;
      const captainAuth = {
        accessToken: captainToken,
        idToken: storage[`${MINI_APP_STORAGE_PREFIX}idToken`] ?? '',
        user: { id: storage[`${MINI_APP_STORAGE_PREFIX}userId`] ?? '' },
      } as AuthResult;
      expect((await tournamentOf(baseUrl, slug, captainToken)).myRegistration?.team?.members).toHaveLength(1);

      // Team 2: a website player registers their team (a member by email) through the API.
      const rival = await apiSignInWithGoogle(baseUrl);
      const entered = await registerByApi(
        baseUrl,
        rival.accessToken,
        (await tournamentOf(baseUrl, slug)).id,
        {
          team: {
            name: 'Rio Raiders',
            members: [{ type: 'email', email: `mate.${Date.now()}@example.com` }],
          },
        },
      );
      expect(entered.status).toBe('registered');
      expect((await tournamentOf(baseUrl, slug)).registration).toBe('full');

      // Both captains report the final on the website: Pune Panthers won.
      const rivalWeb = await newPhonePage(page.context().browser()!, { baseURL: baseUrl });
      const captainWeb = await newPhonePage(page.context().browser()!, { baseURL: baseUrl });
      try {
        await startSession(rivalWeb, baseUrl, rival);
        await reportOnWebsite(rivalWeb, slug, 'lost');
        await visible(rivalWeb.getByText(klashEn.matches.reportedLost));
        await visible(rivalWeb.locator('.bracket svg'));
        await saveScreenshot(rivalWeb, 'web-klash-reported');

        await startSession(captainWeb, baseUrl, captainAuth);
        await reportOnWebsite(captainWeb, slug, 'won');
        // Agreement settles the final: the tournament is over and the champion shown.
        await visible(
          captainWeb.getByRole('heading', { name: `${klashEn.page.champion}: Pune Panthers` }),
          20_000,
        );
        await visible(captainWeb.locator('.bracket__match--champion'));
        await saveScreenshot(captainWeb, 'web-klash-champion');

        // The payout job pays 1st 1200 and 2nd 800 K-Cash as earnings.
        await expect
          .poll(async () => (await tournamentOf(baseUrl, slug, captainToken)).myRegistration?.prizePaid, {
            timeout: 30_000,
          })
          .toBe(true);
        await captainWeb.reload();
        await visible(captainWeb.getByText(klashEn.result.paid));
        await captainWeb.getByRole('link', { name: klashEn.result.collect }).click();
        await waitForPath(captainWeb, '/collect-earnings');
        await visible(captainWeb.locator('li.earning').filter({ hasText: `${title}: #1` }));
        await saveScreenshot(captainWeb, 'web-klash-prize-earning');

        // The runner-up's prize is in their earnings too.
        await rivalWeb.goto('/collect-earnings');
        await visible(rivalWeb.getByRole('heading', { level: 1, name: earningsEn.title }));
        await visible(rivalWeb.locator('li.earning').filter({ hasText: `${title}: #2` }));
      } finally {
        await rivalWeb.context().close();
        await captainWeb.context().close();
      }

      // And the captain sees it in the Mini App's /collect-earnings (startapp=earnings).
      await page.goto(miniAppUrl(baseUrl, signInitData(botToken, captain), 'earnings'));
      await waitForPath(page, '/tma/collect-earnings');
      await visible(page.locator('li.earning').filter({ hasText: `${title}: #1` }));
      await saveViewportScreenshot(page, 'miniapp-klash-prize-earning');
    },
    (REGISTRATION_SECONDS + 180) * 1000,
  );
});
