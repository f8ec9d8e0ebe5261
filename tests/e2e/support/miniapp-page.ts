import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchChromium, newPhonePage } from '../../fixtures/browser.ts';
import { installTelegramClient, postedEvents, type TelegramClientOptions } from './telegram-client.ts';
import { saveScreenshot } from './ui.ts';

/**
 * The Mini App test harness of a file: one Chromium for the file, a fresh phone-sized page with the
 * Telegram client installed for every test (handed to `use`; `client` sets its safe areas), and on
 * failure a screenshot plus the events the Mini App posted to Telegram.
 */
export function useMiniAppPage(use: (page: Page) => void, client: TelegramClientOptions = {}): void {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium('test');
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await newPhonePage(browser);
    await installTelegramClient(page, client);
    use(page);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && !page.isClosed()) {
      await saveScreenshot(page, `miniapp-failed-${task.name}`, { always: true });
      console.log('[e2e] events the Mini App posted to Telegram:', JSON.stringify(await postedEvents(page)));
    }
    await page.context().close();
  });
}
