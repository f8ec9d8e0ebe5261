import { ApiError, createApiClient, type FetchInit, IDEMPOTENCY_KEY_HEADER_NAME } from '@khel/core/client';
import type { CollectResult, EarningsAggregate, TaxInfo } from '@khel/core/contract';
import { createSessionStore, memoryStorage } from '@khel/core/session';
import { describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '../../../test/fake-api.ts';
import { collectEarnings } from './collect-earnings.ts';
import { getEarnings } from './get-earnings.ts';
import { getEarningsAggregate } from './get-earnings-aggregate.ts';
import { getPayout } from './get-payout.ts';
import { getTaxInfo } from './get-tax-info.ts';

const ID = '0b0c9a4e-3b7d-4c1e-9a2f-0d6b8e1c2a34';
const kcash = (amount: string) => ({ amount, currency: 'KCASH' as const, decimals: 3 });
const WALLET_RESULT: CollectResult = {
  destination: 'wallet',
  earnings: [],
  gross: kcash('5000'),
  tds: kcash('0'),
  net: kcash('5000'),
  payout: null,
};
const AGGREGATE: EarningsAggregate = {
  readyToCollect: kcash('5000'),
  distributing: kcash('0'),
  collected: kcash('0'),
  failed: kcash('0'),
  expired: kcash('0'),
  counts: { readyToCollect: 1, distributing: 0, collected: 0, failed: 0, expired: 0 },
};
const TAX_INFO: TaxInfo = {
  region: 'OTHER',
  destination: 'wallet',
  kycRequired: false,
  kycComplete: false,
  nextRequiredDoc: null,
  earningIds: [ID],
  gross: kcash('5000'),
  tds: kcash('0'),
  net: kcash('5000'),
  payout: null,
  tax: null,
  bank: null,
};

describe('earnings requests', () => {
  it('list (page, status), aggregate, tax info (one or all) and payout go to the SPEC §7 collect-earning paths', async () => {
    const api = fakeApi({
      'GET /api/collect-earning/list': [
        envelope(200, { list: [], page: 2, limit: 20, offset: 20, isLastCard: true }),
      ],
      'GET /api/collect-earning/aggregate': [envelope(200, AGGREGATE)],
      'GET /api/collect-earning/tax-info': [envelope(200, TAX_INFO), envelope(200, TAX_INFO)],
      [`GET /api/collect-earning/payouts/${ID}`]: [envelope(404, null, 'Payout not found')],
    });
    expect((await getEarnings(api.client, { page: 2, status: 'FAILED' })).isLastCard).toBe(true);
    expect(await getEarningsAggregate(api.client)).toEqual(AGGREGATE);
    await getTaxInfo(api.client, ID);
    await getTaxInfo(api.client, null);
    await expect(getPayout(api.client, ID)).rejects.toMatchObject({
      status: 404,
      message: 'Payout not found',
    });
    expect(api.calls.map((c) => c.url)).toEqual([
      '/api/collect-earning/list?page=2&status=FAILED',
      '/api/collect-earning/aggregate',
      `/api/collect-earning/tax-info?earningId=${ID}`,
      '/api/collect-earning/tax-info',
      `/api/collect-earning/payouts/${ID}`,
    ]);
  });

  it('collect one and collect all send the confirmation’s Idempotency-Key, the same one on a retry', async () => {
    const api = fakeApi({
      [`POST /api/collect-earning/${ID}/collect`]: [new Error('network down'), envelope(200, WALLET_RESULT)],
      'POST /api/collect-earning/collect-all': [envelope(200, WALLET_RESULT)],
    });
    await expect(collectEarnings(api.client, ID, 'key-1')).rejects.toMatchObject({ status: 0 });
    expect(await collectEarnings(api.client, ID, 'key-1')).toEqual(WALLET_RESULT);
    await collectEarnings(api.client, null, 'key-2');
    expect(api.calls.map((c) => [c.url, c.headers[IDEMPOTENCY_KEY_HEADER_NAME]])).toEqual([
      [`/api/collect-earning/${ID}/collect`, 'key-1'],
      [`/api/collect-earning/${ID}/collect`, 'key-1'],
      ['/api/collect-earning/collect-all', 'key-2'],
    ]);
  });

  it('SPEC §8: a 422 on a collect-earning path is thrown with its message, never the wallet modal', async () => {
    const onWalletError = vi.fn();
    const session = createSessionStore(memoryStorage());
    session.setTokens({ accessToken: 'access-1' });
    const client = createApiClient({
      baseUrl: '/api',
      source: 'website',
      session,
      onWalletError,
      logger: { error: () => {} },
      fetch: async (_url: string, _init: FetchInit) => ({
        status: 422,
        ok: false,
        text: async () =>
          JSON.stringify({
            success: false,
            status: 422,
            data: { nextRequiredDoc: 'bank' },
            message: 'Complete your KYC (PAN, Aadhaar and bank account) to collect earnings.',
          }),
      }),
    });
    const failure = await collectEarnings(client, null, 'key-3').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 422,
      message: 'Complete your KYC (PAN, Aadhaar and bank account) to collect earnings.',
    });
    expect(onWalletError).not.toHaveBeenCalled();
  });
});
