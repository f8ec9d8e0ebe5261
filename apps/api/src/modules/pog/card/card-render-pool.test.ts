import { readdirSync, readFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/http.ts';
import { CARD_HEIGHT, CARD_WIDTH, type PogCardImageInput, renderCardFront } from './card-image.ts';
import {
  CARD_IMAGE_FAILED_MESSAGE,
  CARD_IMAGES_BUSY_MESSAGE,
  type CardRenderPool,
  createCardRenderPool,
} from './card-render-pool.ts';

let avatarPng: Uint8Array;

beforeAll(async () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <rect width="512" height="512" fill="#3a1c71"/><circle cx="256" cy="220" r="120" fill="#f5c6a5"/>
  </svg>`;
  avatarPng = new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
});

const card = (over: Partial<PogCardImageInput> = {}): PogCardImageInput => ({
  name: 'RaviOP',
  avatarPng,
  theme: 'Horror',
  variant: 'Epic',
  scores: { HUMAN: 920, PLAY: 780, SKILL: 865, COMMERCE: 410, SOCIAL: 655 },
  total: 812,
  badges: ['ProofOfSkill', 'ProofOfPlay'],
  clanName: 'Storm Wolves',
  chain: 'ton',
  network: 'ton:sandbox',
  tokenId: '7',
  txHash: 'abc123',
  mintedAt: new Date(Date.UTC(2025, 2, 12)),
  likes: 3,
  lang: 'en',
  ...over,
});

/** The AppError a promise rejects with (fails the test when it resolves or rejects otherwise). */
async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const pngSize = (png: Uint8Array) => {
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

describe('the card render pool', () => {
  let pool: CardRenderPool;
  beforeAll(() => {
    pool = createCardRenderPool({ threads: 1, maxQueue: 1 });
  });
  afterAll(async () => {
    await pool.close();
  });

  it('starts no worker before the first render', () => {
    expect(pool.workers).toBe(0);
    expect(pool.pending).toBe(0);
  });

  it('draws in a worker thread the same bytes as the drawing code on this thread', async () => {
    const { png: inPool, threadId: drawnOn } = await pool.render('front', card());
    expect(pool.workers).toBe(1);
    expect(drawnOn).not.toBe(threadId);
    expect(pngSize(inPool)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
    const here = await renderCardFront(card());
    expect(Buffer.from(inPool).equals(Buffer.from(here))).toBe(true);
  });

  it('keeps this thread free while a card is drawn: a timer set during the render fires before it ends', async () => {
    let rendered = false;
    const rendering = pool.render('back', card({ lang: 'hi' })).then(({ png }) => {
      rendered = true;
      return png;
    });
    // Set once the render is under way (its task is on the worker): on this thread it would run first.
    const firedBeforeTheRender = await new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(!rendered), 0),
    );
    expect(firedBeforeTheRender).toBe(true);
    expect(pngSize(await rendering)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
  });

  it.runIf(process.platform === 'linux')('runs its workers at a lower CPU priority than this thread', () => {
    // /proc/self/task/<tid>/stat: field 19 is the thread's nice value (after the ")" of its name: index 16).
    const niceOf = (task: string) => {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    const here = niceOf(String(process.pid));
    const nices = readdirSync('/proc/self/task').map(niceOf);
    // The default increment is 10 (nice values stop at 19); the workers' threads are this process's.
    expect(nices).toContain(Math.min(19, here + 10));
  });

  it('refuses a render beyond the threads and the queue at once with a 503 asking to retry', async () => {
    const first = pool.render('front', card({ name: 'One' }));
    const second = pool.render('front', card({ name: 'Two' }));
    expect(pool.pending).toBe(2);
    const refused = await appErrorOf(pool.render('front', card({ name: 'Three' })));
    expect(refused.status).toBe(503);
    expect(refused.message).toBe(CARD_IMAGES_BUSY_MESSAGE);
    expect(refused.headers['Retry-After']).toMatch(/^\d+$/);
    const [a, b] = await Promise.all([first, second]);
    expect(Buffer.from(a.png).equals(Buffer.from(b.png))).toBe(false);
    expect(pool.pending).toBe(0);
  });

  it('answers a render that throws in the worker with a 503, and goes on drawing', async () => {
    const failed = await appErrorOf(pool.render('front', card({ avatarPng: new Uint8Array([1, 2, 3]) })));
    expect(failed.status).toBe(503);
    expect(failed.message).toBe(CARD_IMAGE_FAILED_MESSAGE);
    expect((failed as AppError & { cause: Error }).cause.message).toMatch(/\w/);
    expect(pngSize((await pool.render('share', card())).png)).toEqual({ width: 1200, height: 630 });
  });
});

describe('a render pool whose worker dies', () => {
  it('answers 503 for the task it was running, starts a new worker, and closes', async () => {
    const pool = createCardRenderPool({
      threads: 1,
      filename: new URL('./card-render-worker.test-support.ts', import.meta.url).pathname,
    });
    for (const face of ['throw', 'exit'] as const) {
      const died = await appErrorOf(pool.render(face as 'front', card()));
      expect(died.status).toBe(503);
      expect(died.message).toBe(CARD_IMAGE_FAILED_MESSAGE);
    }
    // Piscina replaced the dead workers (minThreads); closing ends the replacement.
    await expect.poll(() => pool.workers).toBe(1);
    await pool.close();
    expect(pool.workers).toBe(0);
    const afterClose = await appErrorOf(pool.render('front', card()));
    expect(afterClose.status).toBe(503);
  });
});
