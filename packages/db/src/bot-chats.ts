import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { botChats, telegramBotStarts } from './schema/notifications.ts';

/**
 * Who the bot may message (DESIGN §6): only people who opened its private chat, or whom Telegram says
 * allow it to write. Shared by the bot (`/start`, the Mini App's write-access grant) and the API (sign-in
 * and linking Telegram), so a chat opened before the Khel account existed follows the account.
 */

/**
 * The user opened the chat (`chatId`): remember it so the notifier may message them, and forget an
 * earlier block. A chat id held by another account (the Telegram identity moved) moves too.
 */
export async function openBotChat(db: Executor, userId: string, chatId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(botChats).where(and(eq(botChats.chatId, chatId), ne(botChats.userId, userId)));
    await tx
      .insert(botChats)
      .values({ userId, chatId })
      .onConflictDoUpdate({ target: botChats.userId, set: { chatId, blockedAt: null } });
  });
}

/** A Telegram user with no Khel account opened the chat: kept until their account is made or linked. */
export async function rememberBotStart(db: Executor, telegramUserId: number, chatId: number): Promise<void> {
  await db
    .insert(telegramBotStarts)
    .values({ telegramUserId, chatId })
    .onConflictDoUpdate({ target: telegramBotStarts.telegramUserId, set: { chatId, startedAt: sql`now()` } });
}

/**
 * The account `userId` now has the Telegram identity `telegramUserId` (a sign-in or a link): the chat
 * that Telegram user opened before, if any, becomes the account's; else, when the signed init data say
 * the user allows the bot to write (`allows_write_to_pm`), their private chat (whose id is the user's id)
 * does, keeping a block the notifier saw on that same chat. Answers whether the bot may now message them.
 */
export async function connectTelegramChat(
  db: Executor,
  userId: string,
  telegramUserId: number,
  options: { writeAllowed?: boolean } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [opened] = await tx
      .delete(telegramBotStarts)
      .where(eq(telegramBotStarts.telegramUserId, telegramUserId))
      .returning({ chatId: telegramBotStarts.chatId });
    if (opened) {
      await openBotChat(tx, userId, opened.chatId);
      return true;
    }
    if (!options.writeAllowed) return false;
    await tx.delete(botChats).where(and(eq(botChats.chatId, telegramUserId), ne(botChats.userId, userId)));
    await tx
      .insert(botChats)
      .values({ userId, chatId: telegramUserId })
      .onConflictDoUpdate({
        target: botChats.userId,
        set: {
          chatId: telegramUserId,
          blockedAt: sql`case when ${botChats.chatId} = excluded.chat_id then ${botChats.blockedAt} end`,
        },
      });
    return true;
  });
}
