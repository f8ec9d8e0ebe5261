/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { feedEn } from '../../packages/ui/src/i18n/resources/feed-en.ts';
import { pogEn } from '../../packages/ui/src/i18n/resources/pog-en.ts';
import { newPhonePage } from '../fixtures/browser.ts';
import { useMiniAppPage } from './support/miniapp-page.ts';
import {
  chooseTile,
  expectMintProgress,
  holdCardImages,
  imageLoaded,
  MINT_TIMEOUT_MS,
  mintWriteState,
  pogMintStatus,
  pogShowcase,
  tonRawAddress,
  uniquePogName,
} from './support/pog.ts';
import { e2eServer } from './support/server.ts';
import {
  closingConfirmations,
  createTonWallet,
  installEmbeddedTonWallet,
  installTelegramClient,
  miniAppUrl,
  playedHaptic,
  pressMainButton,
  randomTelegramId,
  saveViewportScreenshot,
  signInitData,
  storedAccessToken,
  tonConnectRequests,
  waitForMainButton,
} from './support/telegram-client.ts';
import { visible, waitForPath } from './support/ui.ts';

const botToken = inject('telegramBotToken');
const baseUrl = e2eServer().baseUrl;

let page: Page;
useMiniAppPage((next) => {
  page = next;
});

describe('Proof of Gamer in the Mini App', () => {
  it('a Telegram user without a TON wallet quick-mints a card on TON from the MainButton, connecting the wallet from the mint step, and opens its showcase, in the app and from a startapp=pog_<name> link', async () => {
    // A Telegram user whose wallet is Tonkeeper's in-app browser; no wallet is linked to the account yet.
    const wallet = createTonWallet();
    await installEmbeddedTonWallet(page, wallet);
    await holdCardImages(page);
    const user = { id: randomTelegramId(), first_name: 'Kabir', language_code: 'en' };
    await page.goto(miniAppUrl(baseUrl, signInitData(botToken, user)));
    await expect.poll(() => storedAccessToken(page), { timeout: 15_000 }).toBeTruthy();
    const token = (await storedAccessToken(page))!;

    // POG has no tab in the Mini App: home's shortcut, then 'Mint your POG card'.
    await page
      .getByRole('navigation', { name: feedEn.nav.more })
      .getByRole('link', { name: feedEn.nav.pog })
      .click();
    await waitForPath(page, '/tma/pog');
    // (Home's POG card, named 'Mint your POG card: …' too, stays while the POG screens' chunk arrives.)
    await visible(page.getByRole('heading', { level: 1, name: pogEn.home.title }));
    await page.getByRole('link', { name: pogEn.home.mint }).click();
    await waitForPath(page, '/tma/pog/mint');
    await visible(page.getByRole('heading', { name: pogEn.mint.reserve.title }));

    // Quick mint with a name: the MainButton offers it once the name is free.
    const name = uniquePogName();
    await chooseTile(page.getByRole('radio', { name: pogEn.mint.mode.quick_mint }));
    await page.getByLabel(pogEn.mint.reserve.label, { exact: true }).fill(name);
    await visible(page.getByText(pogEn.mint.reserve.available.replace('{{name}}', name)));
    await waitForMainButton(page, pogEn.mint.mode.quick_mint);
    await saveViewportScreenshot(page, 'miniapp-pog-quick-mint');
    // The mint needs a TON wallet: TON Connect opens from this step (the in-app wallet answers at once),
    // the wallet is linked, and the same quick mint goes on, with no other tap.
    const linked = page.waitForResponse((r) => r.url().endsWith('/api/social-auth/ton'));
    const quickMinted = mintWriteState(page, 'quick-mint', { afterRefusal: true });
    await pressMainButton(page);
    expect((await linked).status()).toBe(200);
    await expect.poll(() => playedHaptic(page, 'error')).toBe(true);
    expect(await tonConnectRequests(page)).toHaveLength(1);

    // The progress on TON's emulator, then Minted.
    const state = await quickMinted;
    await expectMintProgress(page, state);
    // While the mint runs, closing the app asks first (Telegram's closing confirmation).
    if (state === 'MintInProgress') expect((await closingConfirmations(page)).at(-1)).toBe(true);
    await saveViewportScreenshot(page, 'miniapp-pog-minting');
    await visible(page.getByRole('heading', { name: pogEn.mint.minted.title }), MINT_TIMEOUT_MS);
    await visible(page.getByText(pogEn.mint.minted.lead.replace('{{name}}', name)));
    // The mint held Telegram's closing confirmation while it ran, and the card is felt.
    await expect.poll(async () => (await closingConfirmations(page)).at(-1)).toBe(false);
    await expect.poll(() => playedHaptic(page, 'success')).toBe(true);
    await saveViewportScreenshot(page, 'miniapp-pog-minted');
    const status = await pogMintStatus(baseUrl, token, 'telegram');
    expect(status).toMatchObject({ state: 'Minted', mode: 'quick_mint', name, chain: 'ton' });
    const card = await pogShowcase(baseUrl, name);
    expect(card.mint).toMatchObject({ chain: 'ton', tokenId: expect.stringMatching(/^\d+$/) });
    // The card went to the linked wallet (the record gives its user-friendly form).
    expect(tonRawAddress(card.mint?.owner ?? '')).toBe(wallet.address);

    // The showcase from the Minted screen's link, with the TON mint record.
    await page.getByRole('link', { name: pogEn.home.showcase, exact: true }).click();
    await waitForPath(page, '/tma/pog-showcase');
    expect(new URL(page.url()).searchParams.get('username')).toBe(name);
    const title = pogEn.showcase.title.replace('{{name}}', name);
    await visible(page.getByRole('heading', { level: 1, name: title }));
    const record = page.getByRole('region', { name: pogEn.dashboard.mintRecord });
    await visible(record.getByText(`${pogEn.record.ton} · ${card.mint?.network}`, { exact: true }));
    await visible(record.getByText(`#${card.mint?.tokenId}`, { exact: true }));
    await saveViewportScreenshot(page, 'miniapp-pog-showcase');

    // A friend opens the card's link (t.me/<bot>/<app>?startapp=pog_<name>) in their own Telegram.
    const friendPage = await newPhonePage(page.context().browser()!);
    try {
      await installTelegramClient(friendPage);
      const friendCardImages = await holdCardImages(friendPage);
      const friend = { id: randomTelegramId(), first_name: 'Isha', language_code: 'en' };
      await friendPage.goto(miniAppUrl(baseUrl, signInitData(botToken, friend), `pog_${name}`));
      await waitForPath(friendPage, '/tma/pog-showcase');
      expect(new URL(friendPage.url()).searchParams.get('username')).toBe(name);
      await visible(friendPage.getByRole('heading', { level: 1, name: title }));
      await visible(
        friendPage.locator('.pog-showcase__meta').getByText(pogEn.variant[card.variant], { exact: true }),
      );
      const avatar = await visible(
        friendPage.getByRole('img', { name: pogEn.card.avatarOf.replace('{{name}}', name) }).first(),
      );
      await expect.poll(() => imageLoaded(avatar), { timeout: 15_000 }).toBe(true);
      // The card asks for the server's picture of its front (held back: support/pog.ts holdCardImages).
      await expect.poll(() => friendCardImages).toContain(`/api/pog/cards/${name}/front.png`);
      await visible(friendPage.getByRole('link', { name: pogEn.showcase.mintYours }));
      await saveViewportScreenshot(friendPage, 'miniapp-pog-showcase-friend');
    } finally {
      await friendPage.context().close();
    }
  }, 150_000);
});
