import { toE164 } from '@khel/core/validation';

type CountryCode = Parameters<typeof toE164>[1];

export type PhoneCheck = { ok: true; e164: string } | { ok: false; error: 'indianMobile' | 'phoneInvalid' };

/**
 * SPEC §5: phone is validated per country; India needs 10 digits starting 6 to 9. Returns the
 * E.164 number to send, or the resource key of the error to show under the field.
 */
export function checkPhone(national: string, iso2: string): PhoneCheck {
  let e164: string | null = null;
  try {
    e164 = toE164(national, iso2 as CountryCode);
  } catch {
    // A country libphonenumber does not know: nothing valid can be typed for it.
    e164 = null;
  }
  if (e164) return { ok: true, e164 };
  return { ok: false, error: iso2 === 'IN' ? 'indianMobile' : 'phoneInvalid' };
}
