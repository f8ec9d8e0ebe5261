import {
  CLAN_IMAGE_FIELD,
  CLAN_IMAGE_KINDS,
  CLAN_IMAGE_NOT_FOUND_MESSAGE,
  CLAN_IMAGE_UPLOAD_MAX_BYTES,
  CLAN_REGISTRATION_REQUIRED_MESSAGE,
  clansRoutes,
} from '@khel/core/contract';
import { Hono } from 'hono';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { ACTIVE_USER, mount, parseRouteInput } from '../../lib/route.ts';
import { PHONE_VERIFIED_MESSAGE, validPhone } from '../auth/index.ts';
import { PICTURE_MESSAGES, pictureEtag } from '../profile/index.ts';
import {
  createClan,
  loadClanImage,
  registrationView,
  saveClanImage,
  saveRegistration,
  storeVerifiedPhone,
  updateClan,
} from './chief.ts';
import { chiefClanId } from './clans.ts';
import { pendingRequestsOf } from './console.ts';
import { clanDetail, optionalReader } from './detail.ts';
import {
  clanConfig,
  clanMembersPage,
  clanRulesFor,
  clanStatus,
  listClans,
  recommendedClans,
  searchClanMembers,
  searchClans,
} from './discover.ts';
import {
  announceToClan,
  approveRequest,
  cancelJoinRequest,
  deleteClan,
  handOverClan,
  joinClan,
  leaveClan,
  refuseRequest,
  removeMember,
} from './membership.ts';

/**
 * The website's and Mini App's clan routes (SPEC §7 platform-clans; README.md). Static paths (config, rules,
 * status, list, search, recommended, otp, registration, images, me…) are mounted before `/platform-clans/:clanId`.
 */
export function clansRouter() {
  const app = new Hono<AppEnv>();

  mountClanBrowseRoutes(app);
  mountChiefRegistrationRoutes(app);
  mountMyClanRoutes(app);
  mountOneClanRoutes(app);
  return app;
}

/** Static clan reads: config, rules, the user's status, list, search and recommendations. */
function mountClanBrowseRoutes(app: Hono<AppEnv>): void {
  mount(app, clansRoutes.clanConfig, async ({ c }) => ({ data: clanConfig(c.get('deps')) }));
  mount(app, clansRoutes.clanRules, ACTIVE_USER, async ({ c, user }) => ({
    data: await clanRulesFor(c.get('deps'), user.id),
  }));
  mount(app, clansRoutes.clanStatus, ACTIVE_USER, async ({ c, user }) => ({
    data: await clanStatus(c.get('deps'), user),
  }));
  mount(app, clansRoutes.clanList, async ({ c, query }) => ({ data: await listClans(c.get('deps'), query) }));
  mount(app, clansRoutes.clanSearch, async ({ c, query }) => ({
    data: await searchClans(c.get('deps'), query.q, query),
  }));
  mount(app, clansRoutes.clanRecommended, ACTIVE_USER, async ({ c, user, query }) => ({
    data: await recommendedClans(c.get('deps'), user, query),
  }));
}

/** Becoming a chief: phone OTP, the registration, its images, and creating the clan. */
function mountChiefRegistrationRoutes(app: Hono<AppEnv>): void {
  // Becoming a chief: the phone by OTP (the sign-in codes' sender and limits), the registration, the images.
  mount(app, clansRoutes.clanOtpSend, ACTIVE_USER, async ({ c, body }) => ({
    data: await c.get('deps').otp.send(validPhone(body.phone), clientIp(c)),
    message: 'OTP sent',
  }));
  mount(app, clansRoutes.clanOtpVerify, ACTIVE_USER, async ({ c, user, body }) => {
    const deps = c.get('deps');
    const phone = validPhone(body.phone);
    await deps.otp.verify(phone, body.otp);
    return { data: await storeVerifiedPhone(deps, user.id, phone), message: PHONE_VERIFIED_MESSAGE };
  });
  mount(app, clansRoutes.clanChiefRegistration, ACTIVE_USER, async ({ c, user }) => {
    const registration = await registrationView(c.get('deps').db, user.id);
    if (!registration) throw new AppError(404, CLAN_REGISTRATION_REQUIRED_MESSAGE);
    return { data: registration };
  });
  mount(app, clansRoutes.saveClanChiefRegistration, ACTIVE_USER, async ({ c, user, body }) => ({
    data: await saveRegistration(c.get('deps'), user.id, body),
    message: 'Registration saved',
  }));
  // The contract's body describes the multipart form for the docs; `mount` must not read it as JSON.
  mount(app, { ...clansRoutes.uploadClanImage, body: undefined }, ACTIVE_USER, async ({ c, user }) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new AppError(400, PICTURE_MESSAGES.missing);
    }
    const file = form[CLAN_IMAGE_FIELD];
    if (!(file instanceof File) || file.size === 0) throw new AppError(400, PICTURE_MESSAGES.missing);
    if (file.size > CLAN_IMAGE_UPLOAD_MAX_BYTES)
      throw new AppError(413, PICTURE_MESSAGES.tooLarge(CLAN_IMAGE_UPLOAD_MAX_BYTES));
    const kind = form.kind === undefined ? 'logo' : form.kind;
    if (typeof kind !== 'string' || !(CLAN_IMAGE_KINDS as readonly string[]).includes(kind))
      throw new AppError(400, 'An image is a logo or a banner.');
    const image = await saveClanImage(c.get('deps'), user.id, kind as 'logo' | 'banner', {
      type: file.type,
      bytes: Buffer.from(await file.arrayBuffer()),
    });
    return { data: image, message: 'Image uploaded', status: 201 };
  });
  mount(app, clansRoutes.createClan, ACTIVE_USER, async ({ c, user, body }) => {
    const deps = c.get('deps');
    const clanId = await createClan(deps, user.id, body);
    return { data: await clanDetail(deps, clanId, user.id), message: 'Clan created', status: 201 };
  });
}

/** The chief's and member's own clan: edit, delete, leave, hand over, requests, members, announcements. */
function mountMyClanRoutes(app: Hono<AppEnv>): void {
  // The chief's clan (`/platform-clans/me…`).
  mount(app, clansRoutes.updateMyClan, ACTIVE_USER, async ({ c, user, body }) => {
    const deps = c.get('deps');
    const clanId = await updateClan(deps, user.id, body);
    return { data: await clanDetail(deps, clanId, user.id), message: 'Clan updated' };
  });
  mount(app, clansRoutes.deleteMyClan, ACTIVE_USER, async ({ c, user }) => {
    await deleteClan(c.get('deps'), user.id);
    return { data: { ok: true as const }, message: 'Clan deleted' };
  });
  mount(app, clansRoutes.leaveClan, ACTIVE_USER, async ({ c, user }) => {
    await leaveClan(c.get('deps'), user.id);
    return { data: { ok: true as const }, message: 'You left the clan' };
  });
  mount(app, clansRoutes.handOverClan, ACTIVE_USER, async ({ c, user, body }) => {
    const deps = c.get('deps');
    const clanId = await handOverClan(deps, user.id, body.userId);
    return { data: await clanDetail(deps, clanId, user.id), message: 'The clan has a new chief' };
  });
  mount(app, clansRoutes.myClanRequests, ACTIVE_USER, async ({ c, user }) => {
    const deps = c.get('deps');
    const clanId = await chiefClanId(deps.db, user.id);
    return { data: { requests: await pendingRequestsOf(deps, deps.db, clanId) } };
  });
  mount(app, clansRoutes.approveClanRequest, ACTIVE_USER, async ({ c, user, params }) => ({
    data: await approveRequest(c.get('deps'), user.id, params.userId),
    message: 'Request approved',
  }));
  mount(app, clansRoutes.refuseClanRequest, ACTIVE_USER, async ({ c, user, params }) => {
    await refuseRequest(c.get('deps'), user.id, params.userId);
    return { data: { ok: true as const }, message: 'Request refused' };
  });
  mount(app, clansRoutes.removeClanMember, ACTIVE_USER, async ({ c, user, params }) => {
    await removeMember(c.get('deps'), user.id, params.userId);
    return { data: { ok: true as const }, message: 'Member removed' };
  });
  mount(app, clansRoutes.announceToClan, ACTIVE_USER, async ({ c, user, body }) => ({
    data: await announceToClan(c.get('deps'), user.id, body.text),
    message: 'Announcement sent',
  }));
}

/** One clan by id (mounted last, after every static path): detail, members, image, join and cancel. */
function mountOneClanRoutes(app: Hono<AppEnv>): void {
  // One clan (`/platform-clans/:clanId…`), after every static path.
  mount(app, clansRoutes.clanDetail, async ({ c, params }) => {
    const deps = c.get('deps');
    return { data: await clanDetail(deps, params.clanId, await optionalReader(c)) };
  });
  mount(app, clansRoutes.clanMembers, async ({ c, params, query }) => ({
    data: await clanMembersPage(c.get('deps'), params.clanId, query),
  }));
  mount(app, clansRoutes.clanMemberSearch, async ({ c, params, query }) => ({
    data: { members: await searchClanMembers(c.get('deps'), params.clanId, query.username) },
  }));
  app.get(clansRoutes.clanImage.path, async (c) => {
    // Bytes, not an envelope: the contract's params (a bad id or kind is a 404 envelope), then the image.
    const { params } = await parseRouteInput(c, clansRoutes.clanImage, { body: false });
    const image = await loadClanImage(c.get('deps').db, params.clanId, params.kind);
    if (!image) throw new AppError(404, CLAN_IMAGE_NOT_FOUND_MESSAGE);
    const etag = pictureEtag(image.bytes);
    // The address carries the image's id (`?v=`), so a new image is a new address and this one may be kept.
    c.header('Cache-Control', 'public, max-age=86400');
    c.header('ETag', etag);
    c.header('Last-Modified', image.createdAt.toUTCString());
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    c.header('Content-Type', 'image/jpeg');
    c.header('Content-Disposition', 'inline');
    return c.body(new Uint8Array(image.bytes), 200);
  });
  mount(app, clansRoutes.joinClan, ACTIVE_USER, async ({ c, user, params }) => {
    const result = await joinClan(c.get('deps'), user.id, params.clanId);
    return {
      data: result,
      message: result.status === 'ACTIVE' ? 'Welcome to the clan' : 'Your request was sent to the clan chief',
    };
  });
  mount(app, clansRoutes.cancelClanRequest, ACTIVE_USER, async ({ c, user, params }) => {
    await cancelJoinRequest(c.get('deps'), user.id, params.clanId);
    return { data: { ok: true as const }, message: 'Request withdrawn' };
  });
}
