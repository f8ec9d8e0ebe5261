import { type Bot, type Context, GrammyError, HttpError } from 'grammy';
import type { Update } from 'grammy/types';
import { type BackoffOptions, backoffDelay, sleep as defaultSleep } from './backoff.ts';
import { WEBHOOK_SECRET_PATTERN } from './env.ts';
import { grammySignal } from './grammy-signal.ts';
import { type BotLogger, consoleLogger, describeError } from './logger.ts';
import { runStartupTasks } from './startup-tasks.ts';

export type BotRunMode = 'polling' | 'webhook';

export interface RetryOptions extends BackoffOptions {
  /** Waits between attempts; must resolve early when `signal` aborts. Injectable for tests. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface StartBotOptions {
  mode: BotRunMode;
  /** Public https URL Telegram posts updates to (webhook mode). */
  webhookUrl?: string;
  /** `secret_token` registered with setWebhook (webhook mode); the webhook app must check the same value. */
  secretToken?: string;
  logger?: BotLogger;
  /** Aborting it is the same as calling `stop()`. */
  signal?: AbortSignal;
  /** Backoff between connection attempts: 1 s doubling to 60 s with jitter unless overridden. */
  retry?: RetryOptions;
  /** Per-attempt limit for each call made while connecting. Default 30 s. */
  connectTimeoutMs?: number;
  /** The updates Telegram sends; BOT_ALLOWED_UPDATES unless given (Telegram keeps the last list it was told). */
  allowedUpdates?: ReadonlyArray<Exclude<keyof Update, 'update_id'>>;
}

/**
 * Every update a feature handles, said at each connection: Telegram remembers the last `allowed_updates` it was
 * given, so a list set once without `pre_checkout_query` would cancel every Stars payment after 10 s.
 */
export const BOT_ALLOWED_UPDATES = [
  'message',
  'callback_query',
  'inline_query',
  'my_chat_member',
  'pre_checkout_query',
] as const satisfies ReadonlyArray<Exclude<keyof Update, 'update_id'>>;

export interface BotHandle {
  /**
   * Resolves once Telegram accepted us (polling started / webhook set). Rejects only when Telegram refuses the
   * configuration for good (e.g. 401 for a wrong token) or when stopped before connecting; a rejection nobody
   * listens to is not reported as unhandled.
   */
  ready: Promise<void>;
  /** Stops polling or pending retries; never rejects. */
  stop(): Promise<void>;
}

/**
 * Connects the bot to Telegram and keeps it connected. Network errors, 5xx, 429 and 409 (another poller) are
 * retried with exponential backoff and logged; nothing here throws out of the process.
 */
export function startBot<C extends Context>(bot: Bot<C>, options: StartBotOptions): BotHandle {
  const logger = options.logger ?? consoleLogger;
  if (options.mode === 'webhook') {
    if (!options.webhookUrl) throw new Error('startBot: webhook mode needs webhookUrl');
    if (!options.secretToken || !WEBHOOK_SECRET_PATTERN.test(options.secretToken)) {
      throw new Error('startBot: webhook mode needs a secretToken of 1–256 characters A-Za-z0-9_-');
    }
  }

  const controller = new AbortController();
  const signal = controller.signal;
  if (options.signal?.aborted) controller.abort();
  const onOuterAbort = () => void stop();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  const ready = readiness();
  const connection: Connection<C> = {
    bot,
    options,
    logger,
    signal,
    ready,
    sleep: options.retry?.sleep ?? defaultSleep,
    connectTimeoutMs: options.connectTimeoutMs ?? 30_000,
    attempt: 0,
    startupTasksDone: false,
  };

  const done = (options.mode === 'webhook' ? runWebhook(connection) : runPolling(connection))
    .catch((error) => logger.error('Bot runner crashed', { error: describeError(error) }))
    .finally(() => {
      options.signal?.removeEventListener('abort', onOuterAbort);
      if (!ready.settled) ready.fail(new Error('The bot was stopped before it connected to Telegram'));
    });

  let stopping: Promise<void> | undefined;
  function stop(): Promise<void> {
    if (!stopping) {
      controller.abort();
      stopping = (async () => {
        if (bot.isRunning()) await stopPolling(bot, logger);
        await done;
      })();
    }
    return stopping;
  }

  return { ready: ready.promise, stop };
}

/** `ready` of a BotHandle, settled once; a rejection nobody listens to is not reported as unhandled. */
interface Readiness {
  promise: Promise<void>;
  settled: boolean;
  mark(): void;
  fail(error: unknown): void;
}

function readiness(): Readiness {
  const ready = { settled: false } as Readiness;
  ready.promise = new Promise<void>((resolve, reject) => {
    ready.mark = () => {
      ready.settled = true;
      resolve();
    };
    ready.fail = (error) => {
      ready.settled = true;
      reject(error);
    };
  });
  ready.promise.catch(() => {});
  return ready;
}

/** One startBot run's connection to Telegram: what it was given and how far it got. */
interface Connection<C extends Context> {
  bot: Bot<C>;
  options: StartBotOptions;
  logger: BotLogger;
  /** Aborted by stop(). */
  signal: AbortSignal;
  ready: Readiness;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  connectTimeoutMs: number;
  /** Failed attempts since the last success. */
  attempt: number;
  startupTasksDone: boolean;
}

const attemptSignal = (c: { signal: AbortSignal; connectTimeoutMs: number }) =>
  AbortSignal.any([c.signal, AbortSignal.timeout(c.connectTimeoutMs)]);

async function connect<C extends Context>(c: Connection<C>): Promise<void> {
  const { bot } = c;
  const callSignal = attemptSignal(c);
  if (!bot.isInited()) {
    const me = await bot.api.getMe(grammySignal(callSignal));
    if (!bot.isInited()) bot.botInfo = me;
  }
  await bot.init(grammySignal(callSignal));
  if (!c.startupTasksDone) {
    c.startupTasksDone = true;
    await runStartupTasks(bot, c.logger, callSignal);
  }
}

/** Decides what to do after a failed attempt: false = give up for good. */
async function backOff<C extends Context>(c: Connection<C>, error: unknown, stage: string): Promise<boolean> {
  const { signal, logger } = c;
  if (signal.aborted) return false;
  if (isPermanent(error)) {
    const what = error instanceof GrammyError ? 'Telegram refused the bot' : 'The bot cannot run';
    logger.error(`${what} (${stage}); not retrying`, { error: describeError(error) });
    c.ready.fail(error);
    return false;
  }
  let delay = backoffDelay(c.attempt, c.options.retry);
  if (error instanceof GrammyError && error.error_code === 429 && error.parameters.retry_after) {
    delay = Math.max(delay, error.parameters.retry_after * 1000);
  }
  c.attempt += 1;
  logger.warn(`Telegram ${stage} failed; retrying in ${delay} ms`, {
    attempt: c.attempt,
    delayMs: delay,
    error: describeError(error),
  });
  await c.sleep(delay, signal);
  return !signal.aborted;
}

async function runPolling<C extends Context>(c: Connection<C>): Promise<void> {
  const { bot, signal, options, logger } = c;
  watchGetUpdates(bot, logger);
  while (!signal.aborted) {
    try {
      await connect(c);
      // grammY's own deleteWebhook retries silently; this one is logged and backed off like the rest.
      await bot.api.deleteWebhook({ drop_pending_updates: false }, grammySignal(attemptSignal(c)));
      if (signal.aborted) return;
      await bot.start({
        drop_pending_updates: false,
        allowed_updates: options.allowedUpdates ?? BOT_ALLOWED_UPDATES,
        onStart: (me) => {
          c.attempt = 0;
          logger.info(`Bot @${me.username} is polling for updates`);
          c.ready.mark();
        },
      });
      if (signal.aborted) return;
      throw new PollingEnded();
    } catch (error) {
      if (!(await backOff(c, error, 'long polling'))) return;
    }
  }
}

async function runWebhook<C extends Context>(c: Connection<C>): Promise<void> {
  const { bot, signal, options, logger } = c;
  const url = options.webhookUrl as string;
  while (!signal.aborted) {
    try {
      await connect(c);
      await bot.api.setWebhook(
        url,
        {
          secret_token: options.secretToken,
          drop_pending_updates: false,
          allowed_updates: options.allowedUpdates ?? BOT_ALLOWED_UPDATES,
        },
        grammySignal(attemptSignal(c)),
      );
      logger.info(`Bot @${bot.botInfo.username} receives updates at its webhook`, { url: redactUrl(url) });
      c.ready.mark();
      return;
    } catch (error) {
      if (!(await backOff(c, error, 'webhook setup'))) return;
    }
  }
}

/** bot.stop() confirms the update offset with one more getUpdates; do not hang on an unreachable server. */
async function stopPolling<C extends Context>(bot: Bot<C>, logger: BotLogger): Promise<void> {
  const settledStop = new AbortController();
  await Promise.race([
    bot
      .stop()
      .catch((error) => logger.warn('Stopping long polling failed', { error: describeError(error) }))
      .finally(() => settledStop.abort()),
    defaultSleep(5_000, settledStop.signal),
  ]);
}

class PollingEnded extends Error {
  constructor() {
    super('Long polling ended unexpectedly');
  }
}

/**
 * Retried: network failures, 5xx, 409 (another poller) and 429 (slow down). Other 4xx answers will not change by
 * retrying, and any other error is a bug in the setup (e.g. bot.start() after createWebhookApp).
 */
function isPermanent(error: unknown): boolean {
  if (error instanceof HttpError || error instanceof PollingEnded) return false;
  if (error instanceof GrammyError) {
    const code = error.error_code;
    return code >= 400 && code < 500 && code !== 409 && code !== 429;
  }
  return true;
}

function redactUrl(url: string): string {
  const u = new URL(url);
  u.search = '';
  return u.href;
}

// biome-ignore lint/suspicious/noExplicitAny: keyed by any bot, whatever its context type
const getUpdatesWatchers = new WeakMap<Bot<any>, { logger: BotLogger }>();

/** grammY retries failed getUpdates on its own (every 3 s); this makes each failure visible in our logs. */
function watchGetUpdates<C extends Context>(bot: Bot<C>, logger: BotLogger): void {
  const existing = getUpdatesWatchers.get(bot);
  if (existing) {
    existing.logger = logger;
    return;
  }
  const watcher = { logger };
  getUpdatesWatchers.set(bot, watcher);
  bot.api.config.use(async (prev, method, payload, callSignal) => {
    if (method !== 'getUpdates') return prev(method, payload, callSignal);
    try {
      const result = await prev(method, payload, callSignal);
      if (!result.ok) {
        watcher.logger.warn('Telegram getUpdates failed; grammY retries', {
          error: `${result.error_code}: ${result.description}`,
        });
      }
      return result;
    } catch (error) {
      if (!callSignal?.aborted) {
        watcher.logger.warn('Telegram getUpdates failed; grammY retries', { error: describeError(error) });
      }
      throw error;
    }
  });
}
