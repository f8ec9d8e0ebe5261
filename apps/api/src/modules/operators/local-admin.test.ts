import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATOR_LOCAL_ONLY_MESSAGE } from '@khel/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../server.ts';
import { runCli } from './cli.ts';
import { localAdminFile, readLocalAdmin } from './local-admin.ts';

/**
 * An operator token while the all-in-one server holds the embedded database (PGlite): the CLI asks the running
 * server through its local admin door; stopped, the CLI opens the folder itself again.
 */
describe('operator create while the server holds the embedded database', () => {
  let dataDir: string;
  let server: RunningServer | undefined;
  const cli = async (name: string) => {
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`! ${l}`) };
    const code = await runCli(['operator', 'create', name], out, fetch, {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
    });
    return { code, lines, token: /token \(shown once\): (khop_\S+)/.exec(lines.join('\n'))?.[1] };
  };
  const cliProcess = (name: string) =>
    new Promise<{ code: number | null; lines: string[]; token: string | undefined }>((done, fail) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/modules/operators/cli.ts', 'operator', 'create', name],
        {
          cwd: fileURLToPath(new URL('../../..', import.meta.url)),
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      child.once('error', fail);
      child.once('exit', (code) => {
        const lines = output.split('\n').filter(Boolean);
        done({ code, lines, token: /token \(shown once\): (khop_\S+)/.exec(output)?.[1] });
      });
    });
  const actions = (token: string) =>
    fetch(`${server!.url}/api/operator/actions`, { headers: { authorization: `Operator ${token}` } });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'khel-local-admin-'));
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      isolatedEnv: true,
      env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the CLI makes a working token through the running server; the door is the server’s own file', async () => {
    const door = readLocalAdmin(dataDir)!;
    expect(door).toMatchObject({ url: `http://127.0.0.1:${server!.port}/api`, pid: process.pid });
    expect(statSync(localAdminFile(dataDir)).mode & 0o777).toBe(0o600);

    // The CLI as operators run it: a process of its own, while this one holds the folder (its lock).
    const made = await cliProcess('night.ops');
    expect(made.code).toBe(0);
    expect(made.lines[0]).toMatch(/^operator night\.ops \(/);
    expect((await actions(made.token!)).status).toBe(200);
    // Again: a new token replaces the first.
    const again = await cli('night.ops');
    expect((await actions(again.token!)).status).toBe(200);
    expect((await actions(made.token!)).status).toBe(401);
    expect((await cli('Not A Name')).code).toBe(1);
  });

  it('refuses a request without the secret, with a wrong one, or through a proxy; without a door the CLI says why', async () => {
    const door = readLocalAdmin(dataDir)!;
    const knock = (headers: Record<string, string>) =>
      fetch(`${door.url}/operator/local/operators`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ name: 'intruder' }),
      });
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Local wrong-secret' },
      { authorization: `Bearer ${door.secret}` },
      { authorization: `Local ${door.secret}`, 'x-forwarded-for': '203.0.113.9' },
      { authorization: `Local ${door.secret}`, forwarded: 'for=203.0.113.9' },
    ]) {
      const res = await knock(headers);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(OPERATOR_LOCAL_ONLY_MESSAGE);
    }
    // With no door (a server of an older version), the CLI says so instead of opening a folder in use.
    renameSync(localAdminFile(dataDir), `${localAdminFile(dataDir)}.away`);
    try {
      const refused = await cliProcess('blocked.ops');
      expect(refused.code).toBe(1);
      expect(refused.lines.join('\n')).toMatch(
        /open in a server \(pid \d+\) that offers no local admin door/,
      );
    } finally {
      renameSync(`${localAdminFile(dataDir)}.away`, localAdminFile(dataDir));
    }
  });

  it('stopped, the server removes its door and the CLI opens the folder itself; a stale door is passed by', async () => {
    await server!.close();
    server = undefined;
    expect(existsSync(localAdminFile(dataDir))).toBe(false);
    expect((await cli('day.ops')).code).toBe(0);
    // A server killed before it could remove its file: no one answers there, so the CLI opens the folder.
    writeFileSync(
      localAdminFile(dataDir),
      JSON.stringify({ url: 'http://127.0.0.1:9/api', secret: 'gone', pid: 999_999 }),
      { mode: 0o600 },
    );
    expect((await cli('late.ops')).code).toBe(0);
    // Two opens of the folder by the CLI (PGlite's start and checks each): about 9 s alone, 35 s once in a CI
    // run's api stage with every core busy.
  }, 120_000);
});
