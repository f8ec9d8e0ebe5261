import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { feedEn } from '../../packages/ui/src/i18n/resources/feed-en.ts';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import { miniAppUrl, postedEvents, randomTelegramId, signInitData } from './support/telegram-client.ts';
import { saveScreenshot, visible, waitForPath } from './support/ui.ts';

const baseUrl = e2eServer().baseUrl;
const botToken = inject('telegramBotToken');

let page: Page;
useMiniAppPage((next) => {
  page = next;
});

describe('the app shell in the Mini App', () => {
  it('home has the tabs (Home current), the daily reward claim plays the success haptic, and the tabs show no back button', async () => {
    const initDataRaw = signInitData(botToken, {
      id: randomTelegramId(),
      first_name: 'Arjun',
      language_code: 'en',
    });
    await page.goto(miniAppUrl(baseUrl, initDataRaw));
    await visible(page.getByRole('heading', { name: 'Welcome, Arjun' }));
    const tabs = page.getByRole('navigation', { name: feedEn.nav.label });
    await visible(tabs.getByRole('link', { name: feedEn.nav.home }));
    expect(await tabs.locator('.app-nav__tab--active').textContent()).toContain(feedEn.nav.home);

    const daily = page.getByRole('region', { name: feedEn.daily.title });
    await daily.getByRole('button', { name: /^Claim 10/ }).click();
    await visible(daily.getByText(/You got 10/));
    await expect
      .poll(async () =>
        (await postedEvents(page)).some(
          (e) =>
            e.eventType === 'web_app_trigger_haptic_feedback' &&
            (e.eventData as { notification_type?: string }).notification_type === 'success',
        ),
      )
      .toBe(true);
    await saveScreenshot(page, 'miniapp-home-daily-claimed');

    // The Quests tab is a root: no back button there.
    await tabs.getByRole('link', { name: feedEn.nav.quests }).click();
    await waitForPath(page, '/tma/k-quest');
    const back = (await postedEvents(page)).filter((e) => e.eventType === 'web_app_setup_back_button');
    expect((back.at(-1)?.eventData as { is_visible?: boolean } | undefined)?.is_visible ?? false).toBe(false);
  });
});
