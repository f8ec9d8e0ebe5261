/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { ClanStatus } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { clansEn } from '../../packages/ui/src/i18n/resources/clans-en.ts';
import { newPhonePage } from '../fixtures/browser.ts';
import { apiChiefWithClan, clanApi } from './support/clans.ts';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import {
  fetchProfile,
  miniAppUrl,
  randomTelegramId,
  saveViewportScreenshot,
  signInitData,
  storedAccessToken,
} from './support/telegram-client.ts';
import { saveScreenshot, visible, waitForPath } from './support/ui.ts';
import { startSession } from './support/web-session.ts';

const botToken = inject('telegramBotToken');
const baseUrl = e2eServer().baseUrl;

let page: Page;
useMiniAppPage((next) => {
  page = next;
});

describe('Clans in the Mini App', () => {
  it("a gamer opens a chief's invite (startapp=clan_<id>) and asks to join; the chief approves on the website; both see the member on /my-clan/", async () => {
    const { chief, clan } = await apiChiefWithClan(baseUrl, 'APPROVAL');
    expect(clan.invite?.startParam).toBe(`clan_${clan.id}`);

    // The invite opens the clan's page in the Mini App.
    const user = { id: randomTelegramId(), first_name: 'Meera', language_code: 'en' };
    await page.goto(miniAppUrl(baseUrl, signInitData(botToken, user), `clan_${clan.id}`));
    await waitForPath(page, '/tma/discover-clan');
    await visible(page.getByRole('heading', { level: 1, name: clan.clanName }));
    await visible(page.getByText(clansEn.policy.APPROVAL).first());
    await saveViewportScreenshot(page, 'miniapp-clan-invite');
    await page.getByRole('button', { name: clansEn.page.request }).click();
    await visible(page.getByText(clansEn.page.requested));
    await visible(page.getByRole('button', { name: clansEn.page.cancelRequest }));
    const token = (await storedAccessToken(page))!;
    const gamer = (await fetchProfile(baseUrl, token)).profile!;
    const asked = await clanApi<ClanStatus>(baseUrl, 'GET', '/platform-clans/status', token);
    expect(asked.pendingRequests.map((r) => r.clanId)).toEqual([clan.id]);

    // The chief approves on the website.
    const chiefPage = await newPhonePage(page.context().browser()!, { baseURL: baseUrl });
    try {
      await startSession(chiefPage, baseUrl, chief);
      await chiefPage.goto('/clan-chief/');
      const request = chiefPage.locator(`.member-row--request[data-user="${gamer.id}"]`);
      await visible(request);
      await saveScreenshot(chiefPage, 'web-clan-chief-request');
      await request.getByRole('button', { name: clansEn.dashboard.approve }).click();
      await visible(chiefPage.getByText(clansEn.dashboard.noRequests));
      await chiefPage.goto('/my-clan/');
      await visible(chiefPage.getByRole('heading', { level: 1, name: clan.clanName }));
      await visible(chiefPage.locator(`.member-row[data-user="${gamer.id}"]`).first());
      await visible(chiefPage.getByRole('heading', { name: `${clansEn.my.members} · 2/${clan.memberCap}` }));
      await saveScreenshot(chiefPage, 'web-my-clan-chief');
    } finally {
      await chiefPage.context().close();
    }

    // The new member sees the clan and themselves on /my-clan/ in the Mini App.
    const joined = await clanApi<ClanStatus>(baseUrl, 'GET', '/platform-clans/status', token);
    expect(joined.role).toBe('Member');
    expect(joined.clan?.id).toBe(clan.id);
    // The Clan tab of the bottom bar.
    await page.getByRole('link', { name: 'Clan', exact: true }).click();
    await waitForPath(page, '/tma/my-clan');
    await visible(page.getByRole('heading', { level: 1, name: clan.clanName }));
    await visible(page.locator(`.member-row[data-user="${gamer.id}"]`).first());
    await visible(page.locator(`.member-row[data-user="${chief.user.id}"]`).first());
    await visible(page.getByRole('button', { name: clansEn.my.leave }));
    await saveViewportScreenshot(page, 'miniapp-my-clan');
  });
});
