export * from './client.ts';
export * from './demo-quests.ts';
export * from './demo-translations.ts';
export { claimPgliteDir, DatabaseInUseError, PGLITE_LOCK_FILE } from './pglite-lock.ts';
export * from './read-replica.ts';
export * as schema from './schema/index.ts';
export * from './seed.ts';
export * from './test-database.ts';
export * from './test-servers.ts';
