export * from './id-token.ts';
export * from './keys.ts';
export * from './login-retry.ts';
export * from './referral.ts';
export * from './session-store.ts';
export * from './storage.ts';
export * from './utm.ts';
