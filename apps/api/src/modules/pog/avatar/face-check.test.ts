import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../lib/logger.ts';
import { countFaces, createHumanFaceDetector, UnreadableImageError } from './face-check.ts';

/**
 * The real detector (Human's BlazeFace on the WebAssembly backend) on the committed test photos
 * (test-images/LICENCE.md): NASA's portrait of astronaut Eileen Collins, and two photos without a face.
 */

const image = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./test-images/${name}`, import.meta.url)));
const FACE = image('face-astronaut.jpg');
const ROCKET = image('no-face-rocket.jpg');
const COFFEE = image('no-face-coffee.jpg');

/** Whether a CommonJS package (Human's Node build, TensorFlow.js) has been loaded in this process. */
const loaded = (name: string) =>
  Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes(`/node_modules/${name}/`));

describe('loading', () => {
  it('loads nothing of Human or TensorFlow.js before the first check', () => {
    expect(loaded('@vladmandic/human')).toBe(false);
    expect(loaded('@tensorflow/tfjs-core')).toBe(false);
    expect(loaded('@tensorflow/tfjs-backend-wasm')).toBe(false);
  });
});

describe('countFaces (Human BlazeFace, wasm)', () => {
  beforeAll(async () => {
    expect(await countFaces(FACE)).toBe(1);
  }, 60_000);

  it('finds the face in a portrait photo', async () => {
    expect(await countFaces(FACE)).toBeGreaterThanOrEqual(1);
    expect(loaded('@vladmandic/human')).toBe(true);
    expect(loaded('@tensorflow/tfjs-backend-wasm')).toBe(true);
  });

  it('finds no face in photos of a rocket launch and of a cup of coffee', async () => {
    expect(await countFaces(ROCKET)).toBe(0);
    expect(await countFaces(COFFEE)).toBe(0);
  });

  it('finds no face in a plain gradient', async () => {
    const gradient = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><defs><linearGradient id="g"><stop offset="0" stop-color="#2b6cb0"/><stop offset="1" stop-color="#f6ad55"/></linearGradient></defs><rect width="400" height="300" fill="url(#g)"/></svg>',
      ),
    )
      .jpeg()
      .toBuffer();
    expect(await countFaces(gradient)).toBe(0);
  });

  it('counts two people side by side as two faces', async () => {
    const half = await sharp(FACE).resize(256, 256).toBuffer();
    const pair = await sharp({ create: { width: 512, height: 256, channels: 3, background: '#808080' } })
      .composite([
        { input: half, left: 0, top: 0 },
        { input: half, left: 256, top: 0 },
      ])
      .jpeg()
      .toBuffer();
    expect(await countFaces(pair)).toBe(2);
  });

  it('runs concurrent checks one after another, each with its own answer', async () => {
    const answers = await Promise.all([FACE, ROCKET, FACE, COFFEE].map((photo) => countFaces(photo)));
    expect(answers).toEqual([1, 0, 1, 0]);
  });

  it('refuses bytes that are not an image', async () => {
    await expect(countFaces(new TextEncoder().encode('not a jpeg'))).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
    const truncated = FACE.subarray(0, 2_000);
    await expect(countFaces(truncated)).rejects.toBeInstanceOf(UnreadableImageError);
    // …and keeps working afterwards.
    expect(await countFaces(FACE)).toBe(1);
  });

  it('loads its model once, on its first check, and honours its options', async () => {
    const lines: string[] = [];
    const strict = createHumanFaceDetector({
      minConfidence: 0.999, // above any face's score: nothing counts
      logger: createLogger('info', {}, (line) => lines.push(line)),
    });
    expect(lines).toEqual([]);
    expect(await strict.countFaces(FACE)).toBe(0);
    expect(await Promise.all([strict.countFaces(FACE), strict.countFaces(ROCKET)])).toEqual([0, 0]);
    expect(await strict.countFaces(COFFEE)).toBe(0);
    // Later checks, at once or one after another, reuse the loaded model (what the first costs against a
    // later one: `pnpm --filter @khel/bench bench:face-check`).
    const loads = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'face model loaded');
    expect(loads).toHaveLength(1);
    expect(loads[0]).toMatchObject({ backend: 'wasm' });
  }, 60_000);
});
