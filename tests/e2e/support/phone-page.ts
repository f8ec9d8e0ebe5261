import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchChromium, newPhonePage } from '../../fixtures/browser.ts';
import { saveScreenshot } from './ui.ts';

export interface PhonePageHooks {
  /** The browser of this test file (for tests that open a second phone). */
  readonly browser: Browser;
}

/**
 * One Chromium per test file and a fresh phone-sized page per test, handed to `onPage`; a failing
 * test leaves a screenshot named `<prefix>-failed-<test name>` under test-results/e2e/.
 */
export function usePhonePage(baseUrl: string, onPage: (page: Page) => void, prefix = 'web'): PhonePageHooks {
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await newPhonePage(browser!, { baseURL: baseUrl });
    onPage(page);
  });
  afterEach(async ({ task }) => {
    if (!page) return;
    if (task.result?.state === 'fail' && !page.isClosed())
      await saveScreenshot(page, `${prefix}-failed-${task.name}`, { always: true });
    await page.context().close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('usePhonePage: the browser starts in beforeAll');
      return browser;
    },
  };
}
