import { afterEach, describe, expect, it, vi } from 'vitest';
import { SendPacer } from './pacer.ts';

/** Runs `count` sends through the pacer on the fake clock, each answered after `latencyMs`; their start times. */
async function paced(pacer: SendPacer, count: number, latencyMs: number) {
  const starts: number[] = [];
  const ends: number[] = [];
  const all = Promise.all(
    Array.from({ length: count }, () =>
      pacer.run(async () => {
        starts.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, latencyMs));
        ends.push(Date.now());
      }),
    ),
  );
  await vi.runAllTimersAsync();
  await all;
  return { starts: starts.sort((a, b) => a - b), ends: ends.sort((a, b) => a - b) };
}

/** The most starts within any `windowMs` (half-open, as Telegram and the fake count). */
function busiestWindow(starts: number[], windowMs: number) {
  let most = 0;
  for (let i = 0, j = 0; i < starts.length; i++) {
    while ((starts[i] as number) - (starts[j] as number) >= windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('SendPacer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    { rate: 30, count: 90 },
    { rate: 1_000, count: 3_000 },
  ])(
    'paces $count sends at $rate/s evenly: they take (N − 1)/R of the test clock, not less',
    async ({ rate, count }) => {
      // Fake timers: each send takes 2 ms of the test clock, and the pacer's waits run on the same clock.
      vi.useFakeTimers();
      const t0 = Date.now();
      const { starts } = await paced(new SendPacer(rate, 1_000), count, 2);
      expect(starts).toHaveLength(count);
      const intervalMs = 1_000 / rate;
      // Never faster than the rate: the k-th send starts no sooner than k intervals after the first …
      starts.forEach((at, k) => {
        expect(at - t0).toBeGreaterThanOrEqual(Math.floor(k * intervalMs) - 1);
      });
      expect(busiestWindow(starts, 1_000)).toBeLessThanOrEqual(rate);
      // … and not slower either (the test clock only moves by the pacer's own waits): within 2 % of N/R.
      const spanMs = (starts.at(-1) as number) - t0;
      expect(spanMs).toBeGreaterThanOrEqual((count - 1) * intervalMs - 1);
      expect(spanMs).toBeLessThanOrEqual((count - 1) * intervalMs * 1.02 + 2);
    },
  );

  it('never lets more than `limit` sends into a window counted from when each answer came back', async () => {
    // Slow answers (400 ms for a 5-per-second pacer): the window rule, not the spacing, holds them back.
    vi.useFakeTimers();
    const windowMs = 1_000;
    const { starts, ends } = await paced(new SendPacer(5, windowMs), 15, 400);
    expect(ends).toHaveLength(15);
    for (let i = 5; i < starts.length; i++) {
      expect(starts[i]! - ends[i - 5]!).toBeGreaterThanOrEqual(windowMs);
    }
  });

  it('a burst lets that many sends go at once after a quiet spell, then paces the rest', async () => {
    vi.useFakeTimers();
    const t0 = Date.now();
    const { starts } = await paced(new SendPacer(10, 1_000, Date.now, 5), 10, 1);
    // GCRA with a burst of 5 at 10/s: 5 at once, then every 100 ms, never more than 10 in a second.
    expect(starts.slice(0, 5).every((at) => at === t0)).toBe(true);
    expect(starts[5]! - t0).toBeGreaterThanOrEqual(99);
    expect(busiestWindow(starts, 1_000)).toBeLessThanOrEqual(10);
  });

  it('passes a send failure on and still counts it; an abort while waiting resolves undefined', async () => {
    const pacer = new SendPacer(1, 10_000);
    await expect(pacer.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    const controller = new AbortController();
    const waiting = pacer.run(async () => 'sent', controller.signal);
    controller.abort();
    await expect(waiting).resolves.toBeUndefined();
    expect(() => new SendPacer(0, 1_000)).toThrow(RangeError);
    expect(() => new SendPacer(5, 1_000, Date.now, 6)).toThrow(RangeError);
  });
});
