import { MONEY_WRITE_FORM_ERRORS } from '@khel/core/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { AMOUNT_TOO_LARGE_MESSAGE, LEDGER_KEY_REUSED_MESSAGE } from '../ledger/errors.ts';
import { signedInUser } from '../profile/profile.test-support.ts';

const apiPath = (url: string) => new URL(url).pathname.replace(/^\/api/, '');

describe('the client treats the ledger’s 422s on money writes as form errors', () => {
  it('knows their exact sentences', () => {
    expect(MONEY_WRITE_FORM_ERRORS).toContain(LEDGER_KEY_REUSED_MESSAGE);
    expect(MONEY_WRITE_FORM_ERRORS).toContain(AMOUNT_TOO_LARGE_MESSAGE);
  });
});

/**
 * The sandbox checkout sends the payer back to the page that started the payment (`return_url`, like
 * a real provider's success URL), only to our own pages; the screen there polls the deposit.
 */
describe.each(DB_KINDS)('sandbox checkout return_url on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const startDeposit = async () => {
    const { auth } = await signedInUser(ctx);
    const res = await ctx.json('/onramp/deposit', {
      method: 'POST',
      headers: auth,
      body: { amount: '84000', currency: 'INR' },
    });
    expect(res.status).toBe(201);
    const { depositId, checkoutUrl } = res.body.data as { depositId: string; checkoutUrl: string };
    return { auth, depositId, checkoutUrl, origin: new URL(checkoutUrl).origin };
  };
  const post = (checkoutUrl: string, form: Record<string, string>) =>
    ctx.app.request(apiPath(checkoutUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });

  it('carries an own return_url through the form and redirects there after paying', async () => {
    const { auth, depositId, checkoutUrl, origin } = await startDeposit();
    const back = `${origin}/buy-kcash/?deposit=${depositId}`;
    const page = await ctx.app.request(`${apiPath(checkoutUrl)}?return_url=${encodeURIComponent(back)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="return_url"');
    expect(html).toContain('Pay 840.00 INR');
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${origin}`);

    const paid = await post(checkoutUrl, { outcome: 'succeed', return_url: back });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(back);
    const status = await ctx.json(`/onramp/deposit/${depositId}`, { headers: auth });
    expect(status.body.data.status).toBe('credited');
  });

  it('a declined payment goes back too, and the deposit is failed', async () => {
    const { auth, depositId, checkoutUrl, origin } = await startDeposit();
    const back = `${origin}/tma/buy-kcash/?deposit=${depositId}`;
    const res = await post(checkoutUrl, { outcome: 'fail', return_url: back });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(back);
    const status = await ctx.json(`/onramp/deposit/${depositId}`, { headers: auth });
    expect(status.body.data.status).toBe('failed');
  });

  it('ignores a return_url on another site (no open redirect), and still pays', async () => {
    const { auth, depositId, checkoutUrl } = await startDeposit();
    const evil = 'https://evil.example/steal';
    const page = await ctx.app.request(`${apiPath(checkoutUrl)}?return_url=${encodeURIComponent(evil)}`);
    expect(await page.text()).not.toContain('evil.example');
    const paid = await post(checkoutUrl, { outcome: 'succeed', return_url: evil });
    expect(paid.status).toBe(200);
    expect(paid.headers.get('location')).toBeNull();
    expect(await paid.text()).toContain('Payment complete');
    const status = await ctx.json(`/onramp/deposit/${depositId}`, { headers: auth });
    expect(status.body.data.status).toBe('credited');
  });

  it('a closed checkout links back to Khel', async () => {
    const { checkoutUrl, origin, depositId } = await startDeposit();
    await post(checkoutUrl, { outcome: 'succeed' });
    const back = `${origin}/buy-kcash/?deposit=${depositId}`;
    const page = await ctx.app.request(`${apiPath(checkoutUrl)}?return_url=${encodeURIComponent(back)}`);
    const html = await page.text();
    expect(html).toContain('Payment closed');
    expect(html).toContain(`href="${back.replace(/&/g, '&amp;')}"`);
  });
});
