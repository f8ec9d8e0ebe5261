import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCardEntityLabel, toEarningDisplayStatus } from './earnings.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('earning status mapping (SPEC §3 table)', () => {
  it.each([
    ['EARNING PENDING', 'READY_TO_COLLECT'],
    ['EARNING CREDITED', 'COLLECTED'],
    ['EARNING EXPIRED', 'EXPIRED'],
    ['EARNING DISTRIBUTING', 'DISTRIBUTING'],
    ['EARNING FAILED', 'FAILED'],
  ])('%s → %s', (backend, display) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(toEarningDisplayStatus(backend)).toBe(display);
    expect(warn).not.toHaveBeenCalled();
  });

  it('tolerates case, underscores and surrounding spaces', () => {
    expect(toEarningDisplayStatus('earning_pending')).toBe('READY_TO_COLLECT');
    expect(toEarningDisplayStatus(' Earning  Credited ')).toBe('COLLECTED');
  });

  it('an unknown earning status only logs a warning and maps to undefined', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(toEarningDisplayStatus('EARNING REVERSED')).toBeUndefined();
    expect(toEarningDisplayStatus(undefined)).toBeUndefined();
    expect(toEarningDisplayStatus('toString')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]?.[0]).toContain('EARNING REVERSED');
  });
});

describe('card entity types (SPEC §3)', () => {
  it('kdrop = K-DROP, kquest = K-QUEST, clanchieflite = CLAN CHIEF', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(toCardEntityLabel('kdrop')).toBe('K-DROP');
    expect(toCardEntityLabel('kquest')).toBe('K-QUEST');
    expect(toCardEntityLabel('clanchieflite')).toBe('CLAN CHIEF');
    expect(toCardEntityLabel('KDROP')).toBe('K-DROP');
    expect(warn).not.toHaveBeenCalled();
  });

  it('unknown defaults to K-QUEST with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(toCardEntityLabel('klash')).toBe('K-QUEST');
    expect(toCardEntityLabel(null)).toBe('K-QUEST');
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
