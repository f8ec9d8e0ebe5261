import { describe, expect, it } from 'vitest';
import { checkPhone } from './phone.ts';

describe('phone check per country (SPEC §5)', () => {
  it('accepts an Indian mobile (10 digits starting 6 to 9) and gives E.164', () => {
    expect(checkPhone('98765 43210', 'IN')).toEqual({ ok: true, e164: '+919876543210' });
    expect(checkPhone('6300123456', 'IN')).toEqual({ ok: true, e164: '+916300123456' });
    expect(checkPhone('7012345678', 'IN')).toEqual({ ok: true, e164: '+917012345678' });
  });

  it('refuses 12345 or a number starting 5 in India with the Indian mobile message', () => {
    expect(checkPhone('12345', 'IN')).toEqual({ ok: false, error: 'indianMobile' });
    expect(checkPhone('5876543210', 'IN')).toEqual({ ok: false, error: 'indianMobile' });
  });

  it('accepts a Brazilian mobile with its area code and refuses a short number', () => {
    expect(checkPhone('11 98765-4321', 'BR')).toEqual({ ok: true, e164: '+5511987654321' });
    expect(checkPhone('12345', 'BR')).toEqual({ ok: false, error: 'phoneInvalid' });
  });

  it('does not throw for a country the phone rules do not know', () => {
    expect(checkPhone('12345678', 'XX')).toEqual({ ok: false, error: 'phoneInvalid' });
  });
});
