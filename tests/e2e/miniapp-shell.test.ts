import { NOTIFICATION_KINDS, type NotificationSettings, XP_RULES } from '@khel/core/contract';
import { NOTIFICATION_GROUP_OF } from '@khel/core/notification-groups';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { accountHi } from '../../packages/ui/src/i18n/resources/account-hi.ts';
import { en } from '../../packages/ui/src/i18n/resources/en.ts';
import { feedEn } from '../../packages/ui/src/i18n/resources/feed-en.ts';
import { feedHi } from '../../packages/ui/src/i18n/resources/feed-hi.ts';
import { miniappEn } from '../../packages/ui/src/i18n/resources/miniapp-en.ts';
import { questsEn } from '../../packages/ui/src/i18n/resources/quests-en.ts';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import {
  fetchProfile,
  lastPosted,
  miniAppUrl,
  playedHaptic,
  pressBackButton,
  pressSettingsButton,
  randomTelegramId,
  saveViewportScreenshot,
  signInitData,
  storedAccessToken,
} from './support/telegram-client.ts';
import { saveScreenshot, visible, waitForPath } from './support/ui.ts';
import { apiCall } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;
const botToken = inject('telegramBotToken');

// An iPhone in Telegram: the notch and the home indicator (safe area), Telegram's controls (content safe area).
const SAFE_AREA = { top: 47, bottom: 34, left: 0, right: 0 };
const CONTENT_SAFE_AREA = { top: 46, bottom: 0, left: 0, right: 0 };

let page: Page;
useMiniAppPage(
  (next) => {
    page = next;
  },
  { safeArea: SAFE_AREA, contentSafeArea: CONTENT_SAFE_AREA },
);

/** Whether Telegram was last asked to show its back button. */
const backButtonShown = async () =>
  (await lastPosted<{ is_visible?: boolean }>(page, 'web_app_setup_back_button'))?.is_visible ?? false;

describe('the app shell in the Mini App', () => {
  it("is Telegram's chrome, not the website's: five tabs, no web header, Telegram's settings, back button, haptics, safe areas and fullscreen games", async () => {
    const initDataRaw = signInitData(botToken, {
      id: randomTelegramId(),
      first_name: 'Arjun',
      language_code: 'en',
    });
    await page.goto(miniAppUrl(baseUrl, initDataRaw));
    await visible(page.getByRole('heading', { name: 'Welcome, Arjun' }));

    // Telegram's palette holds once the lazy screens are in: the app's style sheets, inlined in index.html, were
    // fetched a second time with the first screen and, applied after tma.css, undid its overrides.
    await visible(page.getByRole('region', { name: feedEn.level.title }).getByText('Level 1'));
    const sheets = await page.evaluate(() => ({
      inlined: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')].map(
        (l) => l.href,
      ),
      fetched: performance.getEntriesByType('resource').map((r) => r.name),
      strong: getComputedStyle(document.documentElement).getPropertyValue('--color-primary-strong').trim(),
      primary: getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    }));
    expect(sheets.strong).toBe(sheets.primary);
    expect(sheets.inlined.length).toBeGreaterThan(0);
    expect(sheets.fetched.filter((url) => sheets.inlined.includes(url))).toEqual([]);

    // No website chrome: no header (logo, language menu), no skip link; at most five tabs, Home current.
    expect(await page.locator('.page__header, .language-picker').count()).toBe(0);
    expect(await page.getByRole('link', { name: en.common.skipToContent }).count()).toBe(0);
    const tabs = page.getByRole('navigation', { name: feedEn.nav.label });
    expect(await tabs.getByRole('link').allTextContents()).toEqual([
      feedEn.nav.home,
      feedEn.nav.quests,
      feedEn.nav.kdrop,
      feedEn.nav.clan,
      feedEn.nav.profile,
    ]);
    expect(await tabs.locator('.app-nav__tab--active').textContent()).toContain(feedEn.nav.home);
    // The rest is one tap away on home.
    const more = page.getByRole('navigation', { name: feedEn.nav.more });
    expect(await more.getByRole('link').allTextContents()).toEqual([
      feedEn.nav.store,
      feedEn.nav.earnings,
      feedEn.nav.pog,
      feedEn.nav.klash,
      feedEn.nav.rkade,
    ]);

    // Clear of the notch, Telegram's controls and the home indicator.
    const pagePadding = await page
      .locator('.page--telegram')
      .evaluate((el) => getComputedStyle(el).paddingTop);
    expect(pagePadding).toBe(`${SAFE_AREA.top + CONTENT_SAFE_AREA.top}px`);
    const bar = tabs.locator('xpath=.');
    expect(await bar.evaluate((el) => getComputedStyle(el).paddingBottom)).toBe(`${SAFE_AREA.bottom}px`);
    const barBox = await bar.boundingBox();
    expect((barBox?.y ?? 0) + (barBox?.height ?? 0)).toBe(844);

    // Telegram's settings button is there (settings and language live behind it).
    await expect
      .poll(() => lastPosted<{ is_visible?: boolean }>(page, 'web_app_setup_settings_button'))
      .toEqual({ is_visible: true });

    const daily = page.getByRole('region', { name: feedEn.daily.title });
    await daily.getByRole('button', { name: /^Claim 10/ }).click();
    await visible(daily.getByText(/You got 10/));
    await expect.poll(() => playedHaptic(page, 'success')).toBe(true);
    const level = page.getByRole('region', { name: feedEn.level.title });
    await visible(level.locator('.level__gained', { hasText: `+${XP_RULES.daily_claim} XP` }));
    await saveScreenshot(page, 'miniapp-home-daily-claimed');

    // A game is played fullscreen, without the tab bar, and vertical swipes no longer close the app.
    await more.getByRole('link', { name: feedEn.nav.rkade }).click();
    await waitForPath(page, '/tma/rkade');
    await expect.poll(backButtonShown).toBe(true);
    await page.getByRole('button', { name: `${questsEn.games.play}: Bullie Bowling` }).click();
    await visible(
      page.getByRole('heading', { name: questsEn.rkade.playing.replace('{{name}}', 'Bullie Bowling') }),
    );
    await expect.poll(async () => (await lastPosted(page, 'web_app_request_fullscreen')) !== null).toBe(true);
    expect(await lastPosted(page, 'web_app_setup_swipe_behavior')).toEqual({ allow_vertical_swipe: false });
    expect(await tabs.isVisible()).toBe(false);
    await saveViewportScreenshot(page, 'miniapp-rkade-fullscreen');
    // The game's Close leaves it (and fullscreen) for the list.
    await page.getByRole('button', { name: new RegExp(questsEn.rkade.close) }).click();
    await visible(page.getByRole('heading', { level: 1, name: questsEn.rkade.title }));
    await expect.poll(async () => (await lastPosted(page, 'web_app_exit_fullscreen')) !== null).toBe(true);
    expect(await lastPosted(page, 'web_app_setup_swipe_behavior')).toEqual({ allow_vertical_swipe: true });
    // Played again, Telegram's back button leaves the game for the list, then goes back home: never to the
    // game closed before. On a tab it is hidden.
    await page.getByRole('button', { name: `${questsEn.games.play}: Bullie Bowling` }).click();
    await expect
      .poll(() => lastPosted(page, 'web_app_setup_swipe_behavior'))
      .toEqual({ allow_vertical_swipe: false });
    await pressBackButton(page);
    await visible(page.getByRole('heading', { level: 1, name: questsEn.rkade.title }));
    await expect
      .poll(() => lastPosted(page, 'web_app_setup_swipe_behavior'))
      .toEqual({ allow_vertical_swipe: true });
    await pressBackButton(page);
    await waitForPath(page, '/tma/');
    expect(await page.locator('.rkade-player').count()).toBe(0);
    await tabs.getByRole('link', { name: feedEn.nav.quests }).click();
    await waitForPath(page, '/tma/k-quest');
    await expect.poll(backButtonShown).toBe(false);

    // Settings (the ⋯ menu): the language, Telegram's until one is chosen.
    await pressSettingsButton(page);
    await waitForPath(page, '/tma/settings');
    await visible(page.getByRole('heading', { level: 1, name: miniappEn.settings.title }));
    await expect.poll(backButtonShown).toBe(true);
    const languages = page.getByRole('group', { name: miniappEn.settings.language });
    expect(await languages.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
    // Controlled by the language in use, which changes once Hindi's texts are in.
    await languages.getByRole('radio', { name: 'हिन्दी' }).click();
    const hindiTabs = page.getByRole('navigation', { name: feedHi.nav.label });
    await visible(hindiTabs.getByRole('link', { name: feedHi.nav.home }));
    expect(await page.getByRole('radio', { name: 'हिन्दी' }).isChecked()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('tma-pref:language'))).toBe('hi');
    // The choice is the account's one language (users.language_code), which the bot's pushes speak.
    const token = await storedAccessToken(page);
    if (!token) throw new Error('the Mini App kept no access token');
    await expect.poll(async () => (await fetchProfile(baseUrl, token)).profile?.language_code).toBe('hi');
    // The bot's notifications with the bot's rules: mute all, quiet hours and their zone (the country's).
    const notifications = accountHi.profile.notifications;
    const settingsOf = async () =>
      (await apiCall<NotificationSettings>(baseUrl, 'GET', '/users/me/notification-settings', token)).envelope
        .data;
    await page.getByRole('switch', { name: notifications.muteAll }).click();
    await visible(page.getByText(notifications.mutedHint));
    await page.getByLabel(notifications.quietHours).selectOption('22:00-07:00');
    const zone = page.getByLabel(notifications.timeZone);
    await visible(zone);
    expect(await zone.locator('option:checked').textContent()).toBe(
      notifications.zoneAuto.replace('{{zone}}', notifications.zones['Asia/Kolkata']),
    );
    await expect
      .poll(async () => {
        const { muted, quietHours } = await settingsOf();
        return { muted, quietHours };
      })
      .toEqual({ muted: true, quietHours: { start: '22:00', end: '07:00' } });
    // A group's switch turns all its kinds off in one tap, and says how many are on.
    const clanKinds = NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_GROUP_OF[kind] === 'clans');
    const clans = page.getByRole('region', { name: notifications.groups.clans });
    await clans.getByRole('switch', { name: notifications.groups.clans, exact: true }).click();
    await visible(
      clans.getByText(
        notifications.groupCount.replace('{{total}}', String(clanKinds.length)).replace('{{on}}', '0'),
      ),
    );
    await expect
      .poll(async () =>
        (await settingsOf()).settings
          .filter((s) => clanKinds.includes(s.kind) && s.enabled)
          .map((s) => s.kind),
      )
      .toEqual([]);
    await saveViewportScreenshot(page, 'miniapp-settings-hi');
    await pressBackButton(page);
    await waitForPath(page, '/tma/k-quest');
  });
});
