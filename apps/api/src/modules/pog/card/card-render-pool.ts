import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError } from '../../../lib/http.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { ItemShareImageInput, PogCardImageInput } from './card-image.ts';
import type {
  CardRenderChildMessage,
  CardRenderFace,
  CardRenderTaskMessage,
} from './card-render-protocol.ts';

/**
 * Card images are drawn in child processes, never in the API's process: a card takes 0.15–0.4 s of
 * CPU (satori's layout, then resvg), plus its garbage collection and compilation. In a worker thread
 * the drawing itself could be niced, but V8's garbage collector and compiler threads, which a
 * process's isolates share, ran at the request thread's priority (on Linux a priority is per thread).
 * A child process has a V8 of its own, and every thread of it is started below the requests: under
 * SCHED_IDLE (`chrt --idle 0`: it runs only when no other thread of its scheduling group wants the
 * CPU), else at nice 19 (`nice -n 19`), else at normal priority when neither exists; which one is
 * logged once, as the first child starts. Both rank the children below the API's threads within their
 * scheduling group: where Linux groups by session (autogroups) that is the API's session, so on a
 * machine other sessions keep busy a render's CPU still comes out of the API's share (README.md).
 *
 * At most `processes` children draw, one render each; at most `maxQueue` more renders wait, and beyond
 * that a render is refused at once with a 503 and `Retry-After` rather than queued without bound. A
 * render that throws, a child that dies under it, or one that has not answered within `timeoutMs` (it
 * is killed) becomes a 503 too (the route's envelope, never a 500 with a stack); the next render
 * starts a new child. Children start with the first render, never at process start, stay (each keeps
 * its fonts and engine), and idle ones do not keep the API process alive. `close()` ends them (the
 * server's close calls `closeSharedCardRenderPool`); a child whose API process ends in any other way
 * sees its IPC channel close and exits (card-render-protocol.ts).
 */

export const CARD_IMAGES_BUSY_MESSAGE = 'Card images are busy right now. Please try again in a moment.';
export const CARD_IMAGE_FAILED_MESSAGE =
  'This card image could not be drawn right now. Please try again later.';
/** Seconds a client is asked to wait after a busy answer (`Retry-After`). */
const BUSY_RETRY_AFTER_SECONDS = 2;
/** How long `close()` lets a child end after its channel closes before killing it. */
const CLOSE_GRACE_MS = 5_000;

/** The lowest CPU priority to try for the children, each falling back to the next: idle → nice → normal. */
export type CardRenderPriority = 'idle' | 'nice' | 'normal';

export interface CardRenderPoolOptions {
  /** Child processes; by default one fewer than the CPUs, at least 1 (`defaultCardRenderProcesses`). */
  processes?: number;
  /** Renders that may wait for a free child beyond those running; by default 8 per child. */
  maxQueue?: number;
  /** Default `idle` (SCHED_IDLE, falling back to nice 19, then to normal). */
  priority?: CardRenderPriority;
  /** A render not answered within this (from when a child takes it, its start included) is a 503 and its child is killed; default 30 000. */
  timeoutMs?: number;
  /** The child's module (tests give one of their own); by default card-render-child next to this file. */
  filename?: string;
  /** Where the priority the children got is said, once. */
  logger?: Pick<Logger, 'info'>;
}

export interface CardRenderResult {
  png: Uint8Array;
  /** The child process that drew it (tests showing it was not this process). */
  pid: number;
}

/** What each face is drawn from. */
export interface CardRenderInputs {
  front: PogCardImageInput;
  back: PogCardImageInput;
  share: PogCardImageInput;
  item: ItemShareImageInput;
}

export interface CardRenderPool {
  /** One card face drawn in a child: the PNG and the child's pid. Rejects with a 503 AppError when busy or when the render fails. */
  render<F extends CardRenderFace>(face: F, input: CardRenderInputs[F]): Promise<CardRenderResult>;
  readonly processes: number;
  readonly maxQueue: number;
  /** Renders running or waiting now. */
  readonly pending: number;
  /** Pids of the children alive now (none before the first render and after `close`). */
  readonly pids: number[];
  /** Refuses the renders waiting (503), lets those running finish, then ends the children. */
  close(): Promise<void>;
}

export function defaultCardRenderProcesses(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * How a child is started: the node binary and its flags, and the child's module. From the TypeScript
 * sources (tsx, vitest) the module is the .ts file next to this one, run through tsx's loader. In the
 * built server (tooling/scripts/build-server.mjs) it is `card-render-child.js` beside the bundle's
 * other files: the build rewrites `import.meta.url` to the source's address but leaves
 * `import.meta.filename`, which names the built file.
 */
function childModule(filename?: string): string[] {
  const here = import.meta.filename;
  const file =
    filename ?? join(dirname(here), here.endsWith('.ts') ? 'card-render-child.ts' : 'card-render-child.js');
  // A debugger's flags would have the child take the same inspector port.
  const execArgv = process.execArgv.filter((arg) => !/^--(inspect|debug)/.test(arg));
  if (file.endsWith('.ts') && !execArgv.some((arg) => arg.includes('tsx'))) {
    execArgv.push('--import', pathToFileURL(createRequire(here).resolve('tsx')).href);
  }
  return [process.execPath, ...execArgv, file];
}

interface Launcher {
  /** Put before the node command line: `chrt --idle 0`, `nice -n 19` or nothing. */
  prefix: string[];
  /** What the log says. */
  priority: string;
}

/** Whether `command args… node --version` runs (the command exists and may lower the priority here). */
function runs(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(command, [...args, process.execPath, '--version'], (error) => resolve(!error));
  });
}

async function chooseLauncher(priority: CardRenderPriority): Promise<Launcher> {
  if (priority === 'normal') return { prefix: [], priority: 'normal (as configured)' };
  const idle = ['chrt', '--idle', '0'];
  if (priority === 'idle' && (await runs(idle[0]!, idle.slice(1))))
    return { prefix: idle, priority: 'SCHED_IDLE (chrt --idle 0)' };
  const nice = ['nice', '-n', '19'];
  if (await runs(nice[0]!, nice.slice(1)))
    return {
      prefix: nice,
      priority: priority === 'idle' ? 'nice 19 (chrt --idle 0 is not available)' : 'nice 19',
    };
  return { prefix: [], priority: 'normal (neither chrt --idle 0 nor nice -n 19 is available)' };
}

function busy(): AppError {
  return new AppError(503, CARD_IMAGES_BUSY_MESSAGE, null, {
    'Retry-After': String(BUSY_RETRY_AFTER_SECONDS),
  });
}

/** A render that failed (an error in the drawing, its child died or hung): the 503 the route answers, the cause kept. */
export class CardRenderFailed extends AppError {
  constructor(override readonly cause: unknown) {
    super(503, CARD_IMAGE_FAILED_MESSAGE);
    this.name = 'CardRenderFailed';
  }
}

interface Task {
  id: number;
  face: CardRenderFace;
  input: CardRenderInputs[CardRenderFace];
  resolve(result: CardRenderResult): void;
  reject(error: unknown): void;
}

interface Child {
  process: ChildProcess;
  ready: boolean;
  /** The render it was given, with the timer that gives up on it. */
  task?: { task: Task; timer: NodeJS.Timeout };
  /** The end of what it wrote to stderr (why it died). */
  stderr: string;
  exited: Promise<void>;
}

export function createCardRenderPool(options: CardRenderPoolOptions = {}): CardRenderPool {
  const processes = Math.max(1, Math.floor(options.processes ?? defaultCardRenderProcesses()));
  const maxQueue = Math.max(0, Math.floor(options.maxQueue ?? 8 * processes));
  const timeoutMs = Math.max(1, options.timeoutMs ?? 30_000);
  const command = childModule(options.filename);
  let launcher: Promise<Launcher> | undefined;
  let launch: Launcher | undefined;
  let said = false;
  const children: Child[] = [];
  /** Every child not yet ended, in the pool or not (one killed after a timeout is out of the pool at once). */
  const living = new Set<Child>();
  const queue: Task[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let nextId = 1;
  let pending = 0;
  let closed: Promise<void> | undefined;

  /** An idle child does not keep the API process alive; a busy one does, until it answers. */
  const hold = (child: Child, held: boolean) => {
    // stderr is a pipe's socket (net.Socket), which can be unref'd like the others.
    const stderr = child.process.stderr as Socket | null;
    for (const handle of [child.process, child.process.channel, stderr])
      held ? handle?.ref() : handle?.unref();
  };

  const settle = (child: Child, outcome: (task: Task) => void) => {
    const given = child.task;
    if (!given) return;
    clearTimeout(given.timer);
    child.task = undefined;
    if (child.process.exitCode === null && child.process.signalCode === null) hold(child, false);
    outcome(given.task);
    pump();
  };

  /** Takes a child out of the pool (it died, or is being killed); its render, if any, fails. */
  const retire = (child: Child, cause: () => Error) => {
    const at = children.indexOf(child);
    if (at >= 0) children.splice(at, 1);
    settle(child, (task) => task.reject(new CardRenderFailed(cause())));
  };

  const send = (child: Child) => {
    const given = child.task;
    if (!given || !child.ready) return;
    const { id, face, input } = given.task;
    child.process.send(
      { id, face, input } satisfies CardRenderTaskMessage<CardRenderInputs[CardRenderFace]>,
      (error) => {
        if (error) child.process.kill('SIGKILL'); // its exit fails the render
      },
    );
  };

  const startChild = (): Child => {
    const [program, ...args] = [...launch!.prefix, ...command];
    const spawned = spawn(program!, args, {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    if (!said) {
      said = true;
      options.logger?.info('card renders run in child processes', { priority: launch!.priority, processes });
    }
    const child: Child = {
      process: spawned,
      ready: false,
      stderr: '',
      // 'exit', not 'close': a grandchild may hold the stderr pipe a while longer (tsx's esbuild).
      exited: new Promise((done) => {
        spawned.once('exit', () => done());
        spawned.on('error', () => spawned.pid === undefined && done()); // it never started
      }),
    };
    living.add(child);
    void child.exited.then(() => living.delete(child));
    spawned.stderr!.on('data', (chunk: Buffer) => {
      child.stderr = (child.stderr + chunk.toString('utf8')).slice(-1_000);
    });
    spawned.on('message', (message: CardRenderChildMessage) => {
      if ('ready' in message) {
        child.ready = true;
        send(child);
      } else if (child.task?.task.id === message.id) {
        const pid = spawned.pid!;
        settle(child, (task) =>
          'png' in message
            ? task.resolve({ png: message.png, pid })
            : task.reject(
                new CardRenderFailed(Object.assign(new Error(message.error.message), message.error)),
              ),
        );
      }
    });
    // A child that could not start ('error') or ended ('exit'): its render, if any, fails.
    const died = (how: string) => () =>
      retire(
        child,
        () => new Error(`the card render process ${how}${child.stderr ? `: ${child.stderr}` : ''}`),
      );
    spawned.on('error', (error) => died(`could not run (${error.message})`)());
    spawned.once('exit', (code, signal) => died(`exited (${signal ?? `code ${code}`})`)());
    children.push(child);
    return child;
  };

  /** Gives waiting renders to idle children, starting children up to `processes`. */
  const pump = () => {
    while (queue.length > 0 && !closed) {
      const child = children.find((c) => !c.task) ?? (children.length < processes ? startChild() : undefined);
      if (!child) return;
      const task = queue.shift()!;
      const timer = setTimeout(() => {
        retire(child, () => new Error(`the card render process did not answer within ${timeoutMs} ms`));
        child.process.kill('SIGKILL');
      }, timeoutMs);
      child.task = { task, timer };
      hold(child, true);
      send(child);
    }
  };

  return {
    processes,
    maxQueue,
    get pending() {
      return pending;
    },
    get pids() {
      return children.flatMap((child) => (child.process.pid === undefined ? [] : [child.process.pid]));
    },
    async render(face, input) {
      if (closed || pending >= processes + maxQueue) throw busy();
      pending++;
      const rendering = (async () => {
        launcher ??= chooseLauncher(options.priority ?? 'idle');
        launch = await launcher;
        if (closed) throw busy();
        return new Promise<CardRenderResult>((resolve, reject) => {
          queue.push({ id: nextId++, face, input, resolve, reject });
          pump();
        });
      })();
      inFlight.add(rendering);
      try {
        return await rendering;
      } finally {
        inFlight.delete(rendering);
        pending--;
      }
    },
    close() {
      closed ??= (async () => {
        for (const task of queue.splice(0)) task.reject(busy());
        await Promise.allSettled([...inFlight]);
        children.splice(0);
        await Promise.all(
          [...living].map(async (child) => {
            if (child.process.connected) child.process.disconnect();
            const timer = setTimeout(() => child.process.kill('SIGKILL'), CLOSE_GRACE_MS);
            await child.exited;
            clearTimeout(timer);
          }),
        );
      })();
      return closed;
    },
  };
}

let shared: CardRenderPool | undefined;

/**
 * The process's pool, made on the first call with these settings (CARD_RENDER_PROCESSES,
 * CARD_RENDER_QUEUE, CARD_RENDER_PRIORITY, CARD_RENDER_TIMEOUT_MS); later calls get the same pool,
 * whatever they pass, until it is closed.
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
