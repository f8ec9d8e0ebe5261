import { createHash } from 'node:crypto';
import {
  PICTURE_MISSING_MESSAGE,
  PICTURE_UNREADABLE_MESSAGE,
  PROFILE_PICTURE_NOT_FOUND_MESSAGE,
} from '@khel/core/contract';
import { JPEG_ONLY_MESSAGE, validateJpegUpload } from '@khel/core/validation';
import type { Executor } from '@khel/db';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/http.ts';

/** Stored pictures fit in this square (aspect ratio kept, never enlarged). */
export const PROFILE_PICTURE_MAX_SIDE = 512;
/** Larger inputs are refused before decoding: a small file can declare a huge canvas. */
const MAX_INPUT_PIXELS = 40_000_000;

export const PICTURE_MESSAGES = {
  missing: PICTURE_MISSING_MESSAGE,
  tooLarge: (maxBytes: number) => `The image is too large. It must be at most ${formatMb(maxBytes)}.`,
  unreadable: PICTURE_UNREADABLE_MESSAGE,
  notFound: PROFILE_PICTURE_NOT_FOUND_MESSAGE,
} as const;

function formatMb(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

export interface ProcessedPicture {
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * SPEC §5 "image type jpeg only": the declared type and the file's own bytes must both say JPEG, and
 * the decoder must agree. The image is decoded, turned upright (EXIF orientation), shrunk to at most
 * 512×512 and encoded afresh, so nothing of the original file survives: no EXIF, GPS, XMP, comments
 * or trailing bytes.
 */
// sharp (libvips) is loaded on the first upload, not at start: most processes never decode a picture.
/**
 * The box a picture is fitted to, given its upright size: a profile picture fits in 512×512 (the default);
 * modules/clans crops logos square and banners 3:1 with the same decoder and encoder.
 */
export type PictureFrame = (
  width: number,
  height: number,
) => { width: number; height: number; fit: 'inside' | 'cover' };

const PROFILE_FRAME: PictureFrame = () => ({
  width: PROFILE_PICTURE_MAX_SIDE,
  height: PROFILE_PICTURE_MAX_SIDE,
  fit: 'inside',
});

export async function processProfilePicture(
  declaredType: string,
  bytes: Buffer,
  frame: PictureFrame = PROFILE_FRAME,
): Promise<ProcessedPicture> {
  if (validateJpegUpload({ type: declaredType, bytes })) throw new AppError(415, JPEG_ONLY_MESSAGE);
  const sharp = (await import('sharp')).default;
  let format: string | undefined;
  let size = { width: 0, height: 0 };
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
    // EXIF orientations 5 to 8 turn the picture a quarter: its upright size is the other way round.
    const turned = (meta.orientation ?? 1) >= 5;
    size = turned
      ? { width: meta.height ?? 0, height: meta.width ?? 0 }
      : { width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    throw new AppError(400, PICTURE_MESSAGES.unreadable);
  }
  if (format !== 'jpeg') throw new AppError(415, JPEG_ONLY_MESSAGE);
  const box = frame(size.width, size.height);
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize(box.width, box.height, { fit: box.fit, withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    throw new AppError(400, PICTURE_MESSAGES.unreadable);
  }
}

export async function saveProfilePicture(db: Executor, userId: string, picture: ProcessedPicture, now: Date) {
  const values = {
    contentType: 'image/jpeg',
    bytes: picture.jpeg,
    width: picture.width,
    height: picture.height,
    updatedAt: now,
  };
  await db
    .insert(schema.profilePictures)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: schema.profilePictures.userId, set: values });
}

export async function loadProfilePicture(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(schema.profilePictures)
    .where(eq(schema.profilePictures.userId, userId));
  return row ?? null;
}

/** A strong validator for the stored bytes. */
export function pictureEtag(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}
