import type { SocialAuthStatus } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { accountEn } from '../../packages/ui/src/i18n/resources/account-en.ts';
import { questsEn } from '../../packages/ui/src/i18n/resources/quests-en.ts';
import { sendStart, setChatMember, waitForSent } from './support/fake-bot-api.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { randomTelegramId } from './support/telegram-client.ts';
import { saveScreenshot, visible, waitForPath } from './support/ui.ts';
import { accessTokenOf, apiCall, apiSignInByPhone, startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;
const apiRoot = e2eServer().telegramApiRoot;
const botUsername = inject('telegramBotUsername');
let page: Page;
usePhonePage(baseUrl, (p) => {
  page = p;
});

const methodsCard = () =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Sign-in methods' }) });
const row = (name: string) =>
  methodsCard()
    .locator('li')
    .filter({ has: page.getByText(name, { exact: true }) });

describe('linking an X account from /profile through the sandbox X', () => {
  it('leaves for the X page, comes back linked with the @handle shown, and a second account cannot take it', async () => {
    await startSession(page, baseUrl, await apiSignInByPhone(baseUrl));
    await page.goto('/profile');
    await row('X').getByRole('button', { name: 'Link', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/api/sandbox/social/twitter/authorize');
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    await visible(page.getByRole('heading', { name: 'Link your X account' }));
    expect(await page.getByText('Sandbox: not the real X').count()).toBe(1);
    const xId = String(1_790_000_000_000_000_000n + BigInt(Date.now()));
    const handle = `khel_${Date.now() % 1_000_000}`;
    await page.getByLabel('X user id (numeric)').fill(xId);
    await page.getByLabel('Handle').fill(`@${handle}`);
    await saveScreenshot(page, 'web-social-link-x-sandbox');
    await page.getByRole('button', { name: 'Authorize Khel' }).click();

    await waitForPath(page, '/profile');
    await visible(page.getByText('Your X account is linked.'));
    await visible(row('X').getByText(`@${handle}`));
    // The outcome left the address: a reload says nothing again.
    expect(new URL(page.url()).search).toBe('');
    const token = await accessTokenOf(page);
    const status = await apiCall<SocialAuthStatus>(baseUrl, 'GET', '/social-auth/status', token!);
    expect(status.envelope.data.socialStatuses.twitter.isActive).toBe(true);
    expect(status.envelope.data.methods).toContainEqual(
      expect.objectContaining({ provider: 'twitter', subject: xId, details: { username: handle } }),
    );
    await saveScreenshot(page, 'web-social-link-x-linked');

    // Another Khel account that tries the same X account is told it belongs to someone else.
    await startSession(page, baseUrl, await apiSignInByPhone(baseUrl));
    await page.goto('/profile');
    await row('X').getByRole('button', { name: 'Link', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Link your X account' }));
    await page.getByLabel('X user id (numeric)').fill(xId);
    await page.getByLabel('Handle').fill(handle);
    await page.getByRole('button', { name: 'Authorize Khel' }).click();
    await waitForPath(page, '/profile');
    await visible(page.getByText('This X account is already linked to another Khel account.'));
    await visible(row('X').getByText('Not linked'));
  });
});

describe('linking Telegram from the website through the bot (t.me/<bot>?start=link_<token>)', () => {
  const texts = accountEn.telegramLink;

  /** The panel's one-time link, as the page shows it: `link_<token>` is what Telegram sends the bot. */
  async function linkPayload(scope: ReturnType<Page['locator']>): Promise<string> {
    await scope.getByRole('button', { name: texts.start, exact: true }).click();
    const open = scope.getByRole('link', { name: texts.open });
    await visible(open);
    const url = new URL((await open.getAttribute('href'))!);
    expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${botUsername}`);
    return url.searchParams.get('start')!;
  }

  it("the featured quest's Telegram task offers the link; pressing Start in the bot links it, the page notices, the task passes", async () => {
    await startSession(page, baseUrl, await apiSignInByPhone(baseUrl));
    await page.goto('/quest-details/squad-royale-drop-in');
    const task = page.getByRole('article', { name: 'Join the squad finder channel' });
    await visible(task.getByText(questsEn.task.telegramBadge, { exact: true }));
    // The task opens the channel in a new tab (closed here), then the check says Telegram is not linked.
    const popup = page.waitForEvent('popup');
    await task.getByRole('button', { name: questsEn.task.button['COMPLETE TASK'] }).click();
    await (await popup).close();
    await task.getByRole('button', { name: questsEn.task.button.VALIDATE }).click();
    await visible(task.getByText('Link your Telegram account in your profile first.'));

    // Right there: the one-time link; the gamer opens it in Telegram and presses Start.
    const payload = await linkPayload(task);
    await visible(task.getByText(texts.waiting));
    await saveScreenshot(page, 'web-telegram-link-waiting');
    const telegramId = randomTelegramId();
    const user = { id: telegramId, first_name: 'Asha', username: `asha_${telegramId}`, language_code: 'en' };
    await sendStart(apiRoot, user, payload);
    const reply = await waitForSent(apiRoot, telegramId, () => true);
    expect(reply.text).toMatch(/now linked to your Khel account/);
    // The page notices without a reload.
    await visible(task.getByText(texts.linked), 20_000);
    await saveScreenshot(page, 'web-telegram-link-linked');

    // In the channel now: the task passes.
    await setChatMember(apiRoot, '@squadroyale_lfg', telegramId, 'member');
    await task.getByRole('button', { name: questsEn.task.button.REVALIDATE }).click();
    await visible(task.getByRole('button', { name: questsEn.task.button.VERIFIED }));

    // Another Khel account cannot take that Telegram account: the profile and the bot both say so.
    await startSession(page, baseUrl, await apiSignInByPhone(baseUrl));
    await page.goto('/profile');
    const telegramRow = row('Telegram');
    await visible(telegramRow.getByText(accountEn.profile.methods.telegramHint));
    const again = await linkPayload(telegramRow);
    await sendStart(apiRoot, user, again);
    await waitForSent(apiRoot, telegramId, (m) =>
      /already linked to another Khel account/.test(m.text ?? ''),
    );
    await visible(telegramRow.getByText(texts.conflict), 20_000);
    await visible(telegramRow.getByText('Not linked', { exact: true }));
  });
});
