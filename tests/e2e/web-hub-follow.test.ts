import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { questsEn } from '../../packages/ui/src/i18n/resources/quests-en.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { saveScreenshot, visible } from './support/ui.ts';
import { apiCall, apiSignInWithGoogle, startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;

let page: Page;
usePhonePage(baseUrl, (p) => {
  page = p;
});

const banner = () => page.locator('.hub-banner');

describe('following a partner hub', () => {
  it('a visitor tapping Follow is asked to sign in', async () => {
    await page.goto('/k-quest/bullieverse');
    await visible(page.getByRole('heading', { level: 1, name: 'Bullieverse' }));
    await banner().getByRole('button', { name: questsEn.hub.follow, exact: true }).click();
    await visible(page.getByRole('dialog').getByLabel('Phone number', { exact: true }));
  });

  it('a signed-in user follows the hub (Following, kept after a reload and by the API) and stops following', async () => {
    const auth = await apiSignInWithGoogle(baseUrl);
    await startSession(page, baseUrl, auth);
    await page.goto('/k-quest/bullieverse');
    const follow = await visible(banner().getByRole('button', { name: questsEn.hub.follow, exact: true }));
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    await follow.click();
    const following = await visible(banner().getByRole('button', { name: questsEn.hub.following }));
    expect(await following.getAttribute('aria-pressed')).toBe('true');
    await saveScreenshot(page, 'web-hub-following');

    await page.reload();
    await visible(banner().getByRole('button', { name: questsEn.hub.following }));
    const followed = await apiCall<{ hubs: string[] }>(
      baseUrl,
      'GET',
      '/quest/hubs/followed',
      auth.accessToken,
    );
    expect(followed.envelope.data.hubs).toContain('bullieverse');

    await banner().getByRole('button', { name: questsEn.hub.following }).click();
    await visible(banner().getByRole('button', { name: questsEn.hub.follow, exact: true }));
    const after = await apiCall<{ hubs: string[] }>(baseUrl, 'GET', '/quest/hubs/followed', auth.accessToken);
    expect(after.envelope.data.hubs).not.toContain('bullieverse');
  });
});
