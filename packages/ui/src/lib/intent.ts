import { ERROR_CODES, errorCodeOf } from '@khel/core/domain';
import { useCallback, useState } from 'react';
import { isApiError } from './api-result.ts';

/** How often and how long a money write answered 409 'still in progress' is asked again. */
export const CONFLICT_RETRY_DELAY_MS = 1_000;
export const CONFLICT_RETRIES = 15;

/** SPEC §8: 409 'Conflict: Resource already in progress' (`data.code` IN_PROGRESS), the same write still running on the server. */
export function isStillProcessing(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && errorCodeOf(error.data) === ERROR_CODES.inProgress;
}

export interface ConflictRetryOptions {
  /** Called before each wait, so the screen can say it is still processing. */
  onWaiting?: (attempt: number) => void;
  retries?: number;
  delayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a money write and, while the server answers that the same request (same Idempotency-Key) is
 * still in progress, waits and sends it again: the server then replays the first answer, so the
 * money moves once. Any other outcome is returned or thrown as it is.
 */
export async function withConflictRetry<T>(
  run: () => Promise<T>,
  options: ConflictRetryOptions = {},
): Promise<T> {
  const retries = options.retries ?? CONFLICT_RETRIES;
  const sleep = options.sleep ?? wait;
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isStillProcessing(error) || attempt >= retries) throw error;
      options.onWaiting?.(attempt + 1);
      await sleep(options.delayMs ?? CONFLICT_RETRY_DELAY_MS);
    }
  }
}

/** A random UUID (v4); `crypto.randomUUID` is missing on plain-http pages, `getRandomValues` is not. */
export function newIntentKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * One Idempotency-Key per user intent: `begin()` makes it when the confirmation step opens and keeps
 * it (a second tap, a "Try again" after a lost connection send the same key), `end()` drops it when
 * the intent is done or changed, so the next purchase or swap gets a new one.
 */
export function useIntentKey(): { key: string | null; begin: () => string; end: () => void } {
  const [key, setKey] = useState<string | null>(null);
  const begin = useCallback(() => {
    const next = key ?? newIntentKey();
    if (next !== key) setKey(next);
    return next;
  }, [key]);
  const end = useCallback(() => setKey(null), []);
  return { key, begin, end };
}
