/**
 * libphonenumber-js (mobile metadata) as phone.ts uses it. The browsers' entry: the library loads with
 * this module, as the sign-in form needs it on its first screen. Node processes get
 * phone-numbers.node.ts instead (package.json `imports`, the `node` condition).
 */
export { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
