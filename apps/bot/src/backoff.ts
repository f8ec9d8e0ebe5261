export interface BackoffOptions {
  /** First delay; doubles after each failure. Default 1 s. */
  initialDelayMs?: number;
  /** Ceiling of the doubling. Default 60 s. */
  maxDelayMs?: number;
  /** Share of the delay that is randomised away (0–1), so many workers do not retry in lockstep. Default 0.25. */
  jitter?: number;
  /** Source of randomness in [0, 1); injectable for tests. */
  random?: () => number;
}

export const DEFAULT_BACKOFF = { initialDelayMs: 1_000, maxDelayMs: 60_000, jitter: 0.25 } as const;

/**
 * Delay before retry number `attempt` (0-based): `min(max, initial · 2^attempt)`, less up to `jitter` of it.
 * With `random` returning 0 the sequence is exactly 1 s, 2 s, 4 s, … 32 s, 60 s, 60 s.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const initial = options.initialDelayMs ?? DEFAULT_BACKOFF.initialDelayMs;
  const max = options.maxDelayMs ?? DEFAULT_BACKOFF.maxDelayMs;
  const jitter = Math.min(1, Math.max(0, options.jitter ?? DEFAULT_BACKOFF.jitter));
  const random = options.random ?? Math.random;
  const base = Math.min(max, initial * 2 ** Math.min(attempt, 52));
  return Math.round(base * (1 - jitter * random()));
}

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
