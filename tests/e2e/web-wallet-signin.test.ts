/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { Profile, SocialAuthStatus } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPhonePage } from '../fixtures/browser.ts';
import { waitForCode } from './support/dev-outbox.ts';
import { installInjectedWallet } from './support/injected-wallet.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { pathOf, randomIndianMobile, saveScreenshot, visible, waitForPath } from './support/ui.ts';
import { accessTokenOf, apiCall, signInByPhone } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;
let page: Page;
const phone = usePhonePage(baseUrl, (p) => {
  page = p;
});

const walletButton = () => page.getByRole('button', { name: 'Sign in with a wallet', exact: true });
const welcome = () => page.getByRole('heading', { name: /^Welcome/ });

/** The wagmi + viem chunk of the website (src/wallet/evm-wallet.ts). */
const isWalletChunk = (url: string) => /\/assets\/evm-wallet-[\w-]+\.js$/.test(new URL(url).pathname);

async function myProfile(): Promise<Profile> {
  const token = await accessTokenOf(page);
  if (!token) throw new Error('not signed in');
  return (await apiCall<Profile>(baseUrl, 'GET', '/users/me/profile', token)).envelope.data;
}

describe('website sign-in with a browser wallet (SIWE, EIP-4361)', () => {
  it('a viem account really signs the SIWE message, the server verifies it, and wagmi/viem load only on demand', async () => {
    const wallet = await installInjectedWallet(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });

    await page.goto('/register');
    await visible(walletButton());
    await page.waitForLoadState('networkidle');
    expect(scripts.filter(isWalletChunk), 'wallet chunk before choosing the wallet').toEqual([]);
    expect(wallet.calls, 'the page asked the wallet nothing yet').toEqual([]);

    const siwe = page.waitForResponse(
      (r) => r.url().endsWith('/api/authentication/siwe') && r.request().method() === 'POST',
    );
    await walletButton().click();
    expect((await siwe).status()).toBe(200);
    await waitForPath(page, '/home');
    await visible(welcome());
    expect(scripts.filter(isWalletChunk)).toHaveLength(1);

    // The message the wallet signed: this site, the wallet's chain, the server's nonce, an expiry.
    expect(wallet.signed).toHaveLength(1);
    const { message } = wallet.signed[0]!;
    const origin = new URL(baseUrl);
    expect(
      message.startsWith(
        `${origin.host} wants you to sign in with your Ethereum account:\n${wallet.address}\n`,
      ),
    ).toBe(true);
    expect(message).toContain(`\nURI: ${origin.origin}\n`);
    expect(message).toContain('\nChain ID: 1\n');
    expect(message).toMatch(/\nNonce: [A-Za-z0-9]{8,}\n/);
    expect(message).toMatch(/\nExpiration Time: \d{4}-\d\d-\d\dT/);
    expect(wallet.calls.map((c) => c.method)).toContain('eth_requestAccounts');

    // The account now has this wallet as a sign-in method, and a custodial wallet of its own.
    const token = await accessTokenOf(page);
    const status = await apiCall<SocialAuthStatus>(baseUrl, 'GET', '/social-auth/status', token!);
    expect(status.envelope.data.socialStatuses.wallet.isActive).toBe(true);
    expect(status.envelope.data.methods.map((m) => [m.provider, m.subject.toLowerCase()])).toContainEqual([
      'evm',
      wallet.address.toLowerCase(),
    ]);
    await saveScreenshot(page, 'web-wallet-signed-in');

    // The same signature again is a replay: the nonce was used up (401).
    const replay = await fetch(`${baseUrl}/api/authentication/siwe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Source: 'website' },
      body: JSON.stringify(wallet.signed[0]),
    });
    expect(replay.status).toBe(401);
  });

  it('the same wallet signs in to the same account next time', async () => {
    const first = await installInjectedWallet(page);
    await page.goto('/register');
    await walletButton().click();
    await waitForPath(page, '/home');
    const { id } = await myProfile();
    await page.context().close();

    page = await newPhonePage(phone.browser, { baseURL: baseUrl });
    await installInjectedWallet(page, { privateKey: first.privateKey });
    await page.goto('/register');
    await walletButton().click();
    await waitForPath(page, '/home');
    expect((await myProfile()).id).toBe(id);
  });

  it('a wallet on a chain the server does not accept is asked to switch, then signs for chain 1', async () => {
    const wallet = await installInjectedWallet(page, { chainId: 56 });
    await page.goto('/register');
    await walletButton().click();
    await waitForPath(page, '/home');
    expect(wallet.calls.find((c) => c.method === 'wallet_switchEthereumChain')?.params).toEqual([
      { chainId: '0x1' },
    ]);
    expect(wallet.signed[0]?.message).toContain('\nChain ID: 1\n');
  });

  it('refusing in the wallet says so and signs nobody in', async () => {
    await installInjectedWallet(page, { rejectSignature: true });
    await page.goto('/register');
    await walletButton().click();
    await visible(page.getByRole('alert').filter({ hasText: 'You cancelled the request in your wallet.' }));
    expect(pathOf(page)).toBe('/register');
    expect(await accessTokenOf(page)).toBeNull();
    await saveScreenshot(page, 'web-wallet-rejected');
  });

  it('without a browser wallet the user is told to install one', async () => {
    await page.goto('/register');
    await walletButton().click();
    await visible(page.getByRole('alert').filter({ hasText: 'No browser wallet found.' }));
  });
});

describe('linking from /profile', () => {
  it('a phone user links a wallet; the wallet then signs in to that same account', async () => {
    const wallet = await installInjectedWallet(page);
    await signInByPhone(page, baseUrl);
    const { id } = await myProfile();
    await page.goto('/profile');
    const methods = page.locator('section', { has: page.getByRole('heading', { name: 'Sign-in methods' }) });
    const walletRow = methods.locator('li', { hasText: 'Wallet' });
    await walletRow.getByRole('button', { name: 'Link', exact: true }).click();
    await visible(methods.getByText('Linked.'));
    await visible(walletRow.getByText(`${wallet.address.slice(0, 6)}...${wallet.address.slice(-4)}`));
    await saveScreenshot(page, 'web-profile-wallet-linked');

    await page.context().close();
    page = await newPhonePage(phone.browser, { baseURL: baseUrl });
    await installInjectedWallet(page, { privateKey: wallet.privateKey });
    await page.goto('/register');
    await walletButton().click();
    await waitForPath(page, '/home');
    expect((await myProfile()).id).toBe(id);
  });

  it("a wallet user links a phone by SMS code: 'phone number successfully verified', then the page reloads after 4 s", async () => {
    await installInjectedWallet(page);
    await page.goto('/register');
    await walletButton().click();
    await waitForPath(page, '/home');
    await page.goto('/profile');
    const methods = page.locator('section', { has: page.getByRole('heading', { name: 'Sign-in methods' }) });
    await methods
      .locator('li', { hasText: 'Phone' })
      .getByRole('button', { name: 'Link', exact: true })
      .click();

    const phone = randomIndianMobile();
    await visible(methods.getByRole('heading', { name: 'Link your phone number' }));
    await methods.getByLabel('Country', { exact: true }).selectOption('IN');
    await methods.getByLabel('Phone number', { exact: true }).fill(phone.national);
    await methods.getByRole('button', { name: 'Send code', exact: true }).click();
    const code = await waitForCode(baseUrl, phone.e164);
    await methods.getByLabel('6-digit code', { exact: true }).fill(code);
    const started = Date.now();
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await methods.getByRole('button', { name: 'Verify', exact: true }).click();
    await visible(page.getByText('phone number successfully verified'));
    await saveScreenshot(page, 'web-profile-phone-verified');
    await reloaded;
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_500);
    expect((await myProfile()).phone_number).toBe(phone.e164);
    await visible(page.getByText(phone.national.slice(-5)).first());
  });
});
