import type { Database } from '@khel/db';
import { botChats, identities, notificationSettings, users } from '@khel/db/schema';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';

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
export async function recordBotChat(db: Database, userId: string, chatId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(botChats).where(and(eq(botChats.chatId, chatId), ne(botChats.userId, userId)));
    await tx
      .insert(botChats)
      .values({ userId, chatId })
      .onConflictDoUpdate({ target: botChats.userId, set: { chatId, blockedAt: null } });
  });
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
