import { randomInt } from 'node:crypto';
import { schema } from '@khel/db';
import type { UserRow } from '@khel/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { TestContext } from '../../test-support.ts';
import { completeSignIn } from '../auth/sign-in.ts';

export interface SignedInUser {
  user: UserRow;
  accessToken: string;
  refreshToken: string;
  auth: { authorization: string };
}

/** A random valid Indian mobile, so tests never share a phone or its limits. */
export const randomIndianPhone = () => `+9198${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/**
 * An account signed in the way every method ends (completeSignIn: first-sign-in hooks, then tokens),
 * without going through a particular method's routes.
 */
export async function signedInUser(
  ctx: TestContext,
  fields: Partial<typeof schema.users.$inferInsert> = {},
): Promise<SignedInUser> {
  const [user] = await ctx.deps.db
    .insert(schema.users)
    .values({ phoneNumber: randomIndianPhone(), isVerified: true, ...fields })
    .returning();
  const result = await completeSignIn(ctx.deps, user!, true, 'website');
  return {
    user: user!,
    accessToken: result.accessToken,
    refreshToken: result.refreshToken,
    auth: { authorization: `Bearer ${result.accessToken}` },
  };
}

export async function userRow(ctx: TestContext, id: string): Promise<UserRow> {
  const [row] = await ctx.deps.db.select().from(schema.users).where(eq(schema.users.id, id));
  return row!;
}

/** A real JPEG of the given size, made with sharp. */
export async function makeJpeg(width = 64, height = 48, options: { exif?: boolean } = {}): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).jpeg({
    quality: 90,
  });
  if (options.exif) {
    image = image.withExif({
      IFD0: { Make: 'KhelTestCam', Model: 'GPS-Leaker 9000', Copyright: 'Secret Owner' },
      // GPS IFD: the tags a phone writes; sharp writes them verbatim.
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '19/1 4/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '72/1 52/1 0/1',
      },
    });
  }
  return image.toBuffer();
}

export async function makePng(width = 32, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#00ff00' } })
    .png()
    .toBuffer();
}

/** Offsets of APP1 (EXIF/XMP) segments in a JPEG's header, found by walking its markers. */
export function app1Segments(jpeg: Buffer): string[] {
  const found: string[] = [];
  let offset = 2;
  while (offset + 4 <= jpeg.length && jpeg[offset] === 0xff) {
    const marker = jpeg[offset + 1]!;
    if (marker === 0xda || marker === 0xd9) break; // start of scan / end of image
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker === 0xe1)
      found.push(jpeg.subarray(offset + 4, offset + 4 + Math.min(length - 2, 8)).toString('latin1'));
    offset += 2 + length;
  }
  return found;
}

export function multipart(
  bytes: Buffer,
  options: { type?: string; filename?: string; field?: string } = {},
): FormData {
  const form = new FormData();
  form.append(
    options.field ?? 'file',
    new File([new Uint8Array(bytes)], options.filename ?? 'photo.jpg', {
      type: options.type ?? 'image/jpeg',
    }),
  );
  return form;
}
