import { describe, expect, it } from 'vitest';
import {
  INDIAN_MOBILE_MESSAGE,
  indianMobileSchema,
  isValidE164,
  isValidIndianMobile,
  nationalPhoneSchema,
  PHONE_INVALID_MESSAGE,
  phoneE164Schema,
  toE164,
} from './phone.ts';

describe('Indian mobile (SPEC §5: 10 digits starting 6 to 9)', () => {
  it.each(['6123456789', '7012345678', '8123456789', '9876543210', '98765 43210'])('accepts %s', (n) => {
    expect(isValidIndianMobile(n)).toBe(true);
  });

  it.each(['5123456789', '0987654321', '987654321', '98765432101', '98765abcde'])('refuses %s', (n) => {
    expect(isValidIndianMobile(n)).toBe(false);
    expect(indianMobileSchema.safeParse(n).error?.issues[0]?.message).toBe(INDIAN_MOBILE_MESSAGE);
  });

  it('toE164 for IN keeps the 6-9 rule even where libphonenumber would accept', () => {
    expect(toE164('9876543210', 'IN')).toBe('+919876543210');
    expect(toE164('+91 98765 43210', 'IN')).toBe('+919876543210');
    expect(toE164('5123456789', 'IN')).toBeNull();
    // A Delhi landline is a valid Indian number but not a mobile.
    expect(toE164('1123456789', 'IN')).toBeNull();
  });
});

describe('phone validated per country (SPEC §5)', () => {
  it('Brazil: a mobile is 11 digits with the area code', () => {
    expect(toE164('11 91234-5678', 'BR')).toBe('+5511912345678');
    expect(toE164('(21) 98765-4321', 'BR')).toBe('+5521987654321');
    // 10 digits without the leading 9 is not a mobile today.
    expect(toE164('11 1234 567', 'BR')).toBeNull();
  });

  it('Nepal: 98XXXXXXXX mobiles', () => {
    expect(toE164('9841234567', 'NP')).toBe('+9779841234567');
    expect(toE164('98412', 'NP')).toBeNull();
  });

  it('Bangladesh: 01XXXXXXXXX mobiles', () => {
    expect(toE164('01712345678', 'BD')).toBe('+8801712345678');
    expect(toE164('0171234', 'BD')).toBeNull();
  });

  it('United States: numbers that may be mobile are accepted', () => {
    expect(toE164('(201) 555-0123', 'US')).toBe('+12015550123');
    expect(toE164('555-0123', 'US')).toBeNull();
  });

  it('nationalPhoneSchema outputs E.164 and uses the phone message', () => {
    expect(nationalPhoneSchema('BR').parse(' 11 91234-5678 ')).toBe('+5511912345678');
    const result = nationalPhoneSchema('IN').safeParse('12345');
    expect(result.error?.issues[0]?.message).toBe(PHONE_INVALID_MESSAGE);
  });
});

describe('E.164 (the API contract)', () => {
  it.each(['+919876543210', '+5511912345678', '+9779841234567', '+8801712345678', '+12015550123'])(
    'accepts %s',
    (n) => {
      expect(isValidE164(n)).toBe(true);
      expect(phoneE164Schema.parse(` ${n} `)).toBe(n);
    },
  );

  it.each(['919876543210', '+915123456789', '+0123', '+55119', 'phone'])('refuses %s', (n) => {
    expect(isValidE164(n)).toBe(false);
    expect(phoneE164Schema.safeParse(n).error?.issues[0]?.message).toBe('Please enter a valid phone number');
  });
});
