import { pogRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { pogBotCards, prepareTelegramShare } from './telegram-share.ts';

/**
 * Sharing POG cards into Telegram (issue 13): the bot's inline mode reads cards as the Telegram user typing
 * (auth 'bot': lib/route.ts checked the bot's assertion and found that user's Khel account; a Telegram account
 * with none is a 403), and the Mini App asks for a prepared inline message of the signed-in user's card.
 */
export function pogBotRouter(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  mount(app, pogRoutes.pogBotCards, ACTIVE_USER, async ({ c, user, query }) => ({
    data: await pogBotCards(c.get('deps'), user.id, query.prefix),
  }));
  mount(app, pogRoutes.pogTelegramPrepared, ACTIVE_USER, async ({ c, user }) => ({
    data: await prepareTelegramShare(c.get('deps'), user),
  }));
  return app;
}
