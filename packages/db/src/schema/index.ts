export * from './auth.ts';
export * from './identity.ts';
export * from './ledger.ts';
export * from './payments.ts';
export * from './store.ts';
export * from './system.ts';
export * from './users.ts';
