import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, sleep } from './backoff.ts';

describe('backoffDelay', () => {
  it('starts at 1 s and doubles up to 60 s', () => {
    const delays = Array.from({ length: 9 }, (_, attempt) => backoffDelay(attempt, { random: () => 0 }));

    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('jitters each delay down by at most a quarter and never above the ceiling', () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const base = Math.min(60_000, 1_000 * 2 ** attempt);
      const high = backoffDelay(attempt, { random: () => 0 });
      const low = backoffDelay(attempt, { random: () => 0.999_999 });
      expect(high).toBe(base);
      expect(low).toBeGreaterThanOrEqual(base * 0.75);
      expect(low).toBeLessThan(base);
    }
    expect(backoffDelay(10_000)).toBeLessThanOrEqual(60_000);
  });
});

describe('sleep', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves after the delay, or at once when aborted', async () => {
    vi.useFakeTimers();
    let done = false;
    void sleep(1_000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);

    const controller = new AbortController();
    const aborted = sleep(60_000, controller.signal);
    controller.abort();
    await expect(aborted).resolves.toBeUndefined();
  });
});
