import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, createTestPostgresDatabase, type DatabaseHandle } from '@khel/db';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { createApp } from '../../app.ts';
import { createDeps } from '../../deps.ts';
import { loadEnv } from '../../env.ts';
import { createLogger } from '../../lib/logger.ts';
import { TEST_BOT_TOKEN, type TestContext } from '../../test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { decide, openEventStream, post, randomAadhaar, rawRows, spaced } from './kyc.test-support.ts';

/**
 * DESIGN §5: an Aadhaar number is never stored in the clear, never logged and never returned. A
 * number goes through every KYC path (submission, status, event stream, decision job, a duplicate on
 * another account, a refused body); then the database's own files (PGlite) or every column of every
 * table (PostgreSQL), the captured log lines and every answer are searched for it, with and without
 * the spaces printed on the card. A control number written in the clear into a profile field must be
 * found by the same search, so a search that sees nothing cannot pass.
 */

interface Harness {
  ctx: TestContext;
  /** Every log line the API wrote. */
  lines: string[];
  /** Every JSON answer's text. */
  answers: string[];
  close(): Promise<void>;
}

/** The API on `database` with a logger that keeps its lines (at debug level) and a record of answers. */
async function harness(database: DatabaseHandle, dataDir: string): Promise<Harness> {
  const lines: string[] = [];
  const answers: string[] = [];
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    LOG_LEVEL: 'debug',
    SEED_DEMO_DATA: 'false',
  });
  const logger = createLogger('debug', { service: 'api' }, (line) => lines.push(line));
  const deps = await createDeps(env, database, { logger });
  const app = createApp(deps);
  const ctx = {
    app,
    deps,
    now: () => deps.clock(),
    async json(
      path: string,
      init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) {
      const res = await app.request(path, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      const text = await res.text();
      answers.push(text);
      return { status: res.status, headers: res.headers, body: JSON.parse(text) };
    },
  } as unknown as TestContext;
  return { ctx, lines, answers, close: () => database.close() };
}

/** Every KYC path an Aadhaar number can take. Returns the answers' texts. */
async function exercise(h: Harness, aadhaar: string, control: string) {
  const { ctx } = h;
  const user = await signedInUser(ctx, { country: 'IN', lastName: control });
  const other = await signedInUser(ctx, { country: 'IN' });

  const submitted = await post(ctx, user.auth, '/kyc/verify-aadhaar', {
    aadhaar: spaced(aadhaar),
    consent: true,
  });
  expect(submitted.status).toBe(202);
  expect(submitted.body.data.last4).toBe(aadhaar.slice(-4));
  expect((await ctx.json('/kyc/status', { headers: user.auth })).status).toBe(200);

  const stream = await openEventStream(ctx, user.auth);
  const events: string[] = [];
  try {
    events.push((await stream.nextEvent())!.data!);
    // The decision job decrypts the number and hands it to the sandbox provider.
    expect(await decide(ctx)).toBeGreaterThan(0);
    const decided = (await stream.nextEvent())!.data!;
    events.push(decided);
    expect(JSON.parse(decided).aadhaar.status).toBe('verified');
  } finally {
    await stream.close();
  }

  const used = await post(ctx, other.auth, '/kyc/verify-aadhaar', { aadhaar, consent: true });
  expect(used.status).toBe(409);
  const refused = await post(ctx, other.auth, '/kyc/verify-aadhaar', { aadhaar, consent: false });
  expect(refused.status).toBe(400);
  const again = await post(ctx, user.auth, '/kyc/verify-aadhaar', {
    aadhaar: spaced(aadhaar),
    consent: true,
  });
  expect(again.status).toBe(409);
  return [...h.answers, ...events];
}

const forms = (aadhaar: string) => [aadhaar, spaced(aadhaar)];

function expectNowhere(texts: string[], aadhaar: string, what: string) {
  for (const text of texts)
    for (const form of forms(aadhaar)) expect(text.includes(form), `${what}: ${form}`).toBe(false);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe('an Aadhaar number is never stored in the clear, logged or returned (DESIGN §5)', () => {
  it('PGlite with a data directory: no file under it, no log line and no answer holds the number', {
    timeout: 120_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'khel-kyc-privacy-'));
    try {
      const h = await harness(createDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') }), dataDir);
      const aadhaar = randomAadhaar();
      const control = randomAadhaar();
      const answers = await exercise(h, aadhaar, control);
      await h.close();

      const files = filesUnder(dataDir);
      expect(files.length).toBeGreaterThan(100);
      let controlFound = 0;
      let bytes = 0;
      for (const file of files) {
        const content = readFileSync(file);
        bytes += content.length;
        for (const form of forms(aadhaar))
          expect(content.includes(form), `${file} holds the number`).toBe(false);
        if (content.includes(control)) controlFound++;
      }
      expect(bytes).toBeGreaterThan(1_000_000);
      expect(controlFound, 'the control number written in the clear is found').toBeGreaterThan(0);

      expect(h.lines.some((l) => l.includes('kyc document submitted'))).toBe(true);
      expect(h.lines.some((l) => l.includes('kyc document decided'))).toBe(true);
      expectNowhere(h.lines, aadhaar, 'log line');
      expectNowhere(answers, aadhaar, 'answer');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('PostgreSQL: no value of any column of any table holds the number', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'khel-kyc-privacy-'));
    const database = await createTestPostgresDatabase(inject('postgresAdminUrl'), { migrated: true });
    try {
      const h = await harness(database, dataDir);
      const aadhaar = randomAadhaar();
      const control = randomAadhaar();
      const answers = await exercise(h, aadhaar, control);

      const db = h.ctx.deps.db;
      const columns = await rawRows<{ table_schema: string; table_name: string; column_name: string }>(
        db,
        sql`select c.table_schema, c.table_name, c.column_name
              from information_schema.columns c
              join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
             where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')`,
      );
      const tables = new Set(columns.map((c) => c.table_name));
      expect(tables).toContain('kyc_documents');
      expect(tables).toContain('jobs');
      let controlHits = 0;
      const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
      // One statement per table: for each of its columns and each form, how many rows hold it.
      const byTable = new Map<string, typeof columns>();
      for (const c of columns) {
        const target = `${ident(c.table_schema)}.${ident(c.table_name)}`;
        byTable.set(target, [...(byTable.get(target) ?? []), c]);
      }
      const searched = [...forms(aadhaar), control];
      for (const [target, tableColumns] of byTable) {
        const counts = tableColumns.flatMap((c) =>
          searched.map(
            (form, i) =>
              sql`count(*) filter (where ${sql.raw(ident(c.column_name))}::text like ${`%${form}%`})::int as ${sql.raw(ident(`${c.column_name}#${i}`))}`,
          ),
        );
        const [row] = await rawRows<Record<string, number>>(
          db,
          sql`select ${sql.join(counts, sql`, `)} from ${sql.raw(target)}`,
        );
        for (const c of tableColumns)
          for (const [i, form] of searched.entries()) {
            const n = row![`${c.column_name}#${i}`]!;
            if (form === control) controlHits += n;
            else expect(n, `${target}.${c.column_name} holds the number`).toBe(0);
          }
      }
      expect(controlHits, 'the control number written in the clear is found').toBeGreaterThan(0);

      expectNowhere(h.lines, aadhaar, 'log line');
      expectNowhere(answers, aadhaar, 'answer');
      expect(h.lines.some((l) => l.includes('kyc document decided'))).toBe(true);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
