import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createDatabase, type DatabaseHandle } from './client.ts';

/**
 * A PostgreSQL database of its own for one test run: created with a random name on the server
 * `adminUrl` points at, migrated, and dropped by `close()`.
 */
export async function createTestPostgresDatabase(
  adminUrl: string,
): Promise<DatabaseHandle & { url: string }> {
  const name = `khel_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createDatabase({ kind: 'postgres', url: url.toString(), max: 5 });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    },
  };
}

declare module 'vitest' {
  /** Handed to API and database tests by tests/fixtures/postgres-global-setup.ts. */
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}
