/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import { OTP_LENGTH } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { questsEn } from '../../packages/ui/src/i18n/resources/quests-en.ts';
import { waitForCode } from './support/dev-outbox.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { chooseCountry, randomIndianMobile, saveScreenshot, visible, waitForPath } from './support/ui.ts';

const baseUrl = e2eServer().baseUrl;

let page: Page;
usePhonePage(baseUrl, (p) => {
  page = p;
});

/** Signs in by phone from the login modal the quest page opens. */
async function signInFromQuestPage(): Promise<void> {
  await page.getByRole('button', { name: questsEn.details.signIn }).first().click();
  const dialog = page.getByRole('dialog');
  const phone = randomIndianMobile();
  await chooseCountry(page, 'India');
  await dialog.getByLabel('Phone number', { exact: true }).fill(phone.national);
  await dialog.getByRole('button', { name: 'Send code', exact: true }).click();
  const code = await waitForCode(baseUrl, phone.e164);
  await dialog.getByLabel(`${OTP_LENGTH}-digit code`, { exact: true }).fill(code);
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
}

describe('community-gaming flow (SPEC §2)', () => {
  it("a visitor sent by the khel-community client signs in by phone on the quest and goes back to the client's page", async () => {
    await page.goto('/quest-details/khel-welcome-quest?clientId=khel-community');
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome to Khel' }));
    await signInFromQuestPage();
    await waitForPath(page, '/api/sandbox/community', 20_000);
    const url = new URL(page.url());
    expect(url.searchParams.get('quest')).toBe('khel-welcome-quest');
    expect(url.searchParams.get('player')).toMatch(/^[0-9a-f-]{36}\.[\w-]+$/);
    await saveScreenshot(page, 'web-community-flow-client-page');
  });

  it("an unknown client: 'API failure! Please try again', and the user stays on the quest", async () => {
    await page.goto('/quest-details/khel-welcome-quest?clientId=not-a-client');
    await visible(page.getByRole('heading', { level: 1, name: 'Welcome to Khel' }));
    await signInFromQuestPage();
    await visible(page.getByText('API failure! Please try again'), 20_000);
    await waitForPath(page, '/quest-details/khel-welcome-quest');
    await visible(page.getByRole('button', { name: questsEn.details.start }).first());
    await saveScreenshot(page, 'web-community-flow-unknown-client');
  });
});
