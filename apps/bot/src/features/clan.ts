import { autoRetry } from '@grammyjs/auto-retry';
import {
  type Conversation,
  type ConversationFlavor,
  conversations,
  createConversation,
} from '@grammyjs/conversations';
import {
  CLAN_ANNOUNCEMENT_MAX,
  CLAN_BOT_USER_NOT_LINKED_MESSAGE,
  CLAN_MEMBER_NOT_FOUND_MESSAGE,
  CLAN_NO_LONGER_CHIEF_MESSAGE,
  CLAN_NOT_IN_CLAN_MESSAGE,
  type ClanTier,
} from '@khel/core/contract';
import type { Database } from '@khel/db';
import { Composer, type Context, GrammyError, InlineKeyboard, type Middleware } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import { findTelegramUser } from '../bot-users.ts';
import {
  type BotClanConsoleAnswer,
  type KhelApi,
  type KhelApiResult,
  KhelApiUnavailableError,
} from '../khel-api.ts';
import { type BotLogger, consoleLogger, describeError } from '../logger.ts';
import { type AppDestination, type MiniAppSettings, openAppButton, replyWithButton } from '../open-app.ts';
import { type BotLocale, type BotTexts, localeFor, textsFor } from '../texts.ts';
import { type ClanCallback, decodeClanCallback, encodeClanCallback } from './clan-callbacks.ts';

/** The conversation that asks a chief for an announcement's text (@grammyjs/conversations). */
export const ANNOUNCEMENT_CONVERSATION = 'clanAnnouncement';
export const MEMBERS_PAGE_SIZE = 8;
/** Requests listed with their buttons at once (the rest follow as these are answered). */
export const REQUESTS_SHOWN = 10;
/** An announcement being written is dropped after this long without an answer. */
const ANNOUNCEMENT_WAIT_MS = 30 * 60_000;
const BUTTON_NAME_MAX = 24;

type ClanContext = ConversationFlavor<Context>;

export interface ClanFeatureDeps {
  khelApi?: KhelApi;
  /** Reads the user's Khel language (else Telegram's is used). */
  db?: Database;
  logger?: BotLogger;
}

const DESTINATIONS = {
  myClan: { path: '/my-clan', startParam: 'myclan' },
  discover: { path: '/discover-clan', startParam: 'clans' },
  chief: { path: '/clan-chief', startParam: 'clanchief' },
  home: { path: '/home', startParam: 'home' },
} satisfies Record<string, AppDestination>;

/** A refusal's message in the user's language when we know it, else as the API wrote it. */
export function refusalText(texts: BotTexts, message: string): string {
  return texts.clan.apiMessages[message] ?? message;
}

function numberFormat(locale: BotLocale): Intl.NumberFormat {
  return new Intl.NumberFormat(locale === 'pt-BR' ? 'pt-BR' : 'en-IN');
}

function shortName(name: string): string {
  const chars = [...name.trim()];
  return chars.length > BUTTON_NAME_MAX ? `${chars.slice(0, BUTTON_NAME_MAX - 1).join('')}…` : chars.join('');
}

function personLine(name: string, username: string | null): string {
  return username ? `${name} (@${username})` : name;
}

/**
 * `/clan` in a private chat: the clan chief's console. Stats and rank, pending requests with Approve / Refuse,
 * members page by page with Remove → confirmation, and Announce, which asks for the text in a conversation and
 * sends it through the API (the notifier then delivers it to each member who has announcements on). Every button
 * press goes to the API as the presser (bot-actor header), which checks they are that clan's chief now; a refusal
 * is shown on the button and nothing changes. Others get a button into the Mini App instead.
 */
export function clanFeature(settings: MiniAppSettings, deps: ClanFeatureDeps): Composer<Context> {
  const composer = new Composer<Context>();
  const api = deps.khelApi;
  const logger = deps.logger ?? consoleLogger;
  if (!api) {
    composer.chatType('private').command('clan', async (ctx) => {
      await ctx.reply(textsFor(ctx.from?.language_code).clan.unavailable);
    });
    composer.callbackQuery(/^k:/, async (ctx) => {
      await ctx.answerCallbackQuery({ text: textsFor(ctx.from?.language_code).clan.unavailable });
    });
    return composer;
  }

  async function languageOf(ctx: Context): Promise<string | undefined> {
    if (deps.db && ctx.from) {
      try {
        const user = await findTelegramUser(deps.db, ctx.from.id);
        if (user?.languageCode) return user.languageCode;
      } catch (error) {
        logger.warn('Could not read the user’s language', { error: describeError(error) });
      }
    }
    return ctx.from?.language_code;
  }

  const appButton = (ctx: Context, label: string, destination: AppDestination): InlineKeyboardButton =>
    openAppButton(label, destination, settings, { type: ctx.chat?.type, botUsername: ctx.me.username });

  function consoleView(ctx: Context, data: BotClanConsoleAnswer, texts: BotTexts, locale: BotLocale) {
    const { clan, stats } = data;
    const n = numberFormat(locale);
    const tier = (t: ClanTier) => texts.clan.tiers[t];
    const text = texts.clan.console({
      clan: clan.clanName,
      tier: tier(stats.tier),
      score: n.format(stats.score),
      rank: stats.rank,
      totalClans: stats.totalClans,
      members: stats.memberCount,
      memberCap: clan.memberCap,
      activeMembers7d: stats.activeMembers7d,
      nextTier: stats.nextTier ? tier(stats.nextTier) : null,
      pointsToNextTier: n.format(stats.pointsToNextTier),
      questsCompleted: stats.questsCompleted,
      pending: data.pendingTotal,
      group: data.telegramGroup?.title ?? null,
    });
    const clanId = clan.id;
    const keyboard = new InlineKeyboard()
      .text(texts.clan.requestsButton(data.pendingTotal), encodeClanCallback({ action: 'requests', clanId }))
      .text(
        texts.clan.membersButton(data.memberTotal),
        encodeClanCallback({ action: 'members', clanId, page: 1 }),
      )
      .row()
      .text(texts.clan.announceButton, encodeClanCallback({ action: 'announce', clanId }))
      .text(texts.clan.refreshButton, encodeClanCallback({ action: 'home', clanId }))
      .row()
      .add(appButton(ctx, texts.clan.openChiefDashboard, DESTINATIONS.chief));
    return { text, keyboard };
  }

  function requestsView(data: BotClanConsoleAnswer, texts: BotTexts) {
    const clanId = data.clan.id;
    const shown = data.pendingRequests.slice(0, REQUESTS_SHOWN);
    const lines = shown.map((r, i) => `${i + 1}. ${personLine(r.displayName, r.username)}`);
    const text =
      shown.length === 0
        ? texts.clan.noRequests
        : [texts.clan.requestsTitle(data.clan.clanName, shown.length, data.pendingTotal), '', ...lines].join(
            '\n',
          );
    const keyboard = new InlineKeyboard();
    for (const request of shown) {
      const name = shortName(request.displayName);
      keyboard
        .text(
          texts.clan.approve(name),
          encodeClanCallback({ action: 'approve', clanId, userId: request.userId }),
        )
        .text(
          texts.clan.refuse(name),
          encodeClanCallback({ action: 'refuse', clanId, userId: request.userId }),
        )
        .row();
    }
    keyboard.text(texts.clan.backButton, encodeClanCallback({ action: 'home', clanId }));
    return { text, keyboard };
  }

  async function membersView(
    clan: { id: string; clanName: string },
    page: number,
    texts: BotTexts,
    locale: BotLocale,
  ) {
    let answer = await api!.members(clan.id, page, MEMBERS_PAGE_SIZE);
    if (!answer.ok) return answer;
    const pages = Math.max(1, Math.ceil(answer.data.total / MEMBERS_PAGE_SIZE));
    if (page > pages) {
      // The last page emptied (a removal): show the one before.
      page = pages;
      answer = await api!.members(clan.id, page, MEMBERS_PAGE_SIZE);
      if (!answer.ok) return answer;
    }
    const n = numberFormat(locale);
    const { members, total } = answer.data;
    const lines = members.map((m, i) => {
      const place = (page - 1) * MEMBERS_PAGE_SIZE + i + 1;
      const role = m.role === 'Chief' ? ` · 👑 ${texts.clan.chief}` : '';
      return `${place}. ${personLine(m.displayName, m.username)} · ${texts.clan.points(n.format(m.points))}${role}`;
    });
    const text = [texts.clan.membersTitle(clan.clanName, page, pages, total), '', ...lines].join('\n');
    const keyboard = new InlineKeyboard();
    for (const member of members) {
      if (member.role === 'Chief') continue;
      keyboard
        .text(
          texts.clan.remove(shortName(member.displayName)),
          encodeClanCallback({ action: 'askRemove', clanId: clan.id, userId: member.userId, page }),
        )
        .row();
    }
    if (pages > 1) {
      if (page > 1)
        keyboard.text(
          texts.clan.previous,
          encodeClanCallback({ action: 'members', clanId: clan.id, page: page - 1 }),
        );
      if (page < pages)
        keyboard.text(
          texts.clan.next,
          encodeClanCallback({ action: 'members', clanId: clan.id, page: page + 1 }),
        );
      keyboard.row();
    }
    keyboard.text(texts.clan.backButton, encodeClanCallback({ action: 'home', clanId: clan.id }));
    return { ok: true as const, data: { text, keyboard, members } };
  }

  /**
   * The console of the presser's clan, when it is the clan the button names and they lead it now. A view button
   * of a clan they no longer lead says so (as the API says for actions).
   */
  async function chiefConsole(actor: number, clanId: string): Promise<KhelApiResult<BotClanConsoleAnswer>> {
    const answer = await api!.console(actor);
    if (answer.ok && answer.data.clan.id === clanId) return answer;
    if (!answer.ok && answer.message === CLAN_BOT_USER_NOT_LINKED_MESSAGE) return answer;
    return { ok: false, status: 403, message: CLAN_NO_LONGER_CHIEF_MESSAGE };
  }

  async function show(ctx: Context, view: { text: string; keyboard: InlineKeyboard }): Promise<void> {
    try {
      await ctx.editMessageText(view.text, { reply_markup: view.keyboard });
    } catch (error) {
      // Refresh pressed with nothing new to show.
      if (error instanceof GrammyError && /not modified/i.test(error.description)) return;
      throw error;
    }
  }

  const refuse = (ctx: Context, texts: BotTexts, message: string) =>
    ctx.answerCallbackQuery({ text: refusalText(texts, message), show_alert: true });

  async function announcement(
    conversation: Conversation<ClanContext, Context>,
    ctx: Context,
    clanId: string,
    clanName: string,
    languageCode: string | null,
  ): Promise<void> {
    const texts = textsFor(languageCode ?? undefined);
    const actor = ctx.from?.id;
    if (actor === undefined) return;
    await ctx.reply(texts.clan.announcePrompt(clanName, CLAN_ANNOUNCEMENT_MAX), {
      reply_markup: new InlineKeyboard().text(
        texts.clan.cancel,
        encodeClanCallback({ action: 'cancelAnnounce', clanId }),
      ),
    });
    for (;;) {
      // Button presses and other updates go on to the console's handlers (Cancel among them).
      const answer = await conversation.waitFor('message', { next: true });
      const text = answer.message.text;
      if (text === undefined) {
        await answer.reply(texts.clan.announceTextOnly);
        continue;
      }
      if (text.startsWith('/')) {
        await answer.reply(texts.clan.announceCancelled);
        if (/^\/cancel(@\w+)?\s*$/i.test(text)) return;
        // Another command: it runs as usual.
        await conversation.halt({ next: true });
      }
      const trimmed = text.trim();
      // The contract counts UTF-16 units (zod's max), so count the same way.
      if (trimmed.length > CLAN_ANNOUNCEMENT_MAX) {
        await answer.reply(texts.clan.announceTooLong(CLAN_ANNOUNCEMENT_MAX));
        continue;
      }
      if (trimmed === '') {
        await answer.reply(texts.clan.announceTextOnly);
        continue;
      }
      const result = await conversation.external(async (): Promise<KhelApiResult<{ recipients: number }>> => {
        try {
          return await api!.announce(actor, clanId, trimmed);
        } catch (error) {
          logger.error('Could not send an announcement to the API', { error: describeError(error) });
          return { ok: false, status: 0, message: texts.somethingWentWrong };
        }
      });
      await answer.reply(
        result.ok ? texts.clan.announceSent(result.data.recipients) : refusalText(texts, result.message),
      );
      return;
    }
  }

  const inner = new Composer<ClanContext>();
  inner.use(conversations<ClanContext, Context>());
  // A conversation builds its own Api from the token, without the bot's transformers: retry its replies too.
  const retryReplies = autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 10, rethrowHttpErrors: true });
  inner.use(
    createConversation<ClanContext, Context>(announcement, {
      id: ANNOUNCEMENT_CONVERSATION,
      maxMillisecondsToWait: ANNOUNCEMENT_WAIT_MS,
      plugins: [
        async (ctx, next) => {
          ctx.api.config.use(retryReplies);
          await next();
        },
      ],
    }),
  );

  inner.chatType('private').command('clan', async (ctx) => {
    const languageCode = await languageOf(ctx);
    const texts = textsFor(languageCode);
    let answer: KhelApiResult<BotClanConsoleAnswer>;
    try {
      answer = await api.console(ctx.from.id);
    } catch (error) {
      if (!(error instanceof KhelApiUnavailableError)) throw error;
      logger.error('The clan console could not reach the API', { error: describeError(error) });
      await ctx.reply(texts.clan.unavailable);
      return;
    }
    if (answer.ok) {
      const view = consoleView(ctx, answer.data, texts, localeFor(languageCode));
      await ctx.reply(view.text, { reply_markup: view.keyboard });
      return;
    }
    if (answer.message === CLAN_BOT_USER_NOT_LINKED_MESSAGE) {
      await replyWithButton(
        ctx,
        texts.clan.notLinked,
        appButton(ctx, texts.openAppButton, DESTINATIONS.home),
        texts,
      );
      return;
    }
    if (answer.message === CLAN_NOT_IN_CLAN_MESSAGE) {
      await ctx.reply(texts.clan.noClan, {
        reply_markup: new InlineKeyboard()
          .add(appButton(ctx, texts.clan.discoverClans, DESTINATIONS.discover))
          .row()
          .add(appButton(ctx, texts.clan.becomeChief, DESTINATIONS.chief)),
      });
      return;
    }
    // A member, or a gamer without a clan (the API does not say which): both ways in.
    await ctx.reply(texts.clan.notChiefMember, {
      reply_markup: new InlineKeyboard()
        .add(appButton(ctx, texts.clan.openMyClan, DESTINATIONS.myClan))
        .row()
        .add(appButton(ctx, texts.clan.discoverClans, DESTINATIONS.discover)),
    });
  });

  inner.callbackQuery(/^k:/, async (ctx) => {
    const languageCode = await languageOf(ctx);
    const texts = textsFor(languageCode);
    const callback = decodeClanCallback(ctx.callbackQuery.data);
    if (!callback) {
      await ctx.answerCallbackQuery();
      return;
    }
    try {
      await press(ctx, callback, texts, localeFor(languageCode), languageCode ?? null);
    } catch (error) {
      if (!(error instanceof KhelApiUnavailableError)) throw error;
      logger.error('A clan console button could not reach the API', { error: describeError(error) });
      await ctx.answerCallbackQuery({ text: texts.somethingWentWrong, show_alert: true });
    }
  });

  async function press(
    ctx: ClanContext,
    callback: ClanCallback,
    texts: BotTexts,
    locale: BotLocale,
    languageCode: string | null,
  ): Promise<void> {
    const actor = ctx.from?.id as number;
    const { clanId } = callback;
    switch (callback.action) {
      case 'home': {
        const answer = await chiefConsole(actor, clanId);
        if (!answer.ok) return void (await refuse(ctx, texts, answer.message));
        await show(ctx, consoleView(ctx, answer.data, texts, locale));
        await ctx.answerCallbackQuery();
        return;
      }
      case 'requests': {
        const answer = await chiefConsole(actor, clanId);
        if (!answer.ok) return void (await refuse(ctx, texts, answer.message));
        await show(ctx, requestsView(answer.data, texts));
        await ctx.answerCallbackQuery();
        return;
      }
      case 'members': {
        const answer = await chiefConsole(actor, clanId);
        if (!answer.ok) return void (await refuse(ctx, texts, answer.message));
        const view = await membersView(answer.data.clan, callback.page ?? 1, texts, locale);
        if (!view.ok) return void (await refuse(ctx, texts, view.message));
        await show(ctx, view.data);
        await ctx.answerCallbackQuery();
        return;
      }
      case 'askRemove': {
        const answer = await chiefConsole(actor, clanId);
        if (!answer.ok) return void (await refuse(ctx, texts, answer.message));
        const page = callback.page ?? 1;
        const view = await membersView(answer.data.clan, page, texts, locale);
        if (!view.ok) return void (await refuse(ctx, texts, view.message));
        const member = view.data.members.find((m) => m.userId === callback.userId && m.role !== 'Chief');
        if (!member) {
          await show(ctx, view.data);
          return void (await refuse(ctx, texts, CLAN_MEMBER_NOT_FOUND_MESSAGE));
        }
        const userId = member.userId;
        await show(ctx, {
          text: texts.clan.confirmRemove(member.displayName, answer.data.clan.clanName),
          keyboard: new InlineKeyboard()
            .text(texts.clan.yesRemove, encodeClanCallback({ action: 'remove', clanId, userId, page }))
            .text(texts.clan.cancel, encodeClanCallback({ action: 'members', clanId, page })),
        });
        await ctx.answerCallbackQuery();
        return;
      }
      case 'remove': {
        const result = await api!.removeMember(actor, clanId, callback.userId as string);
        if (!result.ok) return void (await refuse(ctx, texts, result.message));
        await ctx.answerCallbackQuery({ text: texts.clan.removed });
        const answer = await api!.console(actor);
        if (!answer.ok) return;
        const view = await membersView(answer.data.clan, callback.page ?? 1, texts, locale);
        if (view.ok) await show(ctx, view.data);
        return;
      }
      case 'approve':
      case 'refuse': {
        const userId = callback.userId as string;
        const result =
          callback.action === 'approve'
            ? await api!.approve(actor, clanId, userId)
            : await api!.refuse(actor, clanId, userId);
        if (!result.ok) return void (await refuse(ctx, texts, result.message));
        await ctx.answerCallbackQuery({
          text:
            'displayName' in result.data ? texts.clan.approved(result.data.displayName) : texts.clan.refused,
        });
        const answer = await api!.console(actor);
        if (answer.ok) await show(ctx, requestsView(answer.data, texts));
        return;
      }
      case 'announce': {
        const answer = await chiefConsole(actor, clanId);
        if (!answer.ok) return void (await refuse(ctx, texts, answer.message));
        await ctx.answerCallbackQuery();
        if (ctx.conversation.active(ANNOUNCEMENT_CONVERSATION) > 0)
          await ctx.conversation.exit(ANNOUNCEMENT_CONVERSATION);
        await ctx.conversation.enter(
          ANNOUNCEMENT_CONVERSATION,
          clanId,
          answer.data.clan.clanName,
          languageCode,
        );
        return;
      }
      case 'cancelAnnounce': {
        await ctx.conversation.exit(ANNOUNCEMENT_CONVERSATION);
        await ctx.answerCallbackQuery();
        try {
          await ctx.editMessageText(texts.clan.announceCancelled);
        } catch (error) {
          if (!(error instanceof GrammyError)) throw error;
        }
        return;
      }
    }
  }

  composer.use(inner as unknown as Middleware<Context>);
  return composer;
}
