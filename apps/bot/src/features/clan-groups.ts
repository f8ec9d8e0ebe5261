import type { Database } from '@khel/db';
import { type Api, Composer, type Context, type Filter } from 'grammy';
import type { Chat, ChatMember } from 'grammy/types';
import { findTelegramUser } from '../bot-users.ts';
import { type KhelApi, KhelApiUnavailableError } from '../khel-api.ts';
import { type BotLogger, consoleLogger, describeError } from '../logger.ts';
import { type BotTexts, textsFor } from '../texts.ts';

const IN_CHAT: ReadonlyArray<ChatMember['status']> = ['member', 'administrator', 'creator', 'restricted'];
const GROUP_ADMINS: ReadonlyArray<ChatMember['status']> = ['administrator', 'creator'];

const inChat = (member: ChatMember) =>
  member.status === 'restricted' ? member.is_member : IN_CHAT.includes(member.status);

/** Whether a Telegram user administers (or created) a group, as getChatMember says now. */
export async function isGroupAdmin(api: Api, chatId: number, userId: number): Promise<boolean> {
  const member = await api.getChatMember(chatId, userId);
  return GROUP_ADMINS.includes(member.status);
}

/** What the API stores of a group: its id and title (its id when it has none). */
export const groupOf = (chat: { id: number; title?: string }) => ({
  chatId: chat.id,
  title: (chat.title ?? '').trim().slice(0, 255) || String(chat.id),
});

export interface ClanGroupsDeps {
  khelApi?: KhelApi;
  db?: Database;
  logger?: BotLogger;
}

/**
 * Linking a clan to a Telegram group: a chief adds the bot to the group (a `my_chat_member` update). The bot
 * checks with getChatMember that the person who added it administers the group, then asks the API to link the
 * group to that person's clan as them (the API checks they are its chief now). Linked: the API writes a
 * `group_linked` news in the same transaction, which the notifier posts as the welcome (at least once, paced with
 * the group's other news); refused: the bot says only a clan chief can link a group, and leaves. Removed from a
 * group: the API forgets the link (and the notifier does when Telegram answers 403 for the group).
 */
export function clanGroupsFeature(deps: ClanGroupsDeps): Composer<Context> {
  const composer = new Composer<Context>();
  const api = deps.khelApi;
  const logger = deps.logger ?? consoleLogger;
  if (!api) return composer;

  async function languageOf(telegramUserId: number, fallback: string | undefined) {
    if (!deps.db) return fallback;
    try {
      return (await findTelegramUser(deps.db, telegramUserId))?.languageCode ?? fallback;
    } catch {
      return fallback;
    }
  }

  composer.on('my_chat_member', async (ctx) => {
    const update = ctx.myChatMember;
    const chat = update.chat;
    if (chat.type !== 'group' && chat.type !== 'supergroup') return;
    const wasIn = inChat(update.old_chat_member);
    const isIn = inChat(update.new_chat_member);
    if (wasIn && !isIn) return leftGroup(api, logger, update.from.id, chat.id);
    if (wasIn || !isIn) return;
    const texts = textsFor(await languageOf(update.from.id, update.from.language_code));
    await addedToGroup(ctx, chat, api, logger, texts);
  });
  return composer;
}

/** Removed from a group: the API forgets the link (else the notifier does at the group's next news). */
async function leftGroup(api: KhelApi, logger: BotLogger, actorId: number, chatId: number): Promise<void> {
  try {
    const answer = await api.unlinkGroup(actorId, chatId);
    if (!answer.ok)
      logger.info('The API did not unlink a group the bot left; the notifier unlinks it at its next news', {
        chatId,
        message: answer.message,
      });
  } catch (error) {
    logger.warn('Could not tell the API the bot left a group', {
      chatId,
      error: describeError(error),
    });
  }
}

/** Added to a group: linked when a group admin who leads a clan added the bot; else it says why and leaves. */
async function addedToGroup(
  ctx: Filter<Context, 'my_chat_member'>,
  chat: Chat.GroupChat | Chat.SupergroupChat,
  api: KhelApi,
  logger: BotLogger,
  texts: BotTexts,
): Promise<void> {
  const actor = ctx.myChatMember.from;
  let linked = false;
  try {
    if (!actor.is_bot && (await isGroupAdmin(ctx.api, chat.id, actor.id))) {
      const console = await api.console(actor.id);
      if (console.ok) {
        const answer = await api.linkGroup(actor.id, console.data.clan.id, groupOf(chat));
        linked = answer.ok;
        if (answer.ok)
          logger.info('Linked a Telegram group to a clan', { chatId: chat.id, clanId: answer.data.clanId });
        else logger.info('The API refused to link a group', { chatId: chat.id, message: answer.message });
      }
    }
  } catch (error) {
    if (error instanceof KhelApiUnavailableError) {
      // Not a refusal: stay, so the chief can add the bot again once the API is back.
      logger.error('Could not reach the API to link a group', {
        chatId: chat.id,
        error: describeError(error),
      });
      await ctx.reply(texts.somethingWentWrong);
      return;
    }
    logger.warn('Could not check who added the bot to a group', {
      chatId: chat.id,
      error: describeError(error),
    });
  }
  if (linked) return;
  try {
    await ctx.reply(texts.clan.groupOnlyChief);
  } finally {
    await ctx.leaveChat();
  }
}
