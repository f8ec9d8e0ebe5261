/**
 * Screenshots of the website and the Mini App at 390×844 in every language, for looking at the
 * UI (not a test). Needs a running all-in-one server with both builds:
 *
 *   pnpm --filter @khel/web build && pnpm --filter @khel/miniapp build && pnpm start
 *   pnpm exec tsx apps/web/scripts/screenshots.ts [baseUrl] [outDir]
 *
 * Defaults: http://localhost:8080 and /tmp/khel-screenshots. Chromium: CHROMIUM_PATH or /usr/bin/chromium.
 * playwright-core comes from the tests workspace package (it is not a dependency of the website).
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

type PlaywrightCore = typeof import('playwright-core');
type Page = import('playwright-core').Page;

const here = fileURLToPath(new URL('.', import.meta.url));
const requireFromTests = createRequire(resolve(here, '../../../tests/package.json'));
const { chromium } = requireFromTests('playwright-core') as PlaywrightCore;

const baseUrl = (process.argv[2] ?? 'http://localhost:8080').replace(/\/+$/, '');
const outDir = process.argv[3] ?? '/tmp/khel-screenshots';
// Fresh numbers every run: the sandbox allows one code per number every 180 s.
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const LANGUAGES = [
  { code: 'en', country: 'IN', dialCode: '+91', phone: `98${digits(8)}` },
  { code: 'hi', country: 'IN', dialCode: '+91', phone: `97${digits(8)}` },
  { code: 'pt-BR', country: 'BR', dialCode: '+55', phone: `119${digits(8)}` },
] as const;

async function latestCode(phoneE164: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(phoneE164)}&limit=1`);
    const body = (await res.json()) as { data: { body: string }[] };
    const match = body.data[0]?.body.match(/\b(\d{6})\b/);
    if (match?.[1]) return match[1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code in the outbox for ${phoneE164}`);
}

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const file = join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

/** A long page as phone-sized screens, top to bottom (`name-1.png`, `name-2.png`, …). */
async function screens(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let top = 0, n = 1; top < height; top += 760, n++) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.waitForTimeout(150);
    const file = join(outDir, `${name}-${n}.png`);
    await page.screenshot({ path: file });
    console.log(file);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    for (const { code: lang, country, dialCode, phone } of LANGUAGES) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
      });
      await context.addInitScript((language: string) => {
        localStorage.setItem('khel-pref.language', language);
        localStorage.setItem('tma-pref:language', language);
      }, lang);
      const page = await context.newPage();

      await page.goto(`${baseUrl}/`);
      await page.getByRole('button', { name: /.+/ }).first().waitFor();
      await shot(page, `${lang}-web-login`);

      // No browser wallet in this Chromium: the wallet sign-in explains what to do.
      await page.locator('.method-button').last().click();
      await page.locator('.sign-in-methods [role="alert"]').waitFor();
      await shot(page, `${lang}-web-login-no-wallet`);

      await page.locator('form select').selectOption(country);
      await page.locator('input[type="tel"]').fill('12345');
      await page.locator('form button[type="submit"]').click();
      await shot(page, `${lang}-web-login-invalid`);

      await page.locator('input[type="tel"]').fill(phone);
      await page.locator('form button[type="submit"]').click();
      await page.locator('input[autocomplete="one-time-code"]').waitFor();
      await shot(page, `${lang}-web-code`);

      await page.locator('input[autocomplete="one-time-code"]').fill(await latestCode(`${dialCode}${phone}`));
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL('**/home');
      await page.locator('h1').filter({ hasText: ',' }).waitFor();
      await shot(page, `${lang}-web-home`);

      await page.goto(`${baseUrl}/profile`);
      await page.locator('#personal-details-title').waitFor();
      await screens(page, `${lang}-web-profile`);

      // Field messages: a first name that breaks the SPEC rule, a username with a space.
      await page.locator('#main form input').first().fill('A1');
      await page.locator('#main form button[type="submit"]').first().click();
      await page.locator('input[autocomplete="username"]').fill('ab cd');
      await page.locator('#main form .field__error').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(outDir, `${lang}-web-profile-errors.png`) });
      console.log(join(outDir, `${lang}-web-profile-errors.png`));

      // Linking a phone from the profile opens the code flow inline.
      await page.goto(`${baseUrl}/profile`);
      await page.locator('#linked-methods-title').scrollIntoViewIfNeeded();
      await shot(page, `${lang}-web-profile-methods`);

      // Account deletion: explained, confirmation, pending, cancelled.
      await page.goto(`${baseUrl}/delete-user-account`);
      await page.locator('.deletion__list').first().waitFor();
      await shot(page, `${lang}-web-delete-account`);
      await page.locator('#main .button--danger').click();
      await page.locator('.confirm').waitFor();
      await shot(page, `${lang}-web-delete-confirm`);
      await page.locator('.confirm .button--danger').click();
      await page.locator('.deletion--pending').waitFor();
      await shot(page, `${lang}-web-delete-pending`);
      await page.locator('.deletion--pending .button--primary').click();
      await page.locator('.deletion__list').first().waitFor();
      await shot(page, `${lang}-web-delete-cancelled`);

      await page.goto(`${baseUrl}/klash/`);
      await shot(page, `${lang}-web-klash`);

      await page.goto(`${baseUrl}/home?header=false&footer=false`);
      await shot(page, `${lang}-web-home-no-chrome`);

      await page.goto(`${baseUrl}/no-such-page`);
      await shot(page, `${lang}-web-not-found`);

      // Signed out: /home opens the login modal.
      await page.evaluate(() => {
        for (const key of Object.keys(localStorage))
          if (key.startsWith('khel.')) localStorage.removeItem(key);
      });
      await page.goto(`${baseUrl}/home`);
      await page.locator('dialog[open]').waitFor();
      await shot(page, `${lang}-web-login-modal`);

      await page.goto(`${baseUrl}/tma/`);
      await page.locator('h1').waitFor();
      await shot(page, `${lang}-tma-home`);

      await page.goto(`${baseUrl}/tma/?startapp=quest_summer-cup`);
      await page.waitForURL('**/tma/quest-details/summer-cup');
      await shot(page, `${lang}-tma-deep-link`);

      await context.close();

      // Asking again for the same number within 180 s: the too-many-attempts state.
      const again = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
      await again.addInitScript(
        (language: string) => localStorage.setItem('khel-pref.language', language),
        lang,
      );
      const second = await again.newPage();
      await second.goto(`${baseUrl}/`);
      await second.locator('form select').selectOption(country);
      await second.locator('input[type="tel"]').fill(phone);
      await second.locator('form button[type="submit"]').click();
      await second.getByRole('alert').waitFor();
      await shot(second, `${lang}-web-too-many`);
      await again.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
