import { describe, expect, it } from 'vitest';
import { hasJpegSignature, isJpegMimeType, JPEG_ONLY_MESSAGE, validateJpegUpload } from './upload.ts';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);

describe('uploads: image type jpeg only (SPEC §5)', () => {
  it('MIME type: image/jpeg (and the image/jpg some pickers send) pass; png, webp, heic do not', () => {
    expect(isJpegMimeType('image/jpeg')).toBe(true);
    expect(isJpegMimeType('IMAGE/JPEG')).toBe(true);
    expect(isJpegMimeType('image/jpg')).toBe(true);
    for (const type of ['image/png', 'image/webp', 'image/heic', 'application/octet-stream', '']) {
      expect(isJpegMimeType(type)).toBe(false);
    }
  });

  it('magic bytes FF D8 FF', () => {
    expect(hasJpegSignature(JPEG)).toBe(true);
    expect(hasJpegSignature(PNG)).toBe(false);
    expect(hasJpegSignature(new Uint8Array([0xff, 0xd8]))).toBe(false);
    expect(hasJpegSignature(new Uint8Array())).toBe(false);
  });

  it('a PNG declared as image/jpeg is refused once its bytes are known', () => {
    expect(validateJpegUpload({ type: 'image/jpeg' })).toBeNull();
    expect(validateJpegUpload({ type: 'image/jpeg', bytes: JPEG })).toBeNull();
    expect(validateJpegUpload({ type: 'image/jpeg', bytes: PNG })).toBe(JPEG_ONLY_MESSAGE);
    expect(validateJpegUpload({ type: 'image/png', bytes: JPEG })).toBe('Only JPEG images are allowed');
  });
});
