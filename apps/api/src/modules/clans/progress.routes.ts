import { clansRoutes, clanWarsRoutes } from '@khel/core/contract';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { globalClanBoard, myClanMemberBoard, partnerClanBoard } from './boards.ts';
import { addClanQuest, myClanQuests, removeClanQuest } from './clan-quests.ts';
import { clanDashboard } from './dashboard.ts';
import { optionalReader } from './detail.ts';
import { clanPogScores, clanStatsView } from './stats.ts';
import { clanWarRules, myClanWar } from './wars.ts';

/** A public board's reader: whoever a valid bearer token names; no token, or one that does not check out, is a visitor. */
const readerOf = (c: Context<AppEnv>) => optionalReader(c).catch(() => null);

/**
 * The clans' progress routes (README "Clan score and tiers", "Clan quests and leaderboards"): the dashboard, clan
 * quests (`userquest/clanchief v2`), stats, POG scores, the clan leaderboards and the weekly clan war.
 */
export function progressRouter() {
  const app = new Hono<AppEnv>();
  mount(app, clansRoutes.myClanDashboard, ACTIVE_USER, async ({ c, user }) => ({
    data: await clanDashboard(c.get('deps'), user.id),
  }));
  mount(app, clansRoutes.addClanQuest, ACTIVE_USER, async ({ c, user, body }) => ({
    data: await addClanQuest(c.get('deps'), user.id, body),
    message: 'Clan quest added',
  }));
  mount(app, clansRoutes.removeClanQuest, ACTIVE_USER, async ({ c, user, params }) => {
    await removeClanQuest(c.get('deps'), user.id, params.questSlug);
    return { data: { ok: true as const }, message: 'Clan quest removed' };
  });
  mount(app, clansRoutes.clanChiefQuests, ACTIVE_USER, async ({ c, user }) => ({
    data: { quests: await myClanQuests(c.get('deps'), user.id) },
  }));
  mount(app, clansRoutes.clanStats, async ({ c, params }) => ({
    data: await clanStatsView(c.get('deps'), params.clanId),
  }));
  mount(app, clansRoutes.clanPogScores, async ({ c, params }) => ({
    data: await clanPogScores(c.get('deps'), params.clanId),
  }));
  mount(app, clansRoutes.clanLeaderboard, async ({ c }) => ({
    data: await globalClanBoard(c.get('deps'), await readerOf(c)),
  }));
  mount(app, clansRoutes.myClanLeaderboard, ACTIVE_USER, async ({ c, user }) => ({
    data: await myClanMemberBoard(c.get('deps'), user.id),
  }));
  mount(app, clansRoutes.partnerClanLeaderboard, async ({ c, params }) => ({
    data: await partnerClanBoard(c.get('deps'), params.hubSlug, await readerOf(c)),
  }));
  mount(app, clanWarsRoutes.clanWarRules, async ({ c }) => ({
    data: await clanWarRules(c.get('deps').db, c.get('deps').clock()),
  }));
  mount(app, clanWarsRoutes.myClanWar, ACTIVE_USER, async ({ c, user }) => ({
    data: await myClanWar(c.get('deps').db, user.id, c.get('deps').clock()),
  }));
  return app;
}
