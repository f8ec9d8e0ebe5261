import { describe, expect, it } from 'vitest';
import { MEMO_ALPHABET, memoFromComment, newMemo } from './memo.ts';

describe('TON deposit memos', () => {
  it('are KHEL- and two groups of four base32 characters, from 40 random bits', () => {
    expect(newMemo(() => Buffer.alloc(5, 0))).toBe('KHEL-0000-0000');
    expect(newMemo(() => Buffer.alloc(5, 0xff))).toBe('KHEL-ZZZZ-ZZZZ');
    const seen = new Set(Array.from({ length: 2000 }, () => newMemo()));
    expect(seen.size).toBe(2000);
    for (const memo of seen) expect(memoFromComment(memo)).toBe(memo);
  });

  it('are read back from a comment whatever its case and surrounding spaces', () => {
    expect(memoFromComment('  khel-7k2m-qx9d \n')).toBe('KHEL-7K2M-QX9D');
  });

  it('name nothing for any other comment', () => {
    for (const text of [
      null,
      undefined,
      '',
      'KHEL-7K2M',
      'KHEL-7K2M-QX9DX',
      'pay KHEL-7K2M-QX9D',
      'KHEL-7K2M-QX9U',
      'KHEL7K2MQX9D',
    ])
      expect(memoFromComment(text)).toBeNull();
    expect(MEMO_ALPHABET).not.toMatch(/[ILOU]/);
  });
});
