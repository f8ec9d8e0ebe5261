/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { SocialAuthStatus } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import {
  miniAppUrl,
  postedEvents,
  randomTelegramId,
  signInitData,
  storedAccessToken,
} from './support/telegram-client.ts';
import { visible, waitForPath } from './support/ui.ts';
import { apiCall } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;
const botToken = inject('telegramBotToken');

let page: Page;
useMiniAppPage((next) => {
  page = next;
});

describe('linking Discord from the Mini App profile', () => {
  it("opens the platform's page with Telegram's openLink (the Mini App stays), and the account approved there is linked", async () => {
    const initDataRaw = signInitData(botToken, {
      id: randomTelegramId(),
      first_name: 'Arjun',
      language_code: 'en',
    });
    await page.goto(miniAppUrl(baseUrl, initDataRaw));
    await visible(page.getByRole('heading', { name: 'Welcome, Arjun' }));
    const token = await storedAccessToken(page);
    // To /tma/profile inside the app (as its links do), keeping the launch.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/tma/profile');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitForPath(page, '/tma/profile');
    const discordRow = page
      .locator('li.method')
      .filter({ has: page.locator('.method__name', { hasText: /^\s*Discord\s*$/ }) });
    await discordRow.getByRole('button', { name: 'Link', exact: true }).click();

    // Telegram is asked to open the sandbox Discord page in its browser; the Mini App stays where it is.
    await expect
      .poll(
        async () => (await postedEvents(page)).filter((e) => e.eventType === 'web_app_open_link').length,
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
    const opened = (await postedEvents(page)).find((e) => e.eventType === 'web_app_open_link')!;
    const url = new URL((opened.eventData as { url: string }).url);
    expect(`${url.origin}${url.pathname}`).toBe(`${baseUrl}/api/sandbox/social/discord/authorize`);
    expect(new URL(page.url()).pathname).toBe('/tma/profile');

    // That browser: the person approves on the (sandbox) Discord page and lands on the website's profile.
    const browserTab = await page.context().newPage();
    await browserTab.goto(url.href);
    const discordId = String(80_351_110_224_678_912n + BigInt(Date.now()));
    await browserTab.getByLabel('Discord user id (snowflake)').fill(discordId);
    await browserTab.getByLabel('Username').fill('khel.arjun');
    await browserTab.getByRole('button', { name: 'Authorize Khel' }).click();
    await browserTab.waitForURL(
      (u) => u.pathname === '/profile/' && u.searchParams.get('linked') === 'discord',
      {
        waitUntil: 'commit',
      },
    );
    await browserTab.close();

    const status = await apiCall<SocialAuthStatus>(baseUrl, 'GET', '/social-auth/status', token!);
    expect(status.envelope.data.methods).toContainEqual(
      expect.objectContaining({
        provider: 'discord',
        subject: discordId,
        details: { username: 'khel.arjun' },
      }),
    );
    // Back in Telegram, the Mini App comes to the front again and shows the linked account.
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await visible(discordRow.getByText('khel.arjun'));
  });
});
