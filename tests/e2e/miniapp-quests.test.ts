/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { earningsEn } from '../../packages/ui/src/i18n/resources/earnings-en.ts';
import { questsEn } from '../../packages/ui/src/i18n/resources/quests-en.ts';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import {
  miniAppUrl,
  playedHaptic,
  postedEvents,
  pressMainButton,
  randomTelegramId,
  saveViewportScreenshot,
  signInitData,
  waitForMainButton,
} from './support/telegram-client.ts';
import { visible, waitForPath } from './support/ui.ts';

const botToken = inject('telegramBotToken');
const baseUrl = e2eServer().baseUrl;

let page: Page;
useMiniAppPage((next) => {
  page = next;
});

describe('Mini App quests (deep link startapp=quest_<slug>)', () => {
  it('completes the welcome quest with its special code on the MainButton and sees the reward in /collect-earnings', async () => {
    const initDataRaw = signInitData(botToken, {
      id: randomTelegramId(),
      first_name: 'Ravi',
      language_code: 'en',
    });
    await page.goto(miniAppUrl(baseUrl, initDataRaw, 'quest_khel-welcome-quest'));
    await waitForPath(page, '/tma/quest-details/khel-welcome-quest');
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome to Khel' }));
    // An inner screen: Telegram's back button is shown.
    const backShown = async () =>
      (await postedEvents(page)).some(
        (e) =>
          e.eventType === 'web_app_setup_back_button' && (e.eventData as { is_visible?: boolean }).is_visible,
      );
    await expect.poll(backShown).toBe(true);

    // The MainButton starts the quest, then drives the current task.
    await waitForMainButton(page, questsEn.details.start);
    await saveViewportScreenshot(page, 'miniapp-quest');
    await pressMainButton(page);
    await waitForMainButton(page, questsEn.task.button.VALIDATE);
    const task = page.getByRole('article', { name: 'Enter the welcome code' });
    // A wrong code is refused, and felt: Telegram's error haptic.
    await task.getByLabel(questsEn.task.code).fill('NOPE');
    await pressMainButton(page);
    await expect.poll(() => playedHaptic(page, 'error')).toBe(true);
    await waitForMainButton(page, questsEn.task.button.REVALIDATE);
    await task.getByLabel(questsEn.task.code).fill('KHEL');
    await pressMainButton(page);

    // Done: the celebration with the rewards, and the way to collect them.
    await visible(page.getByRole('heading', { name: questsEn.complete.title }));
    await visible(task.getByRole('button', { name: questsEn.task.button.VERIFIED }));
    await visible(page.locator('.quest-complete').getByText('2 K\u2011Cash'));
    // The gain is felt too: Telegram's success haptic.
    await expect.poll(() => playedHaptic(page, 'success')).toBe(true);
    await saveViewportScreenshot(page, 'miniapp-quest-complete');
    await page.getByRole('link', { name: questsEn.complete.collect }).click();
    await waitForPath(page, '/tma/collect-earnings');
    await visible(page.getByRole('heading', { level: 1, name: earningsEn.title }));
    await visible(page.locator('li.earning').filter({ hasText: 'Welcome to Khel' }));
    await saveViewportScreenshot(page, 'miniapp-quest-earnings');
  });
});
