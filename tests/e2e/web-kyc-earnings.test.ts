/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { AuthResult } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { earningsEn } from '../../packages/ui/src/i18n/resources/earnings-en.ts';
import { earningsHi } from '../../packages/ui/src/i18n/resources/earnings-hi.ts';
import { earningsPtBR } from '../../packages/ui/src/i18n/resources/earnings-pt-br.ts';
import { kycEn } from '../../packages/ui/src/i18n/resources/kyc-en.ts';
import { kycHi } from '../../packages/ui/src/i18n/resources/kyc-hi.ts';
import { kycPtBR } from '../../packages/ui/src/i18n/resources/kyc-pt-br.ts';
import {
  completeKycByApi,
  earningOf,
  grantEarning,
  kycStatus,
  randomAadhaar,
  randomAccount,
  randomPan,
  rupees,
  SBI_IFSC,
  taxInfo,
  waitForKyc,
} from './support/kyc-earnings.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { saveViewportScreenshot } from './support/telegram-client.ts';
import { saveScreenshot, visible, waitForPath } from './support/ui.ts';
import { apiCall, apiSignInByPhone, apiSignInWithGoogle, startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;

let page: Page;
usePhonePage(baseUrl, (p) => {
  page = p;
});

/** A user placed in India without an SMS code (sandbox codes are capped per IP): Google, then country IN. */
async function indianUserWithoutSms(): Promise<AuthResult> {
  const auth = await apiSignInWithGoogle(baseUrl);
  const patched = await apiCall(baseUrl, 'PATCH', '/users/me/profile', auth.accessToken, { country: 'IN' });
  if (patched.status !== 200)
    throw new Error(`PATCH profile answered ${patched.status}: ${patched.envelope.message}`);
  return auth;
}

const stepSection = () => page.locator('section.kyc-step');

/** The whole page from the top (the sticky header where it belongs) as test-results/e2e/<name>.png. */
async function shot(name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

describe('/kyc and /collect-earnings: an Indian user', () => {
  it('completes PAN, Aadhaar and bank with each decision arriving live, then collects with TDS shown', async () => {
    // A +91 phone places the user in India (SPEC §6).
    const auth = await apiSignInByPhone(baseUrl);
    const token = auth.accessToken;
    const earning = await grantEarning(baseUrl, token, {
      amount: '5000000',
      title: 'Summer Cup quest',
      source: 'kquest',
    });
    await startSession(page, baseUrl, auth);

    const streams: string[] = [];
    const collectKeys: string[] = [];
    const statusReads: number[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes('/api/kyc/verification-check')) streams.push(request.headers().authorization ?? '');
      if (url.endsWith('/api/kyc/status')) statusReads.push(Date.now());
      if (request.method() === 'POST' && url.includes('/api/collect-earning/'))
        collectKeys.push(request.headers()['idempotency-key'] ?? '');
    });

    // The earning is ready; collecting it first asks for KYC.
    await page.goto('/collect-earnings');
    await visible(page.getByRole('heading', { level: 1, name: earningsEn.title }));
    const card = page.locator('li.earning').filter({ hasText: 'Summer Cup quest' });
    await visible(card.locator('.earning-status', { hasText: earningsEn.status.READY_TO_COLLECT }));
    await visible(card.getByText('5,000 K-Cash'));
    await visible(card.getByText('K-QUEST'));
    await shot('web-earnings-ready');
    await card.getByRole('button', { name: earningsEn.actions.collect }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(earningsEn.confirm.kycIncomplete));
    expect(await dialog.getByRole('button', { name: earningsEn.confirm.confirm }).count()).toBe(0);
    await saveViewportScreenshot(page, 'web-earnings-kyc-needed');
    await dialog.getByRole('link', { name: earningsEn.confirm.kycCta }).click();
    await waitForPath(page, '/kyc');
    expect(new URL(page.url()).searchParams.get('requiredDoc')).toBe('pan');

    // PAN: upper-cased as typed, the holder type from the 4th letter.
    const pan = randomPan();
    await visible(stepSection().getByRole('heading', { name: kycEn.pan.title }));
    await page.getByLabel(kycEn.pan.number, { exact: true }).fill(pan.toLowerCase());
    expect(await page.getByLabel(kycEn.pan.number, { exact: true }).inputValue()).toBe(pan);
    await visible(page.getByText('Holder type: Individual'));
    await page.getByLabel(kycEn.pan.name, { exact: true }).fill('Arjun Mehta');
    // The API's own answer to the submit (the provider decides later, through a job: a second look at
    // the status could already find the decision on a loaded machine).
    const submitted = page.waitForResponse(
      (r) => r.url().endsWith('/api/kyc/verify-pan') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: kycEn.pan.submit }).click();
    expect(((await (await submitted).json()) as { data: { status: string } }).data.status).toBe('pending');
    // Pending until the provider decides: never shown as verified on the format check.
    await visible(stepSection().locator('.kyc-panel--pending'));
    expect(await stepSection().locator('.kyc-panel--verified').count()).toBe(0);
    await shot('web-kyc-pan-pending');
    // The decision arrives through the verification-check stream, without a reload.
    await visible(page.getByText('PAN verified.'), 20_000);
    await visible(stepSection().locator('.kyc-panel--verified'));
    expect(streams.length).toBeGreaterThan(0);
    expect(streams[0]).toBe(`Bearer ${token}`);
    await shot('web-kyc-pan-verified');

    // Aadhaar: grouped 4-4-4, Verhoeff checked before anything is sent, consent needed.
    await page.getByRole('button', { name: 'Continue to Aadhaar' }).click();
    await visible(stepSection().getByRole('heading', { name: kycEn.aadhaar.title }));
    const aadhaar = randomAadhaar();
    const wrong = `${aadhaar.slice(0, 11)}${(Number(aadhaar[11]) + 1) % 10}`;
    const aadhaarField = page.getByLabel(kycEn.aadhaar.number, { exact: true });
    await aadhaarField.fill(wrong);
    expect(await aadhaarField.inputValue()).toBe(wrong.replace(/(\d{4})(\d{4})(\d{4})/, '$1 $2 $3'));
    const aadhaarPosts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/kyc/verify-aadhaar')) aadhaarPosts.push(r.method());
    });
    await page.getByRole('button', { name: kycEn.aadhaar.submit }).click();
    await visible(page.getByText(kycEn.aadhaar.errors.checksum));
    await visible(page.getByText(kycEn.aadhaar.errors.consent));
    expect(aadhaarPosts).toEqual([]);
    await shot('web-kyc-aadhaar-errors');
    await aadhaarField.fill(aadhaar);
    await page.getByLabel(kycEn.aadhaar.consent).check();
    await page.getByRole('button', { name: kycEn.aadhaar.submit }).click();
    const lastFour = `XXXX XXXX ${aadhaar.slice(-4)}`;
    await visible(stepSection().locator('.kyc-panel--pending').getByText(lastFour));
    expect(aadhaarPosts).toEqual(['POST']);
    // Only the last 4 digits anywhere: not in the page, not in any storage.
    const kept = await page.evaluate(
      () => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.body.textContent,
    );
    expect(kept).not.toContain(aadhaar);
    expect(kept).not.toContain(aadhaar.replace(/(\d{4})(\d{4})(\d{4})/, '$1 $2 $3'));
    await visible(page.getByText('Aadhaar verified.'), 20_000);

    // Bank: the account number typed twice, the IFSC; the holder name starts as the PAN's.
    await page.getByRole('button', { name: 'Continue to Bank account' }).click();
    await visible(stepSection().getByRole('heading', { name: kycEn.bank.title }));
    const account = randomAccount();
    await page.getByLabel(kycEn.bank.accountNumber, { exact: true }).fill(account);
    const typo = `${account.slice(0, -1)}${(Number(account.at(-1)) + 1) % 10}`;
    await page.getByLabel(kycEn.bank.confirmAccountNumber, { exact: true }).fill(typo);
    await page.getByLabel(kycEn.bank.ifsc, { exact: true }).fill(SBI_IFSC.toLowerCase());
    expect(await page.getByLabel(kycEn.bank.holderName, { exact: true }).inputValue()).toBe('Arjun Mehta');
    await page.getByRole('button', { name: kycEn.bank.submit }).click();
    await visible(page.getByText(kycEn.bank.errors.mismatch));
    await shot('web-kyc-bank-mismatch');
    await page.getByLabel(kycEn.bank.confirmAccountNumber, { exact: true }).fill(account);
    await page.getByRole('button', { name: kycEn.bank.submit }).click();
    const pending = stepSection().locator('.kyc-panel--pending');
    await visible(pending.getByText(`XXXXXXXX${account.slice(-4)}`));
    // The bank the IFSC belongs to, shown after submission.
    await visible(pending.getByText('State Bank of India'));
    await visible(pending.getByText(SBI_IFSC));
    await visible(page.getByText('Bank account verified.'), 20_000);
    await visible(page.getByRole('heading', { name: kycEn.complete.title }));
    await visible(page.getByRole('button', { name: kycEn.bank.update }));
    await shot('web-kyc-complete');
    expect((await kycStatus(baseUrl, token)).complete).toBe(true);
    // The stream carried the decisions: the page did not need to poll GET /kyc/status every few seconds.
    expect(statusReads.length).toBeLessThan(10);

    // Collect: the confirmation shows gross, TDS 30% under Section 194BA, net and the bank.
    await page.getByRole('link', { name: kycEn.complete.cta }).click();
    await waitForPath(page, '/collect-earnings');
    const info = await taxInfo(baseUrl, token, earning.id);
    if (!info.payout || !info.tax) throw new Error('An Indian collect has rupee figures and a tax section');
    expect(info.tax.exempt).toBe(false);
    await page
      .locator('li.earning')
      .filter({ hasText: 'Summer Cup quest' })
      .getByRole('button', { name: earningsEn.actions.collect })
      .click();
    const confirm = page.getByRole('dialog');
    await visible(confirm.getByText('TDS 30% (Section 194BA)'));
    await visible(confirm.getByText(`− ${rupees(info.payout.tds.amount)}`));
    await visible(confirm.getByText(rupees(info.payout.gross.amount), { exact: true }));
    await visible(confirm.getByText(rupees(info.payout.net.amount), { exact: true }));
    await visible(confirm.getByText(`State Bank of India ••••${account.slice(-4)}`));
    await visible(confirm.getByText(`Financial year ${info.tax.financialYear}`, { exact: false }));
    await saveViewportScreenshot(page, 'web-earnings-confirm-tds');
    await confirm.getByRole('button', { name: earningsEn.confirm.confirm }).click();
    // The payout processes (the sandbox bank answers after a few seconds), then the receipt.
    await visible(confirm.getByRole('heading', { name: earningsEn.progress.title }));
    await saveViewportScreenshot(page, 'web-earnings-processing');
    await visible(confirm.getByRole('heading', { name: earningsEn.receipt.title }), 20_000);
    await visible(
      confirm.getByText(
        `${rupees(info.payout.net.amount)} paid to State Bank of India ••••${account.slice(-4)}.`,
      ),
    );
    await saveViewportScreenshot(page, 'web-earnings-receipt');
    expect(collectKeys).toHaveLength(1);
    expect(collectKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await confirm.getByRole('button', { name: earningsEn.receipt.done }).click();
    await visible(
      page
        .locator('li.earning')
        .filter({ hasText: 'Summer Cup quest' })
        .locator('.earning-status', { hasText: earningsEn.status.COLLECTED }),
    );
    expect((await earningOf(baseUrl, token, earning.id))?.displayStatus).toBe('COLLECTED');
  });

  it('a payout the bank rejects shows Payment Failed, and the earning can be collected again', async () => {
    const auth = await indianUserWithoutSms();
    const token = auth.accessToken;
    await completeKycByApi(baseUrl, token, { accountNumber: randomAccount('1111') });
    const earning = await grantEarning(baseUrl, token, {
      amount: '3000000',
      title: 'Drop reward',
      source: 'kdrop',
    });
    await startSession(page, baseUrl, auth);
    const keys: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/collect-earning/'))
        keys.push(r.headers()['idempotency-key'] ?? '');
    });

    await page.goto('/collect-earnings');
    await page.getByRole('button', { name: earningsEn.actions.collectAll }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: earningsEn.confirm.confirm }).click();
    await visible(dialog.getByRole('heading', { name: 'Payment Failed, Please try again!' }), 20_000);
    await visible(dialog.getByText('Reason: Beneficiary bank rejected the transfer'));
    await saveViewportScreenshot(page, 'web-earnings-payment-failed');
    expect((await earningOf(baseUrl, token, earning.id))?.displayStatus).toBe('FAILED');

    // Try again opens a new confirmation (a new Idempotency-Key for a new attempt).
    await dialog.getByRole('button', { name: earningsEn.failed.retry }).click();
    await visible(dialog.getByRole('button', { name: earningsEn.confirm.confirm }));
    await dialog.getByRole('button', { name: earningsEn.close }).first().click();
    const card = page.locator('li.earning').filter({ hasText: 'Drop reward' });
    await visible(card.locator('.earning-status', { hasText: earningsEn.status.FAILED }));
    await visible(card.getByText('K-DROP'));
    await page.getByRole('button', { name: earningsEn.status.FAILED, exact: true }).click();
    await visible(page.locator('li.earning').filter({ hasText: 'Drop reward' }));
    await card.getByRole('button', { name: earningsEn.actions.collectAgain }).click();
    await visible(dialog.getByRole('button', { name: earningsEn.confirm.confirm }));
    expect(keys).toHaveLength(1);
  });

  it('a user outside India learns KYC is not needed', async () => {
    const auth = await apiSignInWithGoogle(baseUrl);
    await startSession(page, baseUrl, auth);
    await page.goto('/kyc?requiredDoc=pan');
    await visible(page.getByRole('heading', { name: kycEn.notRequired.title }));
    await page.getByRole('link', { name: kycEn.notRequired.cta }).click();
    await waitForPath(page, '/collect-earnings');
    await visible(page.getByText('Looks like there is nothing here yet'));
    await shot('web-earnings-empty');
  });
});

// English is the journey above, screen by screen: the other two languages walk it again in their texts.
const LANGUAGES = [
  { code: 'hi', kyc: kycHi, earnings: earningsHi },
  { code: 'pt-BR', kyc: kycPtBR, earnings: earningsPtBR },
] as const;

describe('screens in every language (390×844 screenshots under test-results/e2e)', () => {
  for (const { code, kyc, earnings } of LANGUAGES) {
    it(`${code}`, async () => {
      const auth = await indianUserWithoutSms();
      const token = auth.accessToken;
      await grantEarning(baseUrl, token, { amount: '5000000', title: 'Summer Cup quest', source: 'kquest' });
      await grantEarning(baseUrl, token, { amount: '1250500', title: 'Clan week', source: 'clanchieflite' });
      await page.addInitScript(
        (language: string) => localStorage.setItem('khel-pref.language', language),
        code,
      );
      await startSession(page, baseUrl, auth);

      await page.goto('/kyc?requiredDoc=pan');
      await visible(stepSection().getByRole('heading', { name: kyc.pan.title }));
      await page.getByLabel(kyc.pan.number, { exact: true }).fill('ABCPE');
      await page.getByLabel(kyc.pan.name, { exact: true }).fill('A1');
      await page.getByRole('button', { name: kyc.pan.submit }).click();
      await visible(page.getByText(kyc.pan.errors.format));
      await shot(`${code}-web-kyc-pan-errors`);

      await page.getByLabel(kyc.pan.number, { exact: true }).fill(randomPan());
      await page.getByLabel(kyc.pan.name, { exact: true }).fill('Arjun Mehta');
      await page.getByRole('button', { name: kyc.pan.submit }).click();
      await visible(stepSection().locator('.kyc-panel--pending'));
      await shot(`${code}-web-kyc-pending`);
      await visible(stepSection().locator('.kyc-panel--verified'), 20_000);
      await shot(`${code}-web-kyc-verified`);

      await page.goto('/kyc?requiredDoc=bank');
      await visible(stepSection().getByRole('heading', { name: kyc.bank.title }));
      await shot(`${code}-web-kyc-bank`);

      await page.goto('/collect-earnings');
      await visible(page.locator('li.earning').first());
      await shot(`${code}-web-earnings`);
      await page.getByRole('button', { name: earnings.actions.collectAll }).click();
      await visible(page.getByRole('dialog').getByText(earnings.confirm.kycIncomplete));
      await saveViewportScreenshot(page, `${code}-web-earnings-kyc-needed`);

      const aadhaar = await apiCall(baseUrl, 'POST', '/kyc/verify-aadhaar', token, {
        aadhaar: randomAadhaar(),
        consent: true,
      });
      expect(aadhaar.status).toBe(202);
      const bank = await apiCall(baseUrl, 'POST', '/kyc/verify-bank', token, {
        accountNumber: randomAccount(),
        ifsc: SBI_IFSC,
        holderName: 'Arjun Mehta',
      });
      expect(bank.status).toBe(202);
      await waitForKyc(baseUrl, token, (s) => s.complete);
      await page.goto('/kyc');
      await visible(page.getByRole('heading', { name: kyc.complete.title }));
      await shot(`${code}-web-kyc-complete`);

      await page.goto('/collect-earnings');
      await page.getByRole('button', { name: earnings.actions.collectAll }).click();
      const dialog = page.getByRole('dialog');
      await visible(dialog.getByRole('button', { name: earnings.confirm.confirm }));
      await saveViewportScreenshot(page, `${code}-web-earnings-confirm`);
      await dialog.getByRole('button', { name: earnings.confirm.confirm }).click();
      await visible(dialog.getByRole('heading', { name: earnings.progress.title }));
      await saveViewportScreenshot(page, `${code}-web-earnings-processing`);
      await visible(dialog.getByRole('heading', { name: earnings.receipt.title }), 20_000);
      await saveViewportScreenshot(page, `${code}-web-earnings-receipt`);
      await dialog.getByRole('button', { name: earnings.receipt.done }).click();
      await visible(page.locator('.earning-status', { hasText: earnings.status.COLLECTED }).first());
      await shot(`${code}-web-earnings-collected`);
    });
  }
});
