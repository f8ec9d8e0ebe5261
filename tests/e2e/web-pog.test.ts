/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { PogLeaderboardTab, pogRoutes, RouteResponse } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en } from '../../packages/ui/src/i18n/resources/en.ts';
import { pogEn } from '../../packages/ui/src/i18n/resources/pog-en.ts';
import { usePhonePage } from './support/phone-page.ts';
import {
  chooseTile,
  expectMintProgress,
  FACE_JPEG,
  holdCardImages,
  imageLoaded,
  MINT_TIMEOUT_MS,
  mintWriteState,
  pogCatalogue,
  pogMintStatus,
  pogShowcase,
  uniquePogName,
} from './support/pog.ts';
import { e2eServer } from './support/server.ts';
import { saveViewportScreenshot } from './support/telegram-client.ts';
import { saveScreenshot, visible, waitForPath } from './support/ui.ts';
import { apiCall, apiSignInWithGoogle, startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;

let page: Page;
usePhonePage(baseUrl, (p) => {
  page = p;
});

type Leaderboard = RouteResponse<typeof pogRoutes.pogLeaderboard>;
const GLOBAL_CLANS: PogLeaderboardTab = 'global-clans';

/** 'Next' on the avatar screens (each screen has exactly one). */
const next = () => page.getByRole('button', { name: pogEn.mint.category.next, exact: true });

describe('Proof of Gamer on the website', () => {
  it('a gamer reserves a name (a bad one first), customizes the avatar with a selfie, mints on the EVM and sees the card on its showcase; the leaderboard loads', async () => {
    const gamer = await apiSignInWithGoogle(baseUrl);
    const cardImages = await holdCardImages(page);
    await startSession(page, baseUrl, gamer);
    const catalogue = await pogCatalogue(baseUrl);
    const sciFi = catalogue.themes.find((theme) => theme.id === 'Sci-Fi');
    const category = sciFi?.categories[0];
    const character = category?.characters.at(-1);
    const style = sciFi?.styles.at(-1);
    if (!sciFi || !category || !character || !style) throw new Error('the catalogue has no Sci-Fi choices');

    // Step 1: reserve a name. SPEC §5 messages show for a bad one, and it cannot be reserved.
    await page.goto('/pog/mint');
    await visible(page.getByRole('heading', { level: 1, name: pogEn.mint.title }));
    await visible(page.getByRole('heading', { name: pogEn.mint.reserve.title }));
    const nameField = page.getByLabel(pogEn.mint.reserve.label, { exact: true });
    const reserve = page.getByRole('button', { name: pogEn.mint.reserve.continue, exact: true });
    await chooseTile(page.getByRole('radio', { name: pogEn.mint.mode.customize_pog }));
    await nameField.fill('ace');
    await nameField.blur();
    await visible(
      page.getByRole('alert').filter({ hasText: 'Username must be between 5 and 12 characters' }),
    );
    await expect(reserve.isDisabled()).resolves.toBe(true);
    await nameField.fill('ace pro');
    await visible(page.getByRole('alert').filter({ hasText: 'Spaces are not allowed in the username' }));
    await nameField.fill('ace_pro!');
    await visible(page.getByRole('alert').filter({ hasText: 'Special characters are not allowed' }));
    await expect(reserve.isDisabled()).resolves.toBe(true);
    await saveScreenshot(page, 'web-pog-name-refused');

    const name = uniquePogName();
    await nameField.fill(name);
    await visible(page.getByText(pogEn.mint.reserve.available.replace('{{name}}', name)));
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await reserve.click();

    // Step 2: Customize POG, a theme and its category, a character, a style.
    await visible(page.getByRole('heading', { name: pogEn.mint.category.title }));
    await expect(next().isDisabled()).resolves.toBe(true);
    await chooseTile(page.getByRole('radio', { name: pogEn.theme['Sci-Fi'] }));
    await chooseTile(page.getByRole('radio', { name: category.label, exact: true }));
    await saveScreenshot(page, 'web-pog-category');
    await next().click();

    await visible(page.getByRole('heading', { name: pogEn.mint.character.title }));
    await visible(page.getByText(`${pogEn.theme['Sci-Fi']} · ${category.label}`, { exact: true }));
    await chooseTile(page.getByRole('radio', { name: character.label, exact: true }));
    await next().click();

    await visible(page.getByRole('heading', { name: pogEn.mint.style.title }));
    await chooseTile(page.getByRole('radio', { name: style.label, exact: true }));
    await next().click();

    // The selfie: a JPEG with a face, through the screen's file input, previewed then sent.
    await visible(page.getByRole('heading', { name: pogEn.mint.selfie.title }));
    await page.getByLabel(pogEn.mint.selfie.upload, { exact: true }).setInputFiles(FACE_JPEG);
    const preview = await visible(page.getByRole('img', { name: pogEn.mint.selfie.preview }));
    await expect.poll(() => imageLoaded(preview)).toBe(true);
    await saveScreenshot(page, 'web-pog-selfie');
    await page.getByRole('button', { name: pogEn.mint.selfie.send, exact: true }).click();

    // The generated avatar (the face check and the first drawing run on the server).
    await visible(page.getByRole('heading', { name: pogEn.mint.avatar.title }), 45_000);
    const avatar = await visible(
      page.getByRole('img', { name: pogEn.card.avatarOf.replace('{{name}}', name) }),
    );
    await expect.poll(() => imageLoaded(avatar), { timeout: 15_000 }).toBe(true);
    await visible(page.getByText(pogEn.mint.avatar.chain.evm));
    const drafted = await pogMintStatus(baseUrl, gamer.accessToken);
    expect(drafted).toMatchObject({
      state: 'AvatarGenerationPending',
      mode: 'customize_pog',
      name,
      choices: {
        theme: 'Sci-Fi',
        category: category.id,
        character: character.id,
        style: style.id,
        selfie: true,
      },
    });
    expect(drafted.avatarUrl).toBeTruthy();
    await saveScreenshot(page, 'web-pog-avatar');

    // Mint: the progress while the server's worker mints, then Minted.
    const activated = mintWriteState(page, 'activate');
    await page.getByRole('button', { name: pogEn.mint.avatar.mint }).click();
    await expectMintProgress(page, await activated);
    await saveScreenshot(page, 'web-pog-minting');
    await visible(page.getByRole('heading', { name: pogEn.mint.minted.title }), MINT_TIMEOUT_MS);
    await visible(page.getByText(pogEn.mint.minted.lead.replace('{{name}}', name)));
    await saveScreenshot(page, 'web-pog-minted');

    const card = await pogShowcase(baseUrl, name);
    expect(card.mint).toMatchObject({ chain: 'evm', tokenId: expect.stringMatching(/^\d+$/) });
    expect(card.mint?.owner).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(card.mint?.txHash).toMatch(/^0x[0-9a-fA-F]{64}$/);

    // The showcase, from the Minted screen's link: name, variant, the mint record.
    await page.getByRole('link', { name: pogEn.home.showcase, exact: true }).click();
    await waitForPath(page, '/pog-showcase');
    expect(new URL(page.url()).searchParams.get('username')).toBe(name);
    await visible(
      page.getByRole('heading', { level: 1, name: pogEn.showcase.title.replace('{{name}}', name) }),
    );
    await visible(
      page.locator('.pog-showcase__meta').getByText(pogEn.variant[card.variant], { exact: true }),
    );
    const record = page.getByRole('region', { name: pogEn.dashboard.mintRecord });
    await visible(record.getByText(`${pogEn.record.evm} · ${card.mint?.network}`, { exact: true }));
    await visible(record.getByText(`#${card.mint?.tokenId}`, { exact: true }));
    await visible(record.locator(`[title="${card.mint?.txHash}"]`));
    await visible(page.getByRole('img', { name: pogEn.card.avatarOf.replace('{{name}}', name) }).first());
    // The card asks for the server's pictures of both faces (held back: support/pog.ts holdCardImages).
    await expect
      .poll(() => cardImages)
      .toEqual(
        expect.arrayContaining([`/api/pog/cards/${name}/front.png`, `/api/pog/cards/${name}/back.png`]),
      );
    await saveScreenshot(page, 'web-pog-showcase');
    await record.scrollIntoViewIfNeeded();
    await saveViewportScreenshot(page, 'web-pog-showcase-record');

    // The gamer's username is no card's name: the showcase finds the gamer (GET /users/by-username) and their card.
    const username = `g${Date.now().toString(36).slice(-8)}`;
    const renamed = await apiCall(baseUrl, 'PUT', '/users/me/username', gamer.accessToken, { username });
    expect(renamed.status).toBe(200);
    await page.goto(`/pog-showcase?username=${username}`);
    const playsAs = pogEn.showcase.playsAs.replace('{{username}}', username).replace('{{name}}', name);
    await visible(page.getByText(playsAs, { exact: true }));
    await visible(
      page.getByRole('heading', { level: 1, name: pogEn.showcase.title.replace('{{name}}', name) }),
    );

    // The leaderboard: the Global Clans tab, its rows or the empty state.
    await page.goto('/pog/leaderboard');
    await visible(page.getByRole('heading', { level: 1, name: pogEn.leaderboard.title }));
    const tab = await visible(
      page.getByRole('tab', { name: pogEn.leaderboard.tabs[GLOBAL_CLANS], exact: true }),
    );
    await expect(tab.getAttribute('aria-selected')).resolves.toBe('true');
    const panel = page.getByRole('tabpanel');
    await visible(panel.locator('.state--empty, .pog-podium').first());
    const board = await apiCall<Leaderboard>(
      baseUrl,
      'GET',
      `/pog/leaderboard?tab=${GLOBAL_CLANS}`,
      gamer.accessToken,
    );
    expect(board.status).toBe(200);
    const first = board.envelope.data.clans[0];
    if (first) await visible(panel.getByText(first.clanName, { exact: true }).first());
    else await visible(panel.getByText(en.states.empty, { exact: true }));
    await saveScreenshot(page, 'web-pog-leaderboard');
  }, 150_000);

  it('a showcase link with the username of a gamer who has no card says so and offers the mint', async () => {
    const gamer = await apiSignInWithGoogle(baseUrl);
    const username = `n${Date.now().toString(36).slice(-8)}`;
    const renamed = await apiCall(baseUrl, 'PUT', '/users/me/username', gamer.accessToken, { username });
    expect(renamed.status).toBe(200);
    await page.goto(`/pog-showcase?username=${username.toUpperCase()}`);
    await visible(page.getByText(pogEn.showcase.noCardYet.replace('{{name}}', username), { exact: true }));
    const mint = await visible(page.getByRole('link', { name: pogEn.showcase.mintYours }));
    await expect(mint.getAttribute('href')).resolves.toBe('/pog/mint');
    await saveScreenshot(page, 'web-pog-showcase-no-card');
  }, 60_000);
});
