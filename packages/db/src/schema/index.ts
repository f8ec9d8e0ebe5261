export * from './auth.ts';
export * from './identity.ts';
export * from './ledger.ts';
export * from './system.ts';
export * from './users.ts';
