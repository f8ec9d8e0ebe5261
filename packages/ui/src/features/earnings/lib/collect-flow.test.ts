import type { CollectResult, Payout, TaxInfo } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { blockedReason, collectView, kycLinkOf, PAYOUT_SLOW_AFTER_MS } from './collect-flow.ts';
import { kcashAmount, maskedBankOf, payAmountText } from './earning-money.ts';

const kcash = (amount: string) => ({ amount, currency: 'KCASH' as const, decimals: 3 });
const inr = (amount: string) => ({ amount, currency: 'INR' as const, decimals: 2 });
const PAYOUT: Payout = {
  id: '0b0c9a4e-3b7d-4c1e-9a2f-0d6b8e1c2a34',
  status: 'processing',
  method: 'bank',
  gross: kcash('5000000'),
  tds: kcash('1500000'),
  net: kcash('3500000'),
  payout: { gross: inr('41500'), tds: inr('12450'), net: inr('29050') },
  destination: { ifsc: 'HDFC0000001', last4: '9012', bankName: 'HDFC Bank' },
  failureReason: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  completedAt: null,
};
const RESULT: CollectResult = {
  destination: 'bank',
  earnings: [],
  gross: kcash('5000000'),
  tds: kcash('1500000'),
  net: kcash('3500000'),
  payout: PAYOUT,
};

describe('collectView', () => {
  it('confirms until the collect answered', () => {
    expect(collectView(null, undefined, null, 0)).toEqual({ step: 'confirm' });
  });

  it('a wallet collect (outside India) is done at once', () => {
    const wallet = { ...RESULT, destination: 'wallet' as const, payout: null };
    expect(collectView(wallet, undefined, null, 0)).toEqual({ step: 'done', result: wallet, payout: null });
  });

  it('a bank payout processes, is slow after 20 s, then succeeds or fails', () => {
    const start = 1_000_000;
    expect(collectView(RESULT, PAYOUT, start, start + 1000)).toMatchObject({
      step: 'processing',
      slow: false,
    });
    expect(PAYOUT_SLOW_AFTER_MS).toBe(20_000);
    expect(collectView(RESULT, PAYOUT, start, start + 19_999)).toMatchObject({
      step: 'processing',
      slow: false,
    });
    expect(collectView(RESULT, PAYOUT, start, start + 20_000)).toMatchObject({
      step: 'processing',
      slow: true,
    });
    const succeeded = { ...PAYOUT, status: 'succeeded' as const };
    expect(collectView(RESULT, succeeded, start, start + 3000)).toEqual({
      step: 'done',
      result: RESULT,
      payout: succeeded,
    });
    const failed = {
      ...PAYOUT,
      status: 'failed' as const,
      failureReason: 'Beneficiary bank rejected the transfer',
    };
    expect(collectView(RESULT, failed, start, start + 3000)).toEqual({
      step: 'failed',
      result: RESULT,
      payout: failed,
    });
  });

  it('uses the payout of the collect answer until the first poll', () => {
    expect(collectView(RESULT, undefined, 5, 10)).toMatchObject({ step: 'processing', payout: PAYOUT });
  });
});

describe('confirmation rules', () => {
  const info = (over: Partial<TaxInfo>): TaxInfo => ({
    region: 'IN',
    destination: 'bank',
    kycRequired: true,
    kycComplete: true,
    nextRequiredDoc: null,
    earningIds: ['0b0c9a4e-3b7d-4c1e-9a2f-0d6b8e1c2a34'],
    gross: kcash('5000000'),
    tds: kcash('1500000'),
    net: kcash('3500000'),
    payout: null,
    tax: null,
    bank: null,
    ...over,
  });

  it('KYC incomplete in India blocks the confirm and links to the next /kyc step', () => {
    const incomplete = info({ kycComplete: false, nextRequiredDoc: 'aadhaar' });
    expect(blockedReason(incomplete)).toBe('kyc');
    expect(kycLinkOf(incomplete)).toBe('/kyc?requiredDoc=aadhaar');
    expect(kycLinkOf(info({ nextRequiredDoc: null }))).toBe('/kyc?requiredDoc=pan');
  });

  it('nothing to collect blocks too; outside India KYC never does', () => {
    expect(blockedReason(info({ earningIds: [] }))).toBe('nothing');
    expect(blockedReason(info({ region: 'OTHER', kycRequired: false, kycComplete: false }))).toBeNull();
    expect(blockedReason(info({}))).toBeNull();
  });
});

describe('money texts', () => {
  it('K-Cash whole where the gamer reads, exact in the collect dialog; rupees with ₹ and paise', () => {
    expect(kcashAmount(kcash('1234500'))).toBe('1,234');
    expect(kcashAmount(kcash('1234500'), 'exact')).toBe('1,234.5');
    expect(kcashAmount(kcash('5000000'))).toBe('5,000');
    expect(payAmountText(inr('29050'))).toBe('₹290.50');
    expect(payAmountText(inr('12345600'))).toBe('₹1,23,456.00');
    expect(payAmountText({ amount: '1500000', currency: 'USDT', decimals: 6 })).toBe('1.50 USDT');
  });

  it('the masked bank account', () => {
    expect(maskedBankOf(PAYOUT.destination)).toEqual({ bankName: 'HDFC Bank', last4: '9012' });
    expect(maskedBankOf({ last4: '9012' })).toEqual({ bankName: null, last4: '9012' });
    expect(maskedBankOf(null)).toBeNull();
  });
});
