export * from './auth.ts';
export * from './system.ts';
export * from './users.ts';
