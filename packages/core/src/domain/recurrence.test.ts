import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUEST_RECURRENCES } from '../contract/quests.ts';
import { recurrencePeriod } from './recurrence.ts';

const instant = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2040-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('recurrencePeriod', () => {
  it('names the UTC day, the ISO week and the month', () => {
    const at = new Date('2026-11-29T23:30:00Z'); // a Sunday
    expect(recurrencePeriod('daily', at)).toEqual({
      start: new Date('2026-11-29T00:00:00Z'),
      end: new Date('2026-11-30T00:00:00Z'),
      key: '2026-11-29',
    });
    expect(recurrencePeriod('weekly', at)).toEqual({
      start: new Date('2026-11-23T00:00:00Z'),
      end: new Date('2026-11-30T00:00:00Z'),
      key: '2026-W48',
    });
    expect(recurrencePeriod('monthly', at).key).toBe('2026-11');
    // 1 January 2027 is a Friday: its ISO week is the 53rd of 2026.
    expect(recurrencePeriod('weekly', new Date('2027-01-01T12:00:00Z')).key).toBe('2026-W53');
    expect(recurrencePeriod('weekly', new Date('2027-01-04T00:00:00Z')).key).toBe('2027-W01');
  });

  it('puts every instant in one period, and each period ends where the next begins', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...QUEST_RECURRENCES), (at, recurrence) => {
        const p = recurrencePeriod(recurrence, at);
        expect(p.start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime()).toBeLessThan(p.end.getTime());
        const next = recurrencePeriod(recurrence, p.end);
        expect(next.start).toEqual(p.end);
        expect(next.key).not.toBe(p.key);
        expect(recurrencePeriod(recurrence, new Date(p.end.getTime() - 1)).key).toBe(p.key);
      }),
    );
  });
});
