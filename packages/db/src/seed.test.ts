import { afterEach, describe, expect, inject, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './client.ts';
import { DEMO_USERS, seedDemoData } from './seed.ts';
import { createTestPostgresDatabase } from './test-database.ts';

const open: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

const make = async (kind: 'pglite' | 'postgres') => {
  const handle =
    kind === 'pglite'
      ? createDatabase({ kind: 'pglite' })
      : await createTestPostgresDatabase(inject('postgresAdminUrl'));
  open.push(handle);
  await handle.migrate();
  return handle;
};

describe.each(['pglite', 'postgres'] as const)('database on %s', (kind) => {
  it('migrations apply twice without error and demo data is seeded once, even when seeding races', async () => {
    const { db, migrate } = await make(kind);
    await migrate();
    const results = await Promise.allSettled([seedDemoData(db), seedDemoData(db)]);
    const applied = results.filter((r) => r.status === 'fulfilled' && r.value.applied);
    expect(applied).toHaveLength(1);
    expect((await seedDemoData(db)).applied).toBe(false);
    const users = await db.query.users.findMany();
    expect(users.map((u) => u.phoneNumber).sort()).toEqual(DEMO_USERS.map((u) => u.phoneNumber).sort());
  });
});

it('a test PostgreSQL database is dropped on close', async () => {
  const handle = await createTestPostgresDatabase(inject('postgresAdminUrl'));
  const name = new URL(handle.url).pathname.slice(1);
  await handle.close();
  const admin = createDatabase({ kind: 'postgres', url: inject('postgresAdminUrl'), max: 1 });
  const rows = (await admin.db.execute(
    `select 1 from pg_database where datname = '${name}'`,
  )) as unknown as unknown[];
  await admin.close();
  expect(rows).toHaveLength(0);
});
