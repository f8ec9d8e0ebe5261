import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type ChromiumKind, launchChromium, newPhonePage } from '../../fixtures/browser.ts';
import { saveScreenshot } from './ui.ts';

export interface PhonePageHooks {
  /** The browser of this test file (for tests that open a second phone). */
  readonly browser: Browser;
}

/**
 * One Chromium per test file and a fresh phone-sized page per test, handed to `onPage`; a failing
 * test leaves a screenshot named `<prefix>-failed-<test name>` under test-results/e2e/. The browser is
 * the headless shell where installed (fixtures/browser.ts); `browser: 'full'` for a spec that needs the
 * full browser (Web Push).
 */
export function usePhonePage(
  baseUrl: string,
  onPage: (page: Page) => void,
  prefix = 'web',
  options: { browser?: ChromiumKind } = {},
): PhonePageHooks {
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launchChromium(options.browser ?? 'test');
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
