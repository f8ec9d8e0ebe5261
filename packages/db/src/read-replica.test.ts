import { describe, expect, it } from 'vitest';
import { createLagMeter, parseLsn } from './read-replica.ts';

describe('the read replica lag measure', () => {
  it('reads WAL positions', () => {
    expect(parseLsn('0/3000000')).toBe(0x3000000n);
    expect(parseLsn('1/0')).toBe(1n << 32n);
    expect(parseLsn('16/B374D848')).toBeGreaterThan(parseLsn('16/B374D847'));
    expect(() => parseLsn('nonsense')).toThrow();
  });

  it('is the age of the newest primary position the replica has replayed', () => {
    const lag = createLagMeter();
    // Caught up: no lag, however long the primary stays idle.
    expect(lag(0, 100n, 100n)).toBe(0);
    expect(lag(5_000, 100n, 100n)).toBe(0);
    // The primary moves on; the replica holds at 100: the lag grows from the last sample it had.
    expect(lag(5_100, 200n, 100n)).toBe(100);
    expect(lag(5_200, 300n, 100n)).toBe(200);
    // It replays up to 200 (the position of t=5 100), not yet 300.
    expect(lag(5_300, 300n, 250n)).toBe(200);
    expect(lag(5_400, 300n, 300n)).toBe(0);
  });

  it('is at least the age of the oldest sample when the replica is behind all of them', () => {
    const lag = createLagMeter();
    expect(lag(1_000, 500n, 100n)).toBe(0);
    expect(lag(1_500, 600n, 100n)).toBe(500);
  });
});
