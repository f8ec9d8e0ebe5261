import { describe, expect, it } from 'vitest';
import { shortenForCopy } from './text.ts';

describe('text over 30 characters is shortened when copied (SPEC §9)', () => {
  const address = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

  it('an address becomes first 6 + ... + last 4', () => {
    expect(shortenForCopy(address)).toBe('0x71C7...976F');
  });

  it('30 characters stay as they are; 31 are shortened', () => {
    const thirty = `${'a'.repeat(26)}bcde`;
    expect(shortenForCopy(thirty)).toBe(thirty);
    expect(shortenForCopy(`x${thirty}`)).toBe('xaaaaa...bcde');
  });

  it('counts code points, so an emoji is not cut in half', () => {
    const text = `🎮${'a'.repeat(29)}🏆`;
    expect(shortenForCopy(text)).toBe('🎮aaaaa...aaa🏆');
  });

  it('head, tail and threshold are options', () => {
    expect(shortenForCopy(address, { head: 4, tail: 0 })).toBe('0x71...');
    expect(shortenForCopy('abcdefghij', { over: 5, head: 2, tail: 2 })).toBe('ab...ij');
  });
});
