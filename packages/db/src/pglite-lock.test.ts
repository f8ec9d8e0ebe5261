import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from './client.ts';
import { claimPgliteDir, DatabaseInUseError, PGLITE_LOCK_FILE } from './pglite-lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'khel-pglite-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A child Node process that runs `code` (TypeScript through tsx) and prints `ready` when it is done. */
function child(code: string) {
  const tsx = createRequire(fileURLToPath(new URL('../../../package.json', import.meta.url))).resolve('tsx');
  const proc = spawn(process.execPath, ['--import', tsx, '--input-type=module', '-e', code], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    proc.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    proc.on('exit', (status) => reject(new Error(`child exited with ${status}`)));
  });
  const killed = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  return { proc, ready, killed };
}

describe('one process per embedded database folder', () => {
  it('a second opener while the first process lives is refused with a clear error, and nothing is touched', async () => {
    const dir = tempDir();
    const sleeper = child(`process.stdout.write('ready'); setInterval(() => {}, 1000);`);
    await sleeper.ready;
    writeFileSync(join(dir, PGLITE_LOCK_FILE), String(sleeper.proc.pid));
    try {
      expect(() => claimPgliteDir(dir)).toThrow(DatabaseInUseError);
      expect(() => createDatabase({ kind: 'pglite', dataDir: dir })).toThrow(/open in another process/);
      expect(readFileSync(join(dir, PGLITE_LOCK_FILE), 'utf8')).toBe(String(sleeper.proc.pid));
    } finally {
      sleeper.proc.kill('SIGKILL');
      await sleeper.killed;
    }
    // The owner is gone: the folder can be taken, and released again on close.
    const release = claimPgliteDir(dir);
    expect(readFileSync(join(dir, PGLITE_LOCK_FILE), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, PGLITE_LOCK_FILE))).toBe(false);
  });

  it('after a process holding the database is killed (SIGKILL), the next start opens it with the committed data', async () => {
    const dir = tempDir();
    const writer = child(`
      import { createDatabase } from './src/client.ts';
      import { sql } from 'drizzle-orm';
      const handle = createDatabase({ kind: 'pglite', dataDir: ${JSON.stringify(dir)} });
      await handle.db.execute(sql\`create table kept (id int primary key)\`);
      await handle.db.execute(sql\`insert into kept values (7)\`);
      process.stdout.write('ready');
      setInterval(() => {}, 1000);
    `);
    await writer.ready;
    expect(existsSync(join(dir, PGLITE_LOCK_FILE))).toBe(true);
    writer.proc.kill('SIGKILL');
    await writer.killed;

    const handle = createDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const result = (await handle.db.execute(sql`select id from kept`)) as unknown as {
        rows: { id: number }[];
      };
      expect(result.rows.map((r) => r.id)).toEqual([7]);
    } finally {
      await handle.close();
    }
    expect(existsSync(join(dir, PGLITE_LOCK_FILE))).toBe(false);
  }, 60_000);
});
