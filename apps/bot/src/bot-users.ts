import type { Language } from '@khel/core/format';
import { type Database, openBotChat, rememberBotStart } from '@khel/db';
import { identities, notificationSettings, users } from '@khel/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';

/** The Khel account linked to a Telegram user (identities: provider 'telegram', subject = Telegram user id). */
export interface BotUser {
  id: string;
  languageCode: string | null;
  /** Where they are (their default time zone for quiet hours). */
  country: string | null;
  phoneNumber: string | null;
  signupCountry: string | null;
}

export async function findTelegramUser(db: Database, telegramUserId: number): Promise<BotUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      languageCode: users.languageCode,
      country: users.country,
      phoneNumber: users.phoneNumber,
      signupCountry: users.signupCountry,
    })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(
      and(
        eq(identities.provider, 'telegram'),
        eq(identities.subject, String(telegramUserId)),
        eq(identities.isActive, true),
        isNull(users.deletedAt),
      ),
    );
  return row ?? null;
}

/**
 * The user opened the bot (`/start`, `/settings`): remember their private chat so the notifier may message
 * them, and forget an earlier block. A chat id held by another account (the Telegram identity moved) moves too.
 */
export const recordBotChat = openBotChat;

/**
 * A Telegram user opened the bot's private chat (`/start`, or granted the Mini App's write-access request):
 * the chat of their Khel account, or, with no account yet, kept for the account their first sign-in makes
 * (`telegram_bot_starts`, which the API's sign-in and Telegram link read).
 */
export async function recordChatOpened(
  db: Database,
  telegramUserId: number,
  chatId: number,
): Promise<BotUser | null> {
  const user = await findTelegramUser(db, telegramUserId);
  if (user) await openBotChat(db, user.id, chatId);
  else await rememberBotStart(db, telegramUserId, chatId);
  return user;
}

/**
 * The language to answer a Telegram user in: their Khel account's (chosen on the website, in the Mini App or in
 * /settings; every push speaks it too) when they have one, else Telegram's. Without the database, Telegram's.
 */
export async function languageOfTelegramUser(
  db: Database | undefined,
  from: { id: number; language_code?: string | undefined } | undefined,
): Promise<string | undefined> {
  if (!from) return undefined;
  const user = db ? await findTelegramUser(db, from.id) : null;
  return user?.languageCode ?? from.language_code;
}

/** The account's one language (the website's menu and the Mini App write the same column): every push speaks it. */
export async function setAccountLanguage(db: Database, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ languageCode: language, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Kinds the user turned off (every kind is on unless a row says otherwise). */
export async function disabledKinds(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ kind: notificationSettings.kind })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.enabled, false)));
  return new Set(rows.map((r) => r.kind));
}

/** Turns kinds on or off (one statement for any number). */
export async function setKindsEnabled(
  db: Database,
  userId: string,
  kinds: ReadonlyArray<(typeof notificationSettings.$inferInsert)['kind']>,
  enabled: boolean,
): Promise<void> {
  if (kinds.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(kinds.map((kind) => ({ userId, kind, enabled })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: { enabled, updatedAt: sql`now()` },
    });
}
