import type { Profile, User } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { schema } from '@khel/db';
import type { UserRow } from '@khel/db/schema';
import { eq } from 'drizzle-orm';
import type { IdentityClaims } from './tokens.ts';

export function toUserDto(u: UserRow): User {
  return {
    id: u.id,
    phoneNumber: u.phoneNumber,
    email: u.email,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    telegramId: u.telegramId,
    telegramUsername: u.telegramUsername,
    createdAt: u.createdAt.toISOString(),
  };
}

export function toProfileDto(u: UserRow): Profile {
  return {
    id: u.id,
    phone_number: u.phoneNumber,
    email: u.email,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    telegram_id: u.telegramId,
    telegram_username: u.telegramUsername,
    photo_url: u.photoUrl,
    language_code: u.languageCode,
    is_verified: u.isVerified,
    created_at: u.createdAt.toISOString(),
  };
}

export const toIdentity = (u: UserRow): IdentityClaims => ({
  userId: u.id,
  phoneNumber: u.phoneNumber,
  email: u.email,
});

export async function getUserById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, id));
  return row ?? null;
}

/** Finds the account of a verified phone, creating it on first sign-in (safe under concurrent sign-ins). */
export async function findOrCreateByPhone(db: Executor, phoneNumber: string) {
  const [created] = await db
    .insert(schema.users)
    .values({ phoneNumber, isVerified: true })
    .onConflictDoNothing({ target: schema.users.phoneNumber })
    .returning();
  if (created) return { user: created, isNewUser: true };
  const [existing] = await db.select().from(schema.users).where(eq(schema.users.phoneNumber, phoneNumber));
  return { user: existing!, isNewUser: false };
}

export interface TelegramIdentity {
  id: number;
  firstName?: string | undefined;
  lastName?: string | undefined;
  username?: string | undefined;
  photoUrl?: string | undefined;
  languageCode?: string | undefined;
}

/** Finds the account of a Telegram user, creating it on first sign-in; refreshes the Telegram profile fields. */
export async function findOrCreateByTelegram(db: Executor, tg: TelegramIdentity) {
  const telegramId = String(tg.id);
  const fields = {
    telegramUsername: tg.username ?? null,
    photoUrl: tg.photoUrl ?? null,
  };
  const [created] = await db
    .insert(schema.users)
    .values({
      telegramId,
      firstName: tg.firstName ?? null,
      lastName: tg.lastName ?? null,
      languageCode: tg.languageCode ?? null,
      ...fields,
    })
    .onConflictDoNothing({ target: schema.users.telegramId })
    .returning();
  if (created) return { user: created, isNewUser: true };
  const [updated] = await db
    .update(schema.users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(schema.users.telegramId, telegramId))
    .returning();
  return { user: updated!, isNewUser: false };
}
