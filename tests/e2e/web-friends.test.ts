/// <reference lib="dom" />
import { gamerHandle } from '@khel/core/format';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { feedEn } from '../../packages/ui/src/i18n/resources/feed-en.ts';
import { referralsEn } from '../../packages/ui/src/i18n/resources/referrals-en.ts';
import { referralsHi } from '../../packages/ui/src/i18n/resources/referrals-hi.ts';
import { referralsPtBR } from '../../packages/ui/src/i18n/resources/referrals-pt-br.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { saveScreenshot, visible, waitForPath } from './support/ui.ts';
import { apiCall, apiSignInByPhone, startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;

describe('friends on the website (issue 26)', () => {
  let page: Page;
  usePhonePage(baseUrl, (p) => {
    page = p;
  });

  it('from home to /friends: the invite link, a friend who joins with it, their name, level and XP', async () => {
    const inviter = await apiSignInByPhone(baseUrl);
    await startSession(page, baseUrl, inviter);
    await page.goto(`${baseUrl}/home`);
    await page.getByRole('link', { name: new RegExp(feedEn.friendsPromo.title) }).click();
    await waitForPath(page, '/friends');
    await visible(page.getByRole('heading', { level: 1, name: referralsEn.title }));
    await visible(page.getByText(referralsEn.list.empty));
    await page.getByRole('button', { name: referralsEn.invite.create }).click();
    const link = page
      .locator('.copy-field')
      .filter({ hasText: referralsEn.invite.website })
      .locator('.copy-field__value');
    await visible(link);
    const invite = (await link.getAttribute('data-value')) ?? '';
    expect(invite).toMatch(/\?ref=[A-Z2-9]{8}$/);
    await visible(page.getByRole('link', { name: referralsEn.invite.whatsapp }));

    // A friend signs up and applies the code of the link (as home does after a visit through it).
    const friend = await apiSignInByPhone(baseUrl);
    const code = new URL(invite).searchParams.get('ref');
    expect((await apiCall(baseUrl, 'POST', '/referral/apply', friend.accessToken, { code })).status).toBe(
      200,
    );
    await page.reload();
    const list = page.getByRole('region', { name: referralsEn.list.title });
    await visible(list.getByText(gamerHandle(friend.user.id)));
    await visible(list.getByText('Level 1'));
    // The friend's XP reaches the inviter through the worker's job.
    await expect
      .poll(
        async () => {
          await page.reload();
          return list.locator('.friends-stats dd').nth(1).textContent();
        },
        { timeout: 30_000 },
      )
      .toBe('100 XP');
    await saveScreenshot(page, 'web-friends');
    // The same screen in Hindi and Portuguese (the account's language, which the page follows).
    for (const [lang, texts] of [
      ['hi', referralsHi],
      ['pt-BR', referralsPtBR],
    ] as const) {
      await apiCall(baseUrl, 'PATCH', '/users/me/profile', inviter.accessToken, { language_code: lang });
      await page.reload();
      await visible(page.getByRole('heading', { level: 1, name: texts.title }));
      await visible(
        page.getByRole('region', { name: texts.list.title }).getByText(gamerHandle(friend.user.id)),
      );
      await saveScreenshot(page, `web-friends-${lang}`);
    }
  });
});
