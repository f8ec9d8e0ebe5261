import { setMaxListeners } from 'node:events';
import { backoffDelay, sleep } from '../backoff.ts';
import { type BotLogger, describeError } from '../logger.ts';

export interface BatchLoopHandle {
  /** Lets the batches in flight finish, then ends. */
  stop(): Promise<void>;
  /** Drops the batches in flight, as a crash would (tests). */
  kill(): void;
}

/**
 * Runs `runBatch` in `lanes` loops until stopped: the next batch at once while rows keep coming (`claimed` > 0),
 * else a wait of `pollIntervalMs`; a batch that throws is tried again after a growing delay (up to 30 s). The
 * Telegram notifier and its Web Push lane both run this way.
 */
export function startBatchLoop(options: {
  runBatch: (signal: AbortSignal) => Promise<{ claimed: number }>;
  pollIntervalMs: number;
  logger: BotLogger;
  /** What the error log names, e.g. 'Notifier batch failed; retrying'. */
  failure: string;
  lanes?: number;
}): BatchLoopHandle {
  const { runBatch, pollIntervalMs, logger } = options;
  const stopping = new AbortController();
  const killing = new AbortController();
  // Every send and every send waiting for a pacer listens to it.
  setMaxListeners(0, killing.signal);
  let failures = 0;
  const lane = async () => {
    while (!stopping.signal.aborted) {
      try {
        const result = await runBatch(killing.signal);
        failures = 0;
        if (result.claimed === 0) await sleep(pollIntervalMs, stopping.signal);
      } catch (error) {
        if (killing.signal.aborted) return;
        const delay = backoffDelay(failures++, { initialDelayMs: pollIntervalMs, maxDelayMs: 30_000 });
        logger.error(options.failure, { delayMs: delay, error: describeError(error) });
        await sleep(delay, stopping.signal);
      }
    }
  };
  const loop = Promise.all(Array.from({ length: Math.max(1, options.lanes ?? 1) }, lane));
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
    kill() {
      killing.abort();
      stopping.abort();
    },
  };
}
