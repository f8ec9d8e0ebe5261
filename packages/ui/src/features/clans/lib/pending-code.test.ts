import { describe, expect, it } from 'vitest';
import {
  CODE_LIFE_AFTER_WAIT_MS,
  keepPendingCode,
  PENDING_CODE_KEY,
  readPendingCode,
  sendRefusalOf,
  splitPhone,
} from './pending-code.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe("the chief's pending phone code (kept for the tab, so a reload keeps its field)", () => {
  it('is kept and read back until it expires, and forgotten on demand', () => {
    const storage = memoryStorage();
    const code = { phone: '+919876543210', resendAt: 1_180_000, expiresAt: 1_600_000 };
    keepPendingCode(storage, code);
    expect(readPendingCode(storage, 1_000_000)).toEqual(code);
    expect(readPendingCode(storage, 1_600_000)).toBeNull();
    keepPendingCode(storage, null);
    expect(readPendingCode(storage, 1_000_000)).toBeNull();
    storage.setItem(PENDING_CODE_KEY, '{not json');
    expect(readPendingCode(storage, 0)).toBeNull();
    storage.setItem(PENDING_CODE_KEY, JSON.stringify({ phone: 5 }));
    expect(readPendingCode(storage, 0)).toBeNull();
    expect(readPendingCode(null, 0)).toBeNull();
  });

  it("a 429 'wait' means a code is on its way to that phone: its field, with the wait before a new one", () => {
    const wait = { status: 429, messageCode: 'OTP_WAIT', data: { retryLoginAfter: 120_000 } };
    expect(sendRefusalOf(wait, '+919876543210', 1_000)).toEqual({
      kind: 'code-on-its-way',
      pending: { phone: '+919876543210', resendAt: 121_000, expiresAt: 121_000 + CODE_LIFE_AFTER_WAIT_MS },
    });
    const tooMany = { status: 429, messageCode: 'OTP_TOO_MANY', data: { retryLoginAfter: 600_000 } };
    expect(sendRefusalOf(tooMany, '+919876543210', 1_000)).toEqual({ kind: 'wait', until: 601_000 });
    expect(sendRefusalOf({ status: 400, messageCode: 'PHONE_INVALID', data: null }, '+91', 0)).toEqual({
      kind: 'other',
    });
    expect(sendRefusalOf(null, '+91', 0)).toEqual({ kind: 'other' });
  });

  it('splits a number into a clan country and its national part', () => {
    expect(splitPhone('+919876543210')).toEqual({ country: 'IN', national: '9876543210' });
    expect(splitPhone('+5511990000001')).toEqual({ country: 'BR', national: '11990000001' });
    expect(splitPhone('+8801712345678')).toEqual({ country: 'BD', national: '1712345678' });
    expect(splitPhone('+14155550100')).toBeNull();
  });
});
