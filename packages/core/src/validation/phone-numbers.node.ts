import { createRequire } from 'node:module';
import type { CountryCode, PhoneNumber } from 'libphonenumber-js/mobile';

/**
 * libphonenumber-js (mobile metadata) as phone.ts uses it, in Node processes (package.json `imports`,
 * the `node` condition; browsers get phone-numbers.ts). The library is about a hundred files and its
 * metadata, and a server start needs none of it (issue 23: nothing loads at start that a start does not
 * need), so it loads with the first number checked.
 */
type Library = typeof import('libphonenumber-js/mobile');
let library: Library | undefined;

export function parsePhoneNumberFromString(text: string, country?: CountryCode): PhoneNumber | undefined {
  library ??= createRequire(import.meta.url)('libphonenumber-js/mobile') as Library;
  return library.parsePhoneNumberFromString(text, country);
}
