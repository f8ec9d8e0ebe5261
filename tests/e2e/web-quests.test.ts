/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import { OTP_LENGTH } from '@khel/core/contract';
import type { Page, Request } from 'playwright-core';
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

/** The task validations the page sends. */
function recordValidations(): string[] {
  const bodies: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/userquest/task/validate')
      bodies.push(request.postData() ?? '');
  });
  return bodies;
}

describe('quests on the website', () => {
  it('a visitor browses K-Quest, opens a quest, signs in from the modal, and gives a Steam id (bad, then good)', async () => {
    // Visitors browse: the list with its featured quests, then a quest's details.
    await page.goto('/k-quest/');
    await visible(page.getByRole('heading', { level: 1, name: questsEn.title }));
    await visible(page.getByRole('heading', { name: questsEn.featured }));
    await page.getByRole('button', { name: 'Dark Throne', exact: true }).click();
    await page.getByRole('link', { name: 'Dark Throne: Steam Raid', exact: true }).click();
    await waitForPath(page, '/quest-details/dark-throne-steam-raid');
    await visible(page.getByRole('heading', { level: 1, name: 'Dark Throne: Steam Raid' }));
    await visible(page.getByRole('heading', { name: 'Give your Steam id' }));
    await saveScreenshot(page, 'web-quest-visitor');

    // Acting asks to sign in; after the phone sign-in the quests page reloads onto the same quest.
    await page.getByRole('button', { name: questsEn.details.signIn }).first().click();
    const dialog = page.getByRole('dialog');
    const phone = randomIndianMobile();
    await chooseCountry(page, 'India');
    await dialog.getByLabel('Phone number', { exact: true }).fill(phone.national);
    await dialog.getByRole('button', { name: 'Send code', exact: true }).click();
    const code = await waitForCode(baseUrl, phone.e164);
    await dialog.getByLabel(`${OTP_LENGTH}-digit code`, { exact: true }).fill(code);
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await waitForPath(page, '/quest-details/dark-throne-steam-raid');
    await visible(page.getByRole('button', { name: questsEn.details.start }));

    // A bad Steam id: the SPEC §5 rule answers under the field with the SPEC §8 'Quest login method' message,
    // before anything is sent.
    const sent = recordValidations();
    const task = page.getByRole('article', { name: 'Give your Steam id' });
    const field = task.getByLabel(questsEn.task.login.steam_id);
    await field.fill('12345');
    await task.getByRole('button', { name: questsEn.task.button.VALIDATE }).click();
    await visible(
      task.getByText(
        'Quest login method: Steam id (17 digits): Steam ID must contain only digits and be at least 17 digits long',
      ),
    );
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    await saveScreenshot(page, 'web-quest-bad-steam-id');

    // A good one: the quest starts, the task is verified and the progress moves.
    await field.fill('76561197960287930');
    await task.getByRole('button', { name: questsEn.task.button.VALIDATE }).click();
    await visible(task.getByRole('button', { name: questsEn.task.button.VERIFIED }));
    await visible(page.getByText('1 of 2 tasks done').first());
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toMatchObject({ value: '76561197960287930' });
    await saveScreenshot(page, 'web-quest-steam-id-verified');
  });
});
