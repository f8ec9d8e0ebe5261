import type { CountryCode } from 'libphonenumber-js/mobile';
import { z } from 'zod';
import { parsePhoneNumberFromString } from '#phone-numbers';

import { INDIAN_MOBILE_MESSAGE, PHONE_INVALID_MESSAGE } from './phone-messages.ts';

export { INDIAN_MOBILE_MESSAGE, PHONE_INVALID_MESSAGE };

/** SPEC §5: an Indian mobile is 10 digits starting 6 to 9. */
export const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;

/**
 * Uses libphonenumber-js's mobile metadata: far smaller than the full set (it ships on the first
 * screen), and exactly the numbers a sign-in code can be sent to.
 *
 * Validates a national number typed for a country (SPEC §5: phone is validated per country)
 * and returns it in E.164, or null when it is not a valid mobile-capable number there.
 */
export function toE164(national: string, country: CountryCode): string | null {
  const digits = national.replace(/[\s()-]/g, '');
  if (country === 'IN' && !INDIAN_MOBILE_PATTERN.test(digits.replace(/^\+?91/, ''))) return null;
  // Mobile metadata: `isValid()` accepts only numbers that can be mobiles there (sign-in codes go by SMS).
  const parsed = parsePhoneNumberFromString(digits, country);
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** True when `e164` is a valid number in E.164 form (`+` and digits, valid for its country). */
export function isValidE164(e164: string): boolean {
  if (!/^\+[1-9]\d{6,14}$/.test(e164)) return false;
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.isValid()) return false;
  if (parsed.country === 'IN') return INDIAN_MOBILE_PATTERN.test(parsed.nationalNumber);
  return true;
}

/** A phone number in E.164, valid for the country its calling code names. */
export const phoneE164Schema = /* @__PURE__ */ z
  .string({ error: PHONE_INVALID_MESSAGE })
  .trim()
  .refine(isValidE164, { message: PHONE_INVALID_MESSAGE });

/** SPEC §5: 10 digits, the first 6, 7, 8 or 9 (spaces and dashes ignored). */
export function isValidIndianMobile(value: string): boolean {
  return INDIAN_MOBILE_PATTERN.test(value.replace(/[\s-]/g, ''));
}

export const indianMobileSchema = /* @__PURE__ */ z
  .string({ error: INDIAN_MOBILE_MESSAGE })
  .trim()
  .refine(isValidIndianMobile, { message: INDIAN_MOBILE_MESSAGE });

/**
 * A number as typed in a form for `country` (national digits, or with its `+` calling code);
 * the output is the E.164 form, so the form can send it straight to the API.
 */
export function nationalPhoneSchema(country: CountryCode) {
  return z
    .string({ error: PHONE_INVALID_MESSAGE })
    .trim()
    .transform((value, ctx) => {
      const e164 = toE164(value, country);
      if (e164 === null) {
        ctx.addIssue({ code: 'custom', message: PHONE_INVALID_MESSAGE, input: value });
        return z.NEVER;
      }
      return e164;
    });
}
