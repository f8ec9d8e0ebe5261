import type { Profile, User } from '@khel/core/contract';
import { matchLanguage } from '@khel/core/format';
import type { Executor } from '@khel/db';
import { schema } from '@khel/db';
import type { UserRow } from '@khel/db/schema';
import { eq } from 'drizzle-orm';
import { signInWithIdentity, type VerifiedIdentity } from './identities.ts';
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
    language_code: matchLanguage(u.languageCode),
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

/** The identity a verified phone signs in with; `via` records the channel that proved it (SMS, WhatsApp). */
export const phoneIdentity = (phoneNumber: string, via: 'sms' | 'whatsapp' = 'sms'): VerifiedIdentity => ({
  provider: 'phone',
  subject: phoneNumber,
  details: { verifiedVia: via },
  newUser: { isVerified: true },
});

/** Finds the account of a verified phone through its identity, creating both on first sign-in (safe under concurrent sign-ins). */
export async function findOrCreateByPhone(
  db: Executor,
  phoneNumber: string,
  now: Date = new Date(),
  via: 'sms' | 'whatsapp' = 'sms',
) {
  return signInWithIdentity(db, phoneIdentity(phoneNumber, via), now);
}

export interface TelegramIdentity {
  id: number;
  firstName?: string | undefined;
  lastName?: string | undefined;
  username?: string | undefined;
  photoUrl?: string | undefined;
  languageCode?: string | undefined;
  /** The init data's `allows_write_to_pm`: the bot may message this user (no `/start` needed). */
  allowsWriteToPm?: boolean | undefined;
}

/**
 * The identity of a Telegram user: names seed a new account; username and photo are refreshed at every
 * sign-in. Telegram's language becomes the account's when it has none yet (a first sign-in in the Mini App,
 * or a website account that never chose one); a language chosen before is kept.
 */
export const telegramIdentity = (tg: TelegramIdentity): VerifiedIdentity => ({
  provider: 'telegram',
  subject: String(tg.id),
  details: { username: tg.username },
  newUser: {
    firstName: tg.firstName ?? null,
    lastName: tg.lastName ?? null,
  },
  refresh: { telegramUsername: tg.username ?? null, photoUrl: tg.photoUrl ?? null },
  fillIn: { languageCode: matchLanguage(tg.languageCode) },
});

/**
 * Finds the account of a Telegram user through its identity, creating both on first sign-in (`signupCountry`:
 * where a new account is made, signupCountryOf).
 */
export async function findOrCreateByTelegram(
  db: Executor,
  tg: TelegramIdentity,
  now: Date = new Date(),
  signupCountry: string | null = null,
) {
  return signInWithIdentity(db, telegramIdentity(tg), now, { signupCountry });
}
