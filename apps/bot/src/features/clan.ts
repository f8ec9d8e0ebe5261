import { conversations } from '@grammyjs/conversations';
import type { Database } from '@khel/db';
import { Composer, type Context, type Middleware } from 'grammy';
import type { KhelApi } from '../khel-api.ts';
import { type BotLogger, consoleLogger } from '../logger.ts';
import type { MiniAppSettings } from '../open-app.ts';
import { textsFor } from '../texts.ts';
import { clanAnnouncementComposer } from './clan-console-announcement.ts';
import { clanGroupComposer } from './clan-console-group.ts';
import { clanHomeComposer } from './clan-console-home.ts';
import { type ClanContext, createClanConsoleKit } from './clan-console-kit.ts';
import { clanMembersComposer } from './clan-console-members.ts';
import { clanRequestsComposer } from './clan-console-requests.ts';

export { ANNOUNCEMENT_CONVERSATION } from './clan-console-announcement.ts';
export { refusalText } from './clan-console-kit.ts';
export { MEMBERS_PAGE_SIZE, REQUESTS_SHOWN } from './clan-console-views.ts';

export interface ClanFeatureDeps {
  khelApi?: KhelApi;
  /** Reads the user's Khel language (else Telegram's is used). */
  db?: Database;
  logger?: BotLogger;
}

/**
 * `/clan` in a private chat: the clan chief's console (in a group: the group's clan, clan-console-group.ts). Stats and rank, pending requests with Approve / Refuse,
 * members page by page with Remove → confirmation, and Announce, which asks for the text in a conversation and
 * sends it through the API (the notifier then delivers it to each member who has announcements on). Every button
 * press goes to the API as the presser (bot-actor header), which checks they are that clan's chief now; a refusal
 * is shown on the button and nothing changes. Others get a button into the Mini App instead.
 * One Composer per part of the console (clan-console-*.ts).
 */
export function clanFeature(settings: MiniAppSettings, deps: ClanFeatureDeps): Composer<Context> {
  const composer = new Composer<Context>();
  const api = deps.khelApi;
  if (!api) {
    composer.command('clan', async (ctx) => {
      await ctx.reply(textsFor(ctx.from?.language_code).clan.unavailable);
    });
    composer.callbackQuery(/^k:/, async (ctx) => {
      await ctx.answerCallbackQuery({ text: textsFor(ctx.from?.language_code).clan.unavailable });
    });
    return composer;
  }

  const kit = createClanConsoleKit(settings, api, deps.logger ?? consoleLogger, deps.db);
  const inner = new Composer<ClanContext>();
  inner.use(conversations<ClanContext, Context>());
  inner.use(clanAnnouncementComposer(kit));
  inner.use(clanHomeComposer(kit));
  inner.use(clanGroupComposer(kit));
  inner.use(clanRequestsComposer(kit));
  inner.use(clanMembersComposer(kit));
  // A console button no part knows (an old or forged one): answered, nothing done.
  inner.callbackQuery(/^k:/, (ctx) => ctx.answerCallbackQuery());

  composer.use(inner as unknown as Middleware<Context>);
  return composer;
}
