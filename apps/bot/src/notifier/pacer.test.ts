import { afterEach, describe, expect, it, vi } from 'vitest';
import { SendPacer } from './pacer.ts';

describe('SendPacer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never starts more than `limit` sends within a window counted from when each answer came back', async () => {
    // Fake timers: each send takes 5 ms of the test clock, and the pacer's waits run on the same clock.
    vi.useFakeTimers();
    const windowMs = 60;
    const pacer = new SendPacer(5, windowMs);
    const starts: number[] = [];
    const ends: number[] = [];
    const all = Promise.all(
      Array.from({ length: 15 }, () =>
        pacer.run(async () => {
          starts.push(Date.now());
          await new Promise((resolve) => setTimeout(resolve, 5));
          ends.push(Date.now());
        }),
      ),
    );
    await vi.runAllTimersAsync();
    await all;
    expect(ends).toHaveLength(15);
    starts.sort((a, b) => a - b);
    ends.sort((a, b) => a - b);
    // The 6th start waits for the 1st answer plus the window, and so on.
    for (let i = 5; i < starts.length; i++) {
      expect(starts[i]! - ends[i - 5]!).toBeGreaterThanOrEqual(windowMs);
    }
  });

  it('passes a send failure on and still counts it; an abort while waiting resolves undefined', async () => {
    const pacer = new SendPacer(1, 10_000);
    await expect(pacer.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    const controller = new AbortController();
    const waiting = pacer.run(async () => 'sent', controller.signal);
    controller.abort();
    await expect(waiting).resolves.toBeUndefined();
  });
});
