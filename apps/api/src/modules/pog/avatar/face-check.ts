import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config, Human } from '@vladmandic/human';
import type { Logger } from '../../../lib/logger.ts';

/**
 * The POG avatar step's face check: how many faces a selfie shows (the service wants exactly one).
 * The detector is Human's BlazeFace model run by TensorFlow.js on its WebAssembly backend: no native
 * build, no download (the model ships inside @vladmandic/human, the .wasm files inside
 * @tensorflow/tfjs-backend-wasm). Nothing of it loads at process start: the first check loads the
 * libraries and the model (about 0.3 s), later checks reuse them (tens of milliseconds each).
 */
export interface FaceDetector {
  /** The number of faces found in the photo (0 when none), at most `maxFaces`. */
  countFaces(jpeg: Uint8Array): Promise<number>;
}

/** The photo could not be decoded as an image (truncated, not an image, too large a canvas). */
export class UnreadableImageError extends Error {
  constructor(cause?: unknown) {
    super('The image could not be read.', { cause });
    this.name = 'UnreadableImageError';
  }
}

export interface HumanFaceDetectorOptions {
  /** BlazeFace score a detection needs to count as a face (0–1, default 0.5). */
  minConfidence?: number;
  /** Faces counted at most (default 10). */
  maxFaces?: number;
  /** Gets one info line when the model has loaded, with the time it took. */
  logger?: Logger;
}

/** Larger inputs are refused before decoding: a small file can declare a huge canvas. */
const MAX_INPUT_PIXELS = 40_000_000;
/** The photo is shrunk to fit this square before detection: BlazeFace looks at 256×256 anyway. */
const DETECTION_SIDE = 512;

export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Decodes a photo (JPEG, or any format sharp reads) into raw RGB, turned upright (EXIF orientation)
 * and fitted in `side`×`side` (never enlarged; `cover` crops to exactly that square). Throws
 * UnreadableImageError when it cannot be decoded. sharp is loaded on first use.
 */
export async function decodeRgb(jpeg: Uint8Array, side: number, fit: 'inside' | 'cover'): Promise<RgbImage> {
  const sharp = (await import('sharp')).default;
  try {
    const { data, info } = await sharp(jpeg, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize(side, side, { fit, withoutEnlargement: fit === 'inside' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
    };
  } catch (err) {
    throw new UnreadableImageError(err);
  }
}

/** What we use of TensorFlow.js (Human types its `tf` as any). */
interface Tf {
  tensor4d(values: Uint8Array, shape: [number, number, number, number], dtype: 'int32'): TfTensor;
  dispose(tensor: TfTensor): void;
  getBackend(): string;
  io: {
    registerLoadRouter(router: (url: string | string[]) => { load(): Promise<unknown> } | null): void;
    getModelArtifactsForJSON(
      json: unknown,
      loadWeights: (manifest: WeightsGroup[]) => Promise<[unknown[], ArrayBuffer]>,
    ): Promise<unknown>;
  };
}
type TfTensor = object;
interface WeightsGroup {
  paths: string[];
  weights: unknown[];
}

/**
 * The packages' files, found from here (as Node finds them, so in the built server too). Human's
 * package `exports` names only its default (tfjs-node) build, so its folder is found from that and the
 * WebAssembly build, which requires @tensorflow/tfjs-core, -converter and -backend-wasm, is loaded
 * by path.
 */
function packagePaths() {
  const require = createRequire(import.meta.url);
  const humanDist = dirname(require.resolve('@vladmandic/human'));
  return {
    require,
    humanBuild: join(humanDist, 'human.node-wasm.js'),
    models: join(humanDist, '..', 'models'),
    wasmFolder: `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`,
  };
}

/**
 * tfjs reads `file://` models only with tfjs-node (a native build we do not use): this router reads
 * the model's JSON and weight files from disk for any `file://` URL under `folder`.
 */
const withFileLoader = new WeakSet<Tf>();
function registerFileLoader(tf: Tf, folder: string) {
  // Once per tfjs: two routers answering one URL make tfjs refuse to load it.
  if (withFileLoader.has(tf)) return;
  withFileLoader.add(tf);
  const root = pathToFileURL(`${folder}/`).href;
  tf.io.registerLoadRouter((url) => {
    const href = Array.isArray(url) ? url[0] : url;
    if (typeof href !== 'string' || !href.startsWith(root)) return null;
    const path = fileURLToPath(href);
    return {
      load: async () => {
        const json: unknown = JSON.parse(await readFile(path, 'utf8'));
        return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
          const specs = manifest.flatMap((group) => group.weights);
          const files = await Promise.all(
            manifest.flatMap((group) => group.paths.map((file) => readFile(join(dirname(path), file)))),
          );
          const all = Buffer.concat(files);
          return [specs, all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer];
        });
      },
    };
  });
}

/** Only the face detector; every other model of Human (mesh, iris, emotion, body, hands…) is off. */
function humanConfig(paths: ReturnType<typeof packagePaths>, minConfidence: number, maxFaces: number) {
  const off = { enabled: false };
  const config: Partial<Config> = {
    backend: 'wasm',
    wasmPath: paths.wasmFolder,
    modelBasePath: `${pathToFileURL(paths.models).href}/`,
    debug: false,
    async: false,
    warmup: 'none',
    cacheModels: false,
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: off,
    gesture: off,
    body: off,
    hand: off,
    object: off,
    segmentation: off,
    face: {
      enabled: true,
      detector: {
        enabled: true,
        modelPath: 'blazeface.json',
        rotation: false,
        maxDetected: maxFaces,
        minConfidence,
        skipFrames: 0,
        skipTime: 0,
        return: false,
      },
      mesh: off,
      attention: off,
      iris: off,
      description: off,
      emotion: off,
      antispoof: off,
      liveness: off,
      gear: off,
    },
  };
  return config;
}

/**
 * A FaceDetector on Human's BlazeFace (WebAssembly backend). The model loads on the first call, once;
 * a failed load is retried on the next call. Checks run one at a time (the backend is single-threaded:
 * running two together would only interleave them).
 */
export function createHumanFaceDetector(options: HumanFaceDetectorOptions = {}): FaceDetector {
  const minConfidence = options.minConfidence ?? 0.5;
  const maxFaces = options.maxFaces ?? 10;
  let loading: Promise<{ human: Human; tf: Tf }> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const load = async () => {
    const started = performance.now();
    const paths = packagePaths();
    const { Human } = paths.require(paths.humanBuild) as typeof import('@vladmandic/human');
    const human = new Human(humanConfig(paths, minConfidence, maxFaces));
    const tf = human.tf as Tf;
    registerFileLoader(tf, paths.models);
    await human.load();
    if (!human.models.models.blazeface) throw new Error('face check: the BlazeFace model did not load');
    options.logger?.info('face model loaded', {
      backend: tf.getBackend(),
      ms: Math.round(performance.now() - started),
    });
    return { human, tf };
  };
  const ready = () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };

  const count = async (jpeg: Uint8Array) => {
    const [{ human, tf }, image] = await Promise.all([ready(), decodeRgb(jpeg, DETECTION_SIDE, 'inside')]);
    const input = tf.tensor4d(image.data, [1, image.height, image.width, 3], 'int32');
    try {
      const result = await human.detect(input as Parameters<Human['detect']>[0]);
      if (result.error) throw new Error(`face check: ${result.error}`);
      return result.face.length;
    } finally {
      tf.dispose(input);
    }
  };

  return {
    countFaces(jpeg) {
      const run = queue.then(() => count(jpeg));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

let shared: FaceDetector | undefined;

/** Faces in the photo, by the process's one Human detector (created on the first call). */
export function countFaces(jpeg: Uint8Array): Promise<number> {
  shared ??= createHumanFaceDetector();
  return shared.countFaces(jpeg);
}
