import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Metafile } from 'esbuild';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, packagesLoadedAtStart, serverEntry } from '../../../tooling/scripts/build-server.mjs';
import { root } from '../../../tooling/scripts/lib.mjs';

/**
 * `npm start` runs the server as built JavaScript (tooling/scripts/build-server.mjs). These tests
 * build it into a folder of their own, check what each process loads at start, and start the
 * all-in-one process on an empty data folder as a newcomer's first `npm start` does.
 */

/**
 * Libraries only some requests need: none may load at start (wallet sign-in, pictures, the bot, quest chain
 * checks, country names, article Markdown, phone number checks). PGlite loads when a PGlite database is
 * opened, so a process on PostgreSQL never does. `packagesLoadedAtStart` sees a package whether the build
 * bundles it (BUNDLED_PACKAGES) or leaves it outside.
 */
const LOADED_ON_DEMAND = [
  'viem',
  'sharp',
  '@ton/core',
  '@ton/crypto',
  'grammy',
  '@tevm/memory-client',
  '@tevm/common',
  '@ton/sandbox',
  '@vladmandic/human',
  '@tensorflow/tfjs-backend-wasm',
  '@tensorflow/tfjs-converter',
  '@dicebear/core',
  '@dicebear/collection',
  '@resvg/resvg-js',
  'satori',
  'graphql',
  'i18n-iso-countries',
  'markdown-it',
  'libphonenumber-js',
  '@electric-sql/pglite',
];

describe('the built server', () => {
  let folder: string;
  let outDir: string;
  let metafile: Metafile;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'khel-built-'));
    outDir = join(folder, 'server');
    metafile = await buildServer({ quiet: true, outDir });
  }, 60_000);
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it.each(['all', 'api', 'worker'] as const)('the %s process loads no on-demand library at start', (role) => {
    const loaded = packagesLoadedAtStart(metafile, role, outDir);
    expect(loaded).toContain('hono');
    expect(loaded.filter((name) => LOADED_ON_DEMAND.includes(name))).toEqual([]);
  });

  it('emits the card render child beside the code that starts it, and the built child draws a card', async () => {
    const childFile = join(outDir, 'card-render-child.js');
    expect(existsSync(childFile)).toBe(true);
    // card-render-pool.ts looks for the child next to its own built file.
    const poolOutputs = Object.entries(metafile.outputs)
      .filter(([, output]) =>
        Object.keys(output.inputs).some((input) => input.endsWith('card/card-render-pool.ts')),
      )
      .map(([file]) => dirname(join(root, file)));
    expect(poolOutputs.length).toBeGreaterThan(0);
    for (const dir of poolOutputs) expect(dir).toBe(dirname(childFile));
    // Started as the pool starts it (plain node, no tsx), it answers a task over its IPC channel.
    const avatarPng = new Uint8Array(
      await sharp({ create: { width: 512, height: 512, channels: 3, background: '#3a1c71' } })
        .png()
        .toBuffer(),
    );
    const child = spawn(process.execPath, [childFile], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      const answer = await new Promise<{ png?: Uint8Array; error?: unknown }>((resolve, reject) => {
        child.on('message', (message: { ready?: true; id?: number; png?: Uint8Array; error?: unknown }) => {
          if (message.ready) {
            child.send({
              id: 1,
              face: 'share',
              input: {
                name: 'Built',
                avatarPng,
                theme: 'Toon',
                variant: 'Rare',
                scores: { HUMAN: 1, PLAY: 2, SKILL: 3, COMMERCE: 4, SOCIAL: 5 },
                total: 3,
                badges: [],
                clanName: null,
                chain: null,
                network: null,
                tokenId: null,
                txHash: null,
                mintedAt: null,
                likes: 0,
                lang: 'en',
              },
            });
          } else if (message.id === 1) resolve(message);
        });
        void exited.then((code) => reject(new Error(`the child exited (${code})`)));
      });
      expect(answer.error).toBeUndefined();
      expect(Buffer.from(answer.png!).subarray(1, 4).toString()).toBe('PNG');
    } finally {
      // Its channel closing ends it (as when the API process goes away).
      child.disconnect();
    }
    expect(await exited).toBe(0);
  }, 60_000);

  it('the bot process loads grammY at start (the check sees an eager import)', () => {
    expect(packagesLoadedAtStart(metafile, 'bot', outDir)).toContain('grammy');
  });

  it('starts on an empty data folder, answers, and stops cleanly on SIGTERM', async () => {
    const dataDir = join(folder, 'data');
    const child: ChildProcess = spawn(
      process.execPath,
      ['--enable-source-maps', serverEntry('all', outDir)],
      {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: '0',
          LOG_LEVEL: 'info',
          SERVE_FRONT_ENDS: 'false',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      // Waits for the start line however long a loaded machine takes (the test's timeout guards a hang).
      const started = await new Promise<{ api: string }>((resolve, reject) => {
        const check = () => {
          for (const line of stdout.split('\n')) {
            if (!line.startsWith('{')) continue;
            const entry = JSON.parse(line) as { msg?: string; api?: string };
            if (entry.msg === 'khel started' && entry.api) resolve({ api: entry.api });
          }
        };
        child.stdout!.on('data', check);
        void exited.then((code) => reject(new Error(`exited (${code}): ${stderr.slice(-2000)}`)));
      });
      // The cluster was made by a short-lived child process (packages/db/src/client.ts).
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      const ready = await fetch(`${started.api}health/ready`);
      expect(ready.status).toBe(200);
      const catalogue = await fetch(`${started.api}k-store/items`);
      expect(catalogue.status).toBe(200);
      expect(((await catalogue.json()) as { success: boolean }).success).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  }, 240_000);
});
