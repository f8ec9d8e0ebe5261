import { COPY_TRUNCATE_OVER } from '../domain/constants.ts';

export interface ShortenOptions {
  /** Shorten only text longer than this many characters. Default 30 (SPEC §9). */
  over?: number;
  /** Characters kept at the start. Default 6 (`0x` and four hex digits of an address). */
  head?: number;
  /** Characters kept at the end. Default 4. */
  tail?: number;
}

/**
 * SPEC §9 "Text over 30 characters is shortened when copied": the copy field shows the first 6 and
 * the last 4 characters joined by `...` (a wallet address reads `0x1234...cdef`); the clipboard still
 * gets the full text. Text of 30 characters or fewer is unchanged. Counts code points, so an emoji is
 * never cut in half.
 */
export function shortenForCopy(text: string, options: ShortenOptions = {}): string {
  const { over = COPY_TRUNCATE_OVER, head = 6, tail = 4 } = options;
  const chars = [...text];
  if (chars.length <= over) return text;
  return `${chars.slice(0, head).join('')}...${tail > 0 ? chars.slice(-tail).join('') : ''}`;
}
