import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../lib/http.ts';
import { CARD_HEIGHT, CARD_WIDTH, type PogCardImageInput, renderCardFront } from './card-image.ts';
import {
  CARD_IMAGE_FAILED_MESSAGE,
  CARD_IMAGES_BUSY_MESSAGE,
  type CardRenderPool,
  type CardRenderPoolOptions,
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

/** Whether a process is still there (signal 0 checks without sending anything). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the card render pool', () => {
  let pool: CardRenderPool;
  beforeAll(() => {
    // Normal priority: this file shares the CPU with the suite's others (the priority has its own test).
    pool = createCardRenderPool({ processes: 1, maxQueue: 1, priority: 'normal' });
  });
  afterAll(async () => {
    const pids = pool.pids;
    await pool.close();
    // No child outlives the pool: close() waits for each to end.
    expect(pool.pids).toEqual([]);
    expect(pids.filter(alive)).toEqual([]);
  });

  it('starts no child before the first render', () => {
    expect(pool.pids).toEqual([]);
    expect(pool.pending).toBe(0);
  });

  it('draws in another process the same bytes as the drawing code in this one', async () => {
    const { png: inPool, pid } = await pool.render('front', card());
    expect(pid).not.toBe(process.pid);
    expect(pool.pids).toEqual([pid]);
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
    const firedBeforeTheRender = await new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(!rendered), 0),
    );
    expect(firedBeforeTheRender).toBe(true);
    expect(pngSize(await rendering)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
  });

  it('refuses a render beyond the processes and the queue at once with a 503 asking to retry', async () => {
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

  it('answers a render that throws in the child with a 503, and goes on drawing in the same child', async () => {
    const [pid] = pool.pids;
    const failed = await appErrorOf(pool.render('front', card({ avatarPng: new Uint8Array([1, 2, 3]) })));
    expect(failed.status).toBe(503);
    expect(failed.message).toBe(CARD_IMAGE_FAILED_MESSAGE);
    expect((failed as AppError & { cause: Error }).cause.message).toMatch(/\w/);
    const share = await pool.render('share', card());
    expect(pngSize(share.png)).toEqual({ width: 1200, height: 630 });
    expect(share.pid).toBe(pid);
  });
});

/** A pool of one stand-in child (card-render-child.test-support.ts): its "faces" die, hang or answer their pid. */
function standInPool(options: CardRenderPoolOptions = {}): CardRenderPool {
  return createCardRenderPool({
    processes: 1,
    priority: 'normal',
    filename: new URL('./card-render-child.test-support.ts', import.meta.url).pathname,
    ...options,
  });
}

const pidOf = async (pool: CardRenderPool) =>
  Number(new TextDecoder().decode((await pool.render('pid' as 'front', card())).png));

describe('a render pool whose child dies or hangs', () => {
  it('answers 503 for the render a child died under, starts a new child for the next, and after a kill', async () => {
    const pool = standInPool();
    const seen = [await pidOf(pool)];
    for (const face of ['throw', 'exit'] as const) {
      const died = await appErrorOf(pool.render(face as 'front', card()));
      expect(died.status).toBe(503);
      expect(died.message).toBe(CARD_IMAGE_FAILED_MESSAGE);
      expect((died as AppError & { cause: Error }).cause.message).toMatch(/exited \(code [13]\)/);
      seen.push(await pidOf(pool));
    }
    // Killed while idle: gone from the pool, and the next render starts another.
    process.kill(seen.at(-1)!, 'SIGKILL');
    await expect.poll(() => pool.pids).toEqual([]);
    seen.push(await pidOf(pool));
    expect(new Set(seen).size).toBe(4);
    expect(seen).not.toContain(process.pid);
    await pool.close();
    expect(pool.pids).toEqual([]);
    expect(seen.filter(alive)).toEqual([]);
    const afterClose = await appErrorOf(pool.render('front', card()));
    expect(afterClose.status).toBe(503);
    expect(afterClose.message).toBe(CARD_IMAGES_BUSY_MESSAGE);
  });

  it('answers 503 for a render not answered in time, kills that child and starts a new one', async () => {
    const pool = standInPool({ timeoutMs: 200 });
    const first = pool.render('hang' as 'front', card());
    await expect.poll(() => pool.pids).toHaveLength(1);
    const [hung] = pool.pids;
    const timedOut = await appErrorOf(first);
    expect(timedOut.status).toBe(503);
    expect(timedOut.message).toBe(CARD_IMAGE_FAILED_MESSAGE);
    expect((timedOut as AppError & { cause: Error }).cause.message).toContain('did not answer within 200 ms');
    await expect.poll(() => alive(hung!)).toBe(false);
    // The next render goes to a new child (which hangs too, and is given up on the same way).
    const second = pool.render('hang' as 'front', card());
    await expect.poll(() => pool.pids).toHaveLength(1);
    expect(pool.pids[0]).not.toBe(hung);
    expect((await appErrorOf(second)).message).toBe(CARD_IMAGE_FAILED_MESSAGE);
    await pool.close();
  });
});

// /proc/<pid>/task/<tid>/stat, after the ")" that ends the name: index 16 is the nice value (field 19),
// index 38 the scheduling policy (field 41; 5 is SCHED_IDLE).
const threadsOf = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [{ nice: Number(fields[16]), policy: Number(fields[38]) }];
    } catch {
      return []; // the thread ended meanwhile
    }
  });

describe.runIf(process.platform === 'linux')("the render children's CPU priority", () => {
  it('starts each child under SCHED_IDLE when chrt can (else at nice 19), and says which once', async () => {
    const info = vi.fn();
    // A child that never answers: the check needs it started, not running (at SCHED_IDLE it runs only
    // when nothing else of this session wants the CPU).
    const pool = standInPool({ priority: 'idle', logger: { info } });
    const hanging = appErrorOf(pool.render('hang' as 'front', card()));
    // First the pool checks that chrt works here (a short run at SCHED_IDLE), then starts the child.
    await expect.poll(() => pool.pids, { timeout: 20_000 }).toHaveLength(1);
    const [pid] = pool.pids;
    const idle = spawnSync('chrt', ['--idle', '0', process.execPath, '--version']).status === 0;
    // chrt sets the policy, then becomes the child; every thread it starts later inherits it.
    const expected = idle ? { policy: 5, nice: 0 } : { policy: 0, nice: 19 };
    await expect.poll(() => threadsOf(pid!), { timeout: 20_000 }).toContainEqual(expected);
    expect(threadsOf(pid!).every((t) => t.policy === expected.policy && t.nice >= expected.nice)).toBe(true);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0]![1]).toMatchObject({
      priority: idle ? 'SCHED_IDLE (chrt --idle 0)' : 'nice 19 (chrt --idle 0 is not available)',
    });
    process.kill(pid!, 'SIGKILL');
    expect((await hanging).message).toBe(CARD_IMAGE_FAILED_MESSAGE);
    await pool.close();
    expect(info).toHaveBeenCalledTimes(1);
  });
});
