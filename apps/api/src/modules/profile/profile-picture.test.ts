import { JPEG_ONLY_MESSAGE } from '@khel/core/validation';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { app1Segments, makeJpeg, makePng, multipart, signedInUser } from './profile.test-support.ts';
import { PICTURE_MESSAGES } from './profile-picture.ts';

const MAX_BYTES = 200 * 1024;

describe.each(DB_KINDS)('profile picture on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {
      PROFILE_PICTURE_MAX_BYTES: String(MAX_BYTES),
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const upload = async (
    auth: Record<string, string>,
    body: FormData | string,
    headers: Record<string, string> = {},
  ) => {
    const res = await ctx.app.request('/users/me/profile-picture', {
      method: 'POST',
      body,
      headers: { ...auth, ...headers },
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const pictureCount = async () => (await ctx.deps.db.query.profilePictures.findMany()).length;

  it('a JPEG with EXIF and GPS comes back re-encoded without them, at most 512×512, aspect kept', async () => {
    const { user, auth } = await signedInUser(ctx);
    const original = await makeJpeg(1600, 1200, { exif: true });
    // The test image really carries the metadata we expect to be stripped.
    expect(app1Segments(original).some((s) => s.startsWith('Exif'))).toBe(true);
    expect(original.includes('KhelTestCam')).toBe(true);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(auth, multipart(original));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ width: 512, height: 384 });
    expect(res.body.data.photo_url).toMatch(new RegExp(`^/api/users/${user.id}/profile-picture\\?v=\\d+$`));

    const mine = await ctx.app.request('/users/me/profile-picture', { headers: auth });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/jpeg');
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    const stored = Buffer.from(await mine.arrayBuffer());
    expect([...stored.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(app1Segments(stored)).toEqual([]);
    expect(stored.includes('KhelTestCam')).toBe(false);
    expect(stored.includes('Exif')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 384 });
    expect(meta.exif).toBeUndefined();

    // The profile points at it.
    const profile = await ctx.json('/users/me/profile', { headers: auth });
    expect(profile.body.data.photo_url).toBe(res.body.data.photo_url);
  });

  it('the public URL serves the same bytes with caching headers and answers 304 to its ETag', async () => {
    const { user, auth } = await signedInUser(ctx);
    await upload(auth, multipart(await makeJpeg(300, 300)));
    const res = await ctx.app.request(`/users/${user.id}/profile-picture`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(300);
    const again = await ctx.app.request(`/users/${user.id}/profile-picture`, {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);

    for (const path of [
      `/users/${crypto.randomUUID()}/profile-picture`,
      '/users/not-a-uuid/profile-picture',
    ]) {
      const missing = await ctx.json(path);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ success: false, message: PICTURE_MESSAGES.notFound });
    }
  });

  it('SPEC §5 JPEG only: a PNG renamed .jpg, a PNG declared as PNG and a JPEG declared as PNG are refused', async () => {
    const { auth } = await signedInUser(ctx);
    const before = await pictureCount();
    const png = await makePng();
    for (const form of [
      multipart(png, { type: 'image/jpeg', filename: 'cat.jpg' }),
      multipart(png, { type: 'image/png', filename: 'cat.png' }),
      multipart(await makeJpeg(), { type: 'image/png', filename: 'cat.png' }),
    ]) {
      const res = await upload(auth, form);
      expect(res.status).toBe(415);
      expect(res.body.message).toBe(JPEG_ONLY_MESSAGE);
    }
    expect(await pictureCount()).toBe(before);
  });

  it('JPEG magic bytes over garbage are refused as unreadable', async () => {
    const { auth } = await signedInUser(ctx);
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const res = await upload(auth, multipart(fake));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PICTURE_MESSAGES.unreadable);
  });

  it('a file over the size limit is refused with 413, with or without a Content-Length', async () => {
    const { auth } = await signedInUser(ctx);
    const before = await pictureCount();
    // A valid JPEG padded past the limit with bytes after its end marker: just over (caught on the file's
    // size) and far over (caught while the body is read, before it is parsed).
    for (const padding of [MAX_BYTES + 1, MAX_BYTES + 100 * 1024]) {
      const padded = Buffer.concat([await makeJpeg(), Buffer.alloc(padding, 0)]);
      const res = await upload(auth, multipart(padded));
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({
        success: false,
        status: 413,
        message: PICTURE_MESSAGES.tooLarge(MAX_BYTES),
      });
    }
    const big = Buffer.concat([await makeJpeg(), Buffer.alloc(2 * MAX_BYTES, 0)]);
    // The body limit acts before anything else, even the sign-in check.
    expect((await upload({}, multipart(big))).status).toBe(413);

    const encoded = new Response(multipart(big));
    const body = new Uint8Array(await encoded.arrayBuffer());
    const declared = await ctx.app.request('/users/me/profile-picture', {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': encoded.headers.get('content-type')!,
        'content-length': String(body.length),
      },
      body,
    });
    expect(declared.status).toBe(413);
    expect(await pictureCount()).toBe(before);
  });

  it('no file, a text field, or no sign-in', async () => {
    const { auth } = await signedInUser(ctx);
    const text = new FormData();
    text.append('file', 'not a file');
    expect((await upload(auth, text)).body.message).toBe(PICTURE_MESSAGES.missing);
    expect((await upload(auth, multipart(await makeJpeg(), { field: 'photo' }))).status).toBe(400);
    expect((await upload(auth, '{"file":1}', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await upload({}, multipart(await makeJpeg()))).status).toBe(401);
    expect((await ctx.json('/users/me/profile-picture', { headers: auth })).status).toBe(404);
  });
});
