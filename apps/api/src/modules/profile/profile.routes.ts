import {
  MULTIPART_OVERHEAD_BYTES,
  OTP_MESSAGES,
  PROFILE_PICTURE_FIELD,
  profileRoutes,
  USERNAME_AVAILABLE_MESSAGE,
  WALLET_NOT_FOUND_MESSAGE,
} from '@khel/core/contract';
import { ERROR_CODES } from '@khel/core/domain';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, envelope } from '../../lib/http.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { ACTIVE_USER, checkRouteAccess, mount, parseRouteInput } from '../../lib/route.ts';
import { sendEmailCode, verifyEmailCode } from './email-verification.ts';
import {
  assertUsernameAvailable,
  getProfileView,
  professionsOf,
  profilePictureUrl,
  setProfessions,
  setUsername,
  updateProfile,
} from './profile.ts';
import {
  loadProfilePicture,
  PICTURE_MESSAGES,
  pictureEtag,
  processProfilePicture,
  saveProfilePicture,
} from './profile-picture.ts';

/** verify-username is cheap but enumerates names: 60 checks a minute per account is plenty for a form. */
const USERNAME_CHECKS_PER_MINUTE = 60;
/** Multipart framing around the file. */

/** The stored JPEG with a validator; `If-None-Match` gets a 304. */
function servePicture(
  c: Context<AppEnv>,
  picture: { bytes: Buffer; updatedAt: Date },
  cacheControl: string,
): Response {
  const etag = pictureEtag(picture.bytes);
  c.header('Cache-Control', cacheControl);
  c.header('ETag', etag);
  c.header('Last-Modified', picture.updatedAt.toUTCString());
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  c.header('Content-Type', 'image/jpeg');
  c.header('Content-Disposition', 'inline');
  return c.body(new Uint8Array(picture.bytes), 200);
}

export function profileRouter() {
  const app = new Hono<AppEnv>();

  mountProfileFieldRoutes(app);
  mountVerificationRoutes(app);
  mountPictureRoutes(app);
  return app;
}

/** The profile and its fields: username, email, professions. */
function mountProfileFieldRoutes(app: Hono<AppEnv>): void {
  mount(app, profileRoutes.profile, ACTIVE_USER, async ({ c, user }) => {
    const deps = c.get('deps');
    return { data: await getProfileView(deps, user) };
  });

  mount(app, profileRoutes.updateProfile, ACTIVE_USER, async ({ c, body, user }) => {
    const deps = c.get('deps');
    const updated = await updateProfile(deps, user, body);
    return { data: await getProfileView(deps, updated), message: 'Profile updated' };
  });

  mount(app, profileRoutes.verifyUsername, ACTIVE_USER, async ({ c, query, user }) => {
    const deps = c.get('deps');
    const hit = await hitRateLimit(
      deps.db,
      `verify-username:${user.id}`,
      USERNAME_CHECKS_PER_MINUTE,
      60_000,
      deps.clock(),
    );
    if (!hit.allowed)
      throw new AppError(429, OTP_MESSAGES.tooMany, null, {
        'Retry-After': String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000))),
      });
    await assertUsernameAvailable(deps.db, user.id, query.username);
    return { data: { username: query.username, available: true }, message: USERNAME_AVAILABLE_MESSAGE };
  });

  mount(app, profileRoutes.updateUsername, ACTIVE_USER, async ({ c, body, user }) => {
    const deps = c.get('deps');
    const updated = await setUsername(deps, user, body.username);
    return { data: await getProfileView(deps, updated), message: 'Username updated' };
  });

  mount(app, profileRoutes.updateEmail, ACTIVE_USER, async ({ c, body, user }) => {
    const deps = c.get('deps');
    return { data: await sendEmailCode(deps, user, body.email), message: 'We sent a code to your email' };
  });

  mount(app, profileRoutes.verifyEmail, ACTIVE_USER, async ({ c, body, user }) => {
    const deps = c.get('deps');
    return { data: await verifyEmailCode(deps, user, body.code), message: 'Email verified' };
  });

  mount(app, profileRoutes.professions, ACTIVE_USER, async ({ user }) => {
    return { data: professionsOf(user) };
  });

  mount(app, profileRoutes.updateProfessions, ACTIVE_USER, async ({ c, body, user }) => {
    const deps = c.get('deps');
    return { data: professionsOf(await setProfessions(deps, user, body)), message: 'Preferences updated' };
  });
}

/** What the user has verified, and the wallet address (404 with the wallet-missing code when none). */
function mountVerificationRoutes(app: Hono<AppEnv>): void {
  mount(app, profileRoutes.isVerified, ACTIVE_USER, async ({ user }) => {
    return {
      data: {
        is_verified: user.isVerified,
        phone_verified: user.isVerified && user.phoneNumber !== null,
        email_verified: user.emailVerifiedAt !== null && user.email !== null,
      },
    };
  });

  mount(app, profileRoutes.walletAddress, ACTIVE_USER, async ({ c, user }) => {
    const deps = c.get('deps');
    const address = await deps.wallets.getAddress(user.id);
    // SPEC §8 "Wallet missing": the client recognises this exact shape and opens the wallet modal.
    if (!address) throw new AppError(404, WALLET_NOT_FOUND_MESSAGE, { code: ERROR_CODES.walletNotFound });
    return { data: { evmWalletAddress: address } };
  });
}

/** The profile picture: upload (size-limited before reading), the user's own, and another user's. */
function mountPictureRoutes(app: Hono<AppEnv>): void {
  app.post(profileRoutes.uploadProfilePicture.path, async (c, next) => {
    const max = c.get('deps').env.PROFILE_PICTURE_MAX_BYTES;
    // Refuse an oversized upload before reading it, whether or not it says its length.
    return bodyLimit({
      maxSize: max + MULTIPART_OVERHEAD_BYTES,
      onError: (ctx) => envelope(ctx, 413, null, PICTURE_MESSAGES.tooLarge(max)),
    })(c, next);
  });
  // The contract's body describes the multipart form for the docs; `mount` must not read it as JSON.
  mount(app, { ...profileRoutes.uploadProfilePicture, body: undefined }, ACTIVE_USER, async ({ c, user }) => {
    const deps = c.get('deps');
    const max = deps.env.PROFILE_PICTURE_MAX_BYTES;
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new AppError(400, PICTURE_MESSAGES.missing);
    }
    const file = form[PROFILE_PICTURE_FIELD];
    if (!(file instanceof File) || file.size === 0) throw new AppError(400, PICTURE_MESSAGES.missing);
    if (file.size > max) throw new AppError(413, PICTURE_MESSAGES.tooLarge(max));
    const picture = await processProfilePicture(file.type, Buffer.from(await file.arrayBuffer()));
    const now = deps.clock();
    await saveProfilePicture(deps.db, user.id, picture, now);
    return {
      data: {
        photo_url: profilePictureUrl(deps, user.id, now),
        width: picture.width,
        height: picture.height,
        bytes: picture.jpeg.length,
      },
      message: 'Profile picture updated',
      status: 201,
    };
  });

  app.get(profileRoutes.myProfilePicture.path, async (c) => {
    const deps = c.get('deps');
    // Bytes, not an envelope: the same checks as `mount`, then the active user.
    await checkRouteAccess(c, profileRoutes.myProfilePicture);
    const user = await deps.access.activeUser(deps.db, c.get('userId'));
    const picture = await loadProfilePicture(deps.db, user.id);
    if (!picture) throw new AppError(404, PICTURE_MESSAGES.notFound);
    return servePicture(c, picture, 'private, no-cache');
  });

  app.get(profileRoutes.userProfilePicture.path, async (c) => {
    // Bytes, not an envelope: the contract's params (an id that is not a UUID is a 404), then the picture.
    const { params } = await parseRouteInput(c, profileRoutes.userProfilePicture, { body: false });
    const picture = await loadProfilePicture(c.get('deps').db, params.id);
    if (!picture) throw new AppError(404, PICTURE_MESSAGES.notFound);
    // Public and shared by every viewer; a new upload has a new `v` in photo_url.
    return servePicture(c, picture, 'public, max-age=86400');
  });
}
