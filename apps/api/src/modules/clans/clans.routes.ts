import { clansRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { chiefClanId } from './clans.ts';
import { pendingRequestsOf } from './console.ts';
import { clanDetail, optionalReader } from './detail.ts';
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

  // The chief's clan (`/platform-clans/me…`).
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

  // One clan (`/platform-clans/:clanId…`), after every static path.
  mount(app, clansRoutes.clanDetail, async ({ c, params }) => {
    const deps = c.get('deps');
    return { data: await clanDetail(deps, params.clanId, await optionalReader(c)) };
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
  return app;
}
