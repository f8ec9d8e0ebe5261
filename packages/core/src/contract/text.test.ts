import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyticsEventQuery } from './system.ts';
import { findUnsafeText, isSafeText, UNSAFE_TEXT_MESSAGE } from './text.ts';

const wellFormed = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();

describe('safe text', () => {
  it('is exactly: no NUL and well-formed UTF-16 (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (s) => {
        expect(isSafeText(s)).toBe(!s.includes('\u0000') && wellFormed(s));
      }),
      { numRuns: 2000 },
    );
    // 2 000 runs take about 3.5 s on a loaded 2-core machine: close to the default 5 s.
  }, 30_000);

  it('refuses NUL and lone surrogates, keeps pairs and every other character', () => {
    for (const bad of ['\u0000', 'a\u0000', '\ud800', 'a\ud800b', '\udc00', '\udc00\ud800', 'x\ud83d'])
      expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'Ravi', 'रवि कुमार', '😀', 'a😀b', '\u0001\u001f\u007f', '\ufffd', '\u202e'])
      expect(isSafeText(good), JSON.stringify(good)).toBe(true);
  });

  it('finds unsafe text at any depth, in keys and values, and says where', () => {
    expect(findUnsafeText({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findUnsafeText({ ok: 1, 'k\ud800': 'v' })).toEqual(['k\ud800']);
    expect(findUnsafeText([1, true, null, 'fine', { n: 2 }])).toBeNull();
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(findUnsafeText(deep)).not.toBeNull();
  });

  it('analytics details: NUL and lone surrogates written as JSON escapes are refused too', () => {
    const query = (details: string) => ({ eventName: 'page_view', eventId: 'e-1', details });
    expect(analyticsEventQuery.safeParse(query('{"userId":"u-1"}')).success).toBe(true);
    for (const details of ['{"userId":"\\u0000"}', '{"device":"\\ud800"}', '{"\\u0000":"x"}']) {
      const parsed = analyticsEventQuery.safeParse(query(details));
      expect(parsed.success, details).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
    }
    // Not JSON at all is the route's business (it answers its own message).
    expect(analyticsEventQuery.safeParse(query('not json')).success).toBe(true);
  });
});
