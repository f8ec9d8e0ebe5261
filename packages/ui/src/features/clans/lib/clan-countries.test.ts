import { DIAL_CODES, validateJpegUpload } from '@khel/core/validation';
import { describe, expect, it } from 'vitest';
import { CLAN_COUNTRIES, flagOf, isJpeg } from './clan-countries.ts';

describe('the clans copies of the country and JPEG rules', () => {
  it('lists the countries and calling codes of @khel/core/validation', () => {
    expect(Object.fromEntries(CLAN_COUNTRIES.map((c) => [c.code, c.dialCode]))).toEqual(DIAL_CODES);
    expect(flagOf('in')).toBe('🇮🇳');
  });

  it('accepts and refuses the same files as validateJpegUpload', async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    for (const [bytes, type] of [
      [jpeg, 'image/jpeg'],
      [jpeg, 'image/png'],
      [png, 'image/jpeg'],
      [jpeg, 'IMAGE/PJPEG'],
    ] as const) {
      const expected = validateJpegUpload({ type, bytes: bytes.slice(0, 3) }) === null;
      expect(await isJpeg(new Blob([bytes], { type }))).toBe(expected);
    }
  });
});
