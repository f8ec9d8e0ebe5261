// The light validation entry: rules and schemas only. The full country list is a separate,
// lazily loaded entry (`@khel/core/countries`) and is deliberately not re-exported here.
export * from './aadhaar.ts';
export * from './bank.ts';
export * from './date.ts';
export * from './email.ts';
export * from './first-name.ts';
export * from './game-login.ts';
export * from './messages.ts';
export * from './pan.ts';
export * from './phone.ts';
export * from './rule.ts';
export * from './social-links.ts';
export * from './supported-countries.ts';
export * from './upload.ts';
export * from './username.ts';
