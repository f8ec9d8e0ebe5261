import type { SocialAuthStatus } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { saveScreenshot, visible, waitForPath } from './support/ui.ts';
import { accessTokenOf, apiCall, apiSignInByPhone, startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;
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
