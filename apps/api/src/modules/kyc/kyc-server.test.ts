import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestPostgresDatabase } from '@khel/db';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningServer, startServer } from '../../server.ts';
import { randomAadhaar, spaced } from './kyc.test-support.ts';

/**
 * The KYC flow through the real HTTP server (split mode on PostgreSQL): the job worker takes the
 * sandbox's decision, the verification-check stream pushes it over a real connection, and closing the
 * server ends open streams instead of waiting for their 5-minute lifetime.
 */
describe('KYC over HTTP with the job worker (PostgreSQL)', () => {
  let server: RunningServer | undefined;
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  const dataDir = mkdtempSync(join(tmpdir(), 'khel-kyc-server-'));
  beforeAll(async () => {
    database = await createTestPostgresDatabase(inject('postgresAdminUrl'));
    server = await startServer({
      isolatedEnv: true,
      port: 0,
      host: '127.0.0.1',
      env: {
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SEED_DEMO_DATA: 'false',
        BOT_ENABLED: 'false',
        JOB_WORKER_ENABLED: 'true',
        JOB_WORKER_INTERVAL_MS: '100',
        KYC_SANDBOX_DELAY_MS: '300',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    // Drops the database (with force).
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = (path: string, init: RequestInit = {}) => fetch(`${server!.url}/api${path}`, init);
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('submits, streams the decision made by the job worker, and ends the stream when the server closes', async () => {
    const phone = `+91987${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    expect((await postJson('/authentication/register', { phone })).status).toBe(200);
    const outbox = (await (await api(`/dev/outbox?to=${encodeURIComponent(phone)}&limit=1`)).json()) as {
      data: { body: string }[];
    };
    const otp = /\b(\d{6})\b/.exec(outbox.data[0]!.body)![1];
    const signedIn = (await (await postJson('/authentication/verify', { phone, otp })).json()) as {
      data: { accessToken: string };
    };
    const auth = { authorization: `Bearer ${signedIn.data.accessToken}` };

    const res = await api('/kyc/verification-check', { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const statuses: string[] = [];
    const readUntil = async (done: () => boolean) => {
      const deadline = Date.now() + 15_000;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`stream did not deliver in time: ${statuses.join(' → ')}`);
        const chunk = await reader.read();
        if (chunk.done) return false;
        text += decoder.decode(chunk.value, { stream: true });
        let end = text.indexOf('\n\n');
        while (end !== -1) {
          const data = text
            .slice(0, end)
            .split('\n')
            .find((l) => l.startsWith('data: '));
          if (data) statuses.push(JSON.parse(data.slice(6)).aadhaar?.status ?? 'none');
          text = text.slice(end + 2);
          end = text.indexOf('\n\n');
        }
      }
      return true;
    };
    expect(await readUntil(() => statuses.length >= 1)).toBe(true);
    expect(statuses[0]).toBe('none');

    const aadhaar = randomAadhaar();
    const submitted = await postJson(
      '/kyc/verify-aadhaar',
      { aadhaar: spaced(aadhaar), consent: true },
      auth,
    );
    expect(submitted.status).toBe(202);
    expect(await readUntil(() => statuses.includes('verified'))).toBe(true);
    // (`pending` may fall between two polls of the stream: the sandbox decides in 300 ms.)
    expect(statuses.at(-1)).toBe('verified');

    // Closing the server ends the open stream at once, not after its 5-minute lifetime (far beyond the
    // test's timeout): the read sees the end and close() resolves.
    const closing = server!.close();
    server = undefined;
    expect(await readUntil(() => false)).toBe(false);
    await closing;
  });
});
