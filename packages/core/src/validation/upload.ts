/** SPEC §5: image uploads are JPEG only. */
export const JPEG_ONLY_MESSAGE = 'Only JPEG images are allowed';

/** `image/jpg` is not registered but some Android pickers send it; `image/pjpeg` is old IE's name. */
export const JPEG_MIME_TYPES: readonly string[] = ['image/jpeg', 'image/jpg', 'image/pjpeg'];

/** Every JPEG file starts with the SOI marker FF D8 followed by the first segment marker FF. */
export const JPEG_MAGIC_BYTES: readonly number[] = [0xff, 0xd8, 0xff];

export function isJpegMimeType(type: string): boolean {
  return JPEG_MIME_TYPES.includes(type.trim().toLowerCase());
}

export function hasJpegSignature(bytes: Uint8Array): boolean {
  return JPEG_MAGIC_BYTES.every((byte, i) => bytes[i] === byte);
}

/**
 * The declared type must be JPEG, and when the first bytes are given (the server always has them;
 * a browser can read them with `file.slice(0, 3).arrayBuffer()`), they must be JPEG too, so a PNG
 * renamed to `.jpg` is refused.
 */
export function validateJpegUpload(file: { type: string; bytes?: Uint8Array }): string | null {
  if (!isJpegMimeType(file.type)) return JPEG_ONLY_MESSAGE;
  if (file.bytes !== undefined && !hasJpegSignature(file.bytes)) return JPEG_ONLY_MESSAGE;
  return null;
}
