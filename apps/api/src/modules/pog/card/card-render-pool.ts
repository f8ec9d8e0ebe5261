import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Piscina } from 'piscina';
import { AppError } from '../../../lib/http.ts';
import type { PogCardImageInput } from './card-image.ts';
import type { CardRenderFace, CardRenderResult, CardRenderTask } from './card-render-worker.ts';

/**
 * Card images are drawn in worker threads, never on the thread that answers requests: a card takes
 * about 0.4 s of CPU (satori's layout, then resvg), and on the request thread every other request
 * waited for it. A pool of `threads` workers (piscina) takes the renders; at most `maxQueue` more
 * wait for a free worker, and beyond that a render is refused at once with a 503 and `Retry-After`
 * rather than queued without bound. A render that throws, or a worker that dies under it, becomes a
 * 503 too (the route's envelope, never a 500 with a stack); the pool replaces a dead worker.
 *
 * The pool and its workers start with the first render, never at process start, and idle workers do
 * not keep the process alive. `close()` ends them (the server's close calls `closeSharedCardRenderPool`).
 */

export const CARD_IMAGES_BUSY_MESSAGE = 'Card images are busy right now. Please try again in a moment.';
export const CARD_IMAGE_FAILED_MESSAGE =
  'This card image could not be drawn right now. Please try again later.';
/** Seconds a client is asked to wait after a busy answer (`Retry-After`). */
const BUSY_RETRY_AFTER_SECONDS = 2;

export interface CardRenderPoolOptions {
  /** Worker threads; by default one fewer than the CPUs, at least 1 (`defaultCardRenderThreads`). */
  threads?: number;
  /** Renders that may wait for a free worker beyond those running; by default 8 per thread. */
  maxQueue?: number;
  /**
   * How much lower the workers' CPU priority is than the request thread's (a nice increment, 0–19;
   * default 10). On Linux the nice value is per thread, so on a busy machine the request thread runs
   * first and renders take what CPU is left; elsewhere piscina applies it where it can.
   */
  nice?: number;
  /** The worker module (tests give one of their own); by default card-render-worker next to this file. */
  filename?: string;
}

export interface CardRenderPool {
  /** One card face drawn in a worker: the PNG and the worker's thread id. Rejects with a 503 AppError when busy or when the render fails. */
  render(face: CardRenderFace, input: PogCardImageInput): Promise<CardRenderResult>;
  readonly threads: number;
  readonly maxQueue: number;
  /** Renders running or waiting now. */
  readonly pending: number;
  /** Workers alive now (0 before the first render and after `close`). */
  readonly workers: number;
  /** Ends the workers once the renders running now are done; renders waiting are refused (503). */
  close(): Promise<void>;
}

export function defaultCardRenderThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * Where the worker module is. From the TypeScript sources (tsx, vitest) it is the .ts file next to
 * this one, run through tsx's loader. In the built server (tooling/scripts/build-server.mjs) it is
 * `card-render-worker.js` beside the bundle's other files: the build rewrites `import.meta.url` to the
 * source's address but leaves `import.meta.filename`, which names the built file.
 */
function workerModule(filename?: string): { filename: string; execArgv: string[] } {
  const here = import.meta.filename;
  const file =
    filename ?? join(dirname(here), here.endsWith('.ts') ? 'card-render-worker.ts' : 'card-render-worker.js');
  if (!file.endsWith('.ts') || process.execArgv.some((arg) => arg.includes('tsx'))) {
    return { filename: file, execArgv: process.execArgv };
  }
  const loader = pathToFileURL(createRequire(here).resolve('tsx')).href;
  return { filename: file, execArgv: [...process.execArgv, '--import', loader] };
}

function busy(): AppError {
  return new AppError(503, CARD_IMAGES_BUSY_MESSAGE, null, {
    'Retry-After': String(BUSY_RETRY_AFTER_SECONDS),
  });
}

/** A render that failed (an error in the drawing, or its worker died): the 503 the route answers, the cause kept. */
export class CardRenderFailed extends AppError {
  constructor(override readonly cause: unknown) {
    super(503, CARD_IMAGE_FAILED_MESSAGE);
    this.name = 'CardRenderFailed';
  }
}

export function createCardRenderPool(options: CardRenderPoolOptions = {}): CardRenderPool {
  const threads = Math.max(1, Math.floor(options.threads ?? defaultCardRenderThreads()));
  const maxQueue = Math.max(0, Math.floor(options.maxQueue ?? 8 * threads));
  const nice = Math.min(19, Math.max(0, Math.floor(options.nice ?? 10)));
  let piscina: Promise<Piscina> | undefined;
  let instance: Piscina | undefined;
  let pending = 0;
  let closed: Promise<void> | undefined;

  const start = (): Promise<Piscina> => {
    piscina ??= (async () => {
      // piscina loads with the first render, like the drawing code itself.
      const { Piscina } = await import('piscina');
      const worker = workerModule(options.filename);
      const pool = new Piscina({
        filename: pathToFileURL(worker.filename).href,
        execArgv: worker.execArgv,
        // Workers stay (each keeps its fonts and engine); idle ones do not keep the process alive.
        minThreads: threads,
        maxThreads: threads,
        // Our own count below bounds the queue; piscina's own limit is the same, as a backstop.
        maxQueue,
        // Cheap requests before renders (piscina calls nice() in each worker through @napi-rs/nice).
        niceIncrement: nice,
        // One render at a time per worker: a render is CPU work.
        concurrentTasksPerWorker: 1,
        recordTiming: false,
      });
      // An error no task was waiting for (a worker dying idle): piscina replaces the worker; the
      // next render starts it again. Without a listener the EventEmitter would throw it.
      pool.on('error', () => {});
      instance = pool;
      return pool;
    })();
    return piscina;
  };

  return {
    threads,
    maxQueue,
    get pending() {
      return pending;
    },
    get workers() {
      return instance?.threads.length ?? 0;
    },
    async render(face, input) {
      if (closed || pending >= threads + maxQueue) throw busy();
      pending++;
      try {
        const pool = await start();
        return (await pool.run({ face, input } satisfies CardRenderTask)) as CardRenderResult;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (closed) throw busy();
        throw new CardRenderFailed(error);
      } finally {
        pending--;
      }
    },
    close() {
      closed ??= (async () => {
        if (!piscina) return;
        const pool = await piscina.catch(() => undefined);
        await pool?.close({ force: true });
      })();
      return closed;
    },
  };
}

let shared: CardRenderPool | undefined;

/**
 * The process's pool, made on the first call with these settings (CARD_RENDER_THREADS,
 * CARD_RENDER_QUEUE, CARD_RENDER_NICE); later calls get the same pool, whatever they pass, until it
 * is closed.
 */
export function sharedCardRenderPool(options: CardRenderPoolOptions = {}): CardRenderPool {
  shared ??= createCardRenderPool(options);
  return shared;
}

/** Closes the process's pool, if one was made; the next render makes a new one. */
export async function closeSharedCardRenderPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
