import { clansRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { clanConsole, clanOfTelegramGroup, linkTelegramGroup, unlinkTelegramGroup } from './console.ts';
import { announceToClan, approveRequest, refuseRequest, removeMember } from './membership.ts';

/**
 * The chief's console in Telegram (auth 'bot': lib/route.ts checked the bot's assertion and found the Khel account
 * of the Telegram user). Every action names its clan and checks, in its transaction, that the user is that clan's
 * chief now (403, nothing changed, otherwise: CLAN_NO_LONGER_CHIEF_MESSAGE for a former chief, else
 * CLAN_NOT_CHIEF_MESSAGE). The clan of a group (`/clan` typed in it) is answered to any Telegram user.
 */
export function clanBotRouter() {
  const app = new Hono<AppEnv>();

  mount(app, clansRoutes.botClanConsole, ACTIVE_USER, async ({ c, user, query }) => ({
    data: await clanConsole(c.get('deps'), user.id, query.clanId),
  }));
  mount(app, clansRoutes.botGroupClan, async ({ c, params }) => ({
    data: { clan: await clanOfTelegramGroup(c.get('deps'), Number(params.chatId)) },
  }));
  mount(app, clansRoutes.botApproveRequest, ACTIVE_USER, async ({ c, user, params }) => ({
    data: await approveRequest(c.get('deps'), user.id, params.userId, { clanId: params.clanId }),
    message: 'Request approved',
  }));
  mount(app, clansRoutes.botRefuseRequest, ACTIVE_USER, async ({ c, user, params }) => {
    await refuseRequest(c.get('deps'), user.id, params.userId, { clanId: params.clanId });
    return { data: { ok: true as const }, message: 'Request refused' };
  });
  mount(app, clansRoutes.botRemoveMember, ACTIVE_USER, async ({ c, user, params }) => {
    await removeMember(c.get('deps'), user.id, params.userId, { clanId: params.clanId });
    return { data: { ok: true as const }, message: 'Member removed' };
  });
  mount(app, clansRoutes.botAnnounce, ACTIVE_USER, async ({ c, user, params, body }) => ({
    data: await announceToClan(c.get('deps'), user.id, body.text, { clanId: params.clanId }),
    message: 'Announcement sent',
  }));
  mount(app, clansRoutes.botLinkGroup, ACTIVE_USER, async ({ c, user, params, body }) => ({
    data: await linkTelegramGroup(c.get('deps'), user.id, params.clanId, body),
    message: 'Group linked',
  }));
  mount(app, clansRoutes.botUnlinkGroup, async ({ c, params }) => {
    await unlinkTelegramGroup(c.get('deps'), Number(params.chatId));
    return { data: { ok: true as const } };
  });
  return app;
}
