import { describe, expect, it } from 'vitest';
import { moneyText } from '../../../lib/money-text.ts';
import { BALANCE } from '../../../test/money-fixtures.ts';
import {
  checkoutUrlWithReturn,
  DEPOSIT_SLOW_AFTER_MS,
  depositPollInterval,
  depositView,
  rememberCheckout,
  rememberedCheckout,
} from './deposit-progress.ts';
import { availableToSwap, previewSwap, SWAP_SOURCES, swapTargetsOf } from './swap-preview.ts';

describe('swap preview (the contract’s rate table, exact conversion)', () => {
  it('offers USDT and rKHEL as sources, USDT → K-Cash at 1:1000', () => {
    expect(SWAP_SOURCES).toEqual(['RKHEL', 'USDT']);
    expect(swapTargetsOf('USDT')).toEqual(['KCASH']);
    expect(swapTargetsOf('RKHEL')).toEqual(['KCASH', 'USDT']);
    const p = previewSwap('USDT', 'KCASH', 2_500_000n, 3_500_000n);
    expect(p).toMatchObject({ kind: 'ok', received: 2_500_000n, remainder: 0n });
    expect(moneyText({ amount: (p as { received: bigint }).received, currency: 'KCASH' })).toBe(
      '2,500\u00a0K\u2011Cash',
    );
  });

  it('shows the remainder too small to convert, and too-small and short amounts', () => {
    // 1 rKHEL = 100 K-Cash: 10 rKHEL minor units make 1 K-Cash minor unit.
    expect(previewSwap('RKHEL', 'KCASH', 1_000_009n, null)).toMatchObject({
      kind: 'ok',
      received: 100_000n,
      remainder: 9n,
    });
    expect(previewSwap('RKHEL', 'KCASH', 9n, null)).toMatchObject({ kind: 'too-small' });
    expect(previewSwap('USDT', 'KCASH', 4_000_000n, 3_500_000n)).toMatchObject({ kind: 'short' });
    expect(previewSwap('USDT', 'KCASH', null, 3_500_000n)).toEqual({ kind: 'empty' });
    expect(previewSwap('KCASH', 'USDT', 1n, null)).toEqual({ kind: 'unsupported' });
    expect(availableToSwap(BALANCE(), 'USDT')).toBe(3_500_000n);
  });
});

describe('deposit progress', () => {
  it('maps statuses to what the screen shows; slow after a while pending', () => {
    expect(depositView('pending', 0)).toBe('processing');
    expect(depositView(undefined, 0)).toBe('processing');
    expect(depositView('pending', DEPOSIT_SLOW_AFTER_MS)).toBe('slow');
    expect(depositView('paid', DEPOSIT_SLOW_AFTER_MS + 1)).toBe('slow');
    expect(depositView('credited', 0)).toBe('success');
    expect(depositView('failed', 0)).toBe('failed');
    expect(depositView('expired', 0)).toBe('failed');
    expect(depositView('refund_due', 0)).toBe('refund_due');
  });

  it('polls while open and stops once settled', () => {
    expect(depositPollInterval('pending', 0)).toBe(2_000);
    expect(depositPollInterval('pending', 120_000)).toBe(5_000);
    expect(depositPollInterval('credited', 0)).toBe(false);
    expect(depositPollInterval('expired', 0)).toBe(false);
  });

  it('adds the return address to the checkout and remembers it for the tab', () => {
    const url = checkoutUrlWithReturn(
      'http://127.0.0.1:8080/api/sandbox/payments/sbpay_1',
      'http://127.0.0.1:8080/buy-kcash/?deposit=d1',
    );
    expect(new URL(url).searchParams.get('return_url')).toBe('http://127.0.0.1:8080/buy-kcash/?deposit=d1');
    const store = new Map<string, string>();
    const storage = {
      setItem: (k: string, v: string) => void store.set(k, v),
      getItem: (k: string) => store.get(k) ?? null,
    };
    rememberCheckout(storage, 'd1', url);
    expect(rememberedCheckout(storage, 'd1')).toBe(url);
    expect(rememberedCheckout(storage, 'd2')).toBeNull();
  });
});
