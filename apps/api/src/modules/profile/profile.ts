import {
  COUNTRY_CODE_MESSAGE,
  PREFERRED_PLATFORMS,
  PRODUCT_ROLES,
  type PreferredPlatform,
  type ProductRole,
  type Profile,
  type ProfilePatch,
} from '@khel/core/contract';
import { getCountry } from '@khel/core/countries';
import { matchLanguage } from '@khel/core/format';
import { USERNAME_TAKEN_MESSAGE } from '@khel/core/validation';
import type { Executor } from '@khel/db';
import { schema } from '@khel/db';
import type { UserRow } from '@khel/db/schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { UNAUTHORIZED_MESSAGE } from '../../lib/route.ts';
import { canonicalPlace, citiesOf, collegesOf } from '../location/index.ts';

/** The signed-in user's row; a missing or purged account answers 401 (its access token may outlive it by minutes). */
export async function requireActiveUser(db: Executor, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!user || user.deletedAt) throw new AppError(401, UNAUTHORIZED_MESSAGE);
  return user;
}

/** Where a user's uploaded picture is served; `v` changes with every upload so caches never serve an old one. */
export function profilePictureUrl(deps: AppDeps, userId: string, updatedAt: Date): string {
  const origin = deps.env.PUBLIC_URL ? new URL(deps.env.PUBLIC_URL).origin : '';
  return `${origin}/api/users/${userId}/profile-picture?v=${updatedAt.getTime()}`;
}

const asRole = (v: string | null): ProductRole | null =>
  v && (PRODUCT_ROLES as readonly string[]).includes(v) ? (v as ProductRole) : null;
const asPlatform = (v: string | null): PreferredPlatform | null =>
  v && (PREFERRED_PLATFORMS as readonly string[]).includes(v) ? (v as PreferredPlatform) : null;

/** SPEC §3 profileData for the profile screen. */
export async function getProfileView(deps: AppDeps, user: UserRow): Promise<Profile> {
  const [picture] = await deps.db
    .select({ updatedAt: schema.profilePictures.updatedAt })
    .from(schema.profilePictures)
    .where(eq(schema.profilePictures.userId, user.id));
  return {
    id: user.id,
    phone_number: user.phoneNumber,
    email: user.email,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    telegram_id: user.telegramId,
    telegram_username: user.telegramUsername,
    // Our upload wins over the Telegram photo, which Telegram sign-in refreshes on every visit.
    photo_url: picture ? profilePictureUrl(deps, user.id, picture.updatedAt) : user.photoUrl,
    language_code: matchLanguage(user.languageCode),
    is_verified: user.isVerified,
    created_at: user.createdAt.toISOString(),
    country: user.country,
    city: user.city,
    college: user.college,
    email_verified: user.emailVerifiedAt !== null && user.email !== null,
    product_role: asRole(user.productRole),
    preferred_platform: asPlatform(user.preferredPlatform),
    deletion_due_at: user.deletionDueAt?.toISOString() ?? null,
  };
}

/**
 * Applies a profile edit. The country must be in the country list; a city or college from the
 * suggestion list is stored with its listed spelling. A new country without a city or college
 * clears the old ones, which belonged to the previous country.
 */
export async function updateProfile(deps: AppDeps, user: UserRow, patch: ProfilePatch): Promise<UserRow> {
  const changes: Partial<typeof schema.users.$inferInsert> = {};
  if (patch.first_name !== undefined) changes.firstName = patch.first_name;
  if (patch.last_name !== undefined) changes.lastName = patch.last_name;
  if (patch.language_code !== undefined) changes.languageCode = patch.language_code;
  if (patch.country !== undefined) {
    if (patch.country !== null && !getCountry(patch.country))
      throw new AppError(400, COUNTRY_CODE_MESSAGE, {
        issues: [{ path: 'country', message: COUNTRY_CODE_MESSAGE }],
      });
    changes.country = patch.country;
    if (patch.country !== user.country) {
      if (patch.city === undefined) changes.city = null;
      if (patch.college === undefined) changes.college = null;
    }
  }
  const country = (patch.country !== undefined ? patch.country : user.country) ?? '';
  if (patch.city !== undefined) changes.city = patch.city && canonicalPlace(citiesOf(country), patch.city);
  if (patch.college !== undefined)
    changes.college = patch.college && canonicalPlace(collegesOf(country), patch.college);
  const [updated] = await deps.db
    .update(schema.users)
    .set({ ...changes, updatedAt: deps.clock() })
    .where(eq(schema.users.id, user.id))
    .returning();
  return updated!;
}

/** True when the error (or one it wraps) is PostgreSQL's unique_violation. */
export function isUniqueViolation(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const taken = () => new AppError(409, USERNAME_TAKEN_MESSAGE, { available: false });

/** Whether another account holds `username`, ignoring case (the unique index is on lower(username)). */
export async function isUsernameTaken(db: Executor, userId: string, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(sql`lower(${schema.users.username}) = lower(${username})`, ne(schema.users.id, userId)))
    .limit(1);
  return row !== undefined;
}

export async function assertUsernameAvailable(db: Executor, userId: string, username: string) {
  if (await isUsernameTaken(db, userId, username)) throw taken();
}

/**
 * Takes a username. The check before the write gives the usual answer; the unique index decides races:
 * of two accounts taking one name at once exactly one succeeds and the other gets the same 409. The
 * first username chosen gives its XP (progression, through `deps.progression`) in the same transaction.
 */
export async function setUsername(deps: AppDeps, user: UserRow, username: string): Promise<UserRow> {
  await assertUsernameAvailable(deps.db, user.id, username);
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(schema.users)
        .set({ username, updatedAt: now })
        .where(eq(schema.users.id, user.id))
        .returning();
      // The first name chosen gives its XP once (a later change gives none: the key is the same).
      await deps.progression.awardXp(tx, {
        userId: user.id,
        source: 'username_chosen',
        key: 'username',
        at: now,
      });
      return updated!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

export function professionsOf(user: UserRow) {
  return {
    productRole: asRole(user.productRole),
    preferredPlatform: asPlatform(user.preferredPlatform),
    productRoles: [...PRODUCT_ROLES],
    preferredPlatforms: [...PREFERRED_PLATFORMS],
  };
}

export async function setProfessions(
  deps: AppDeps,
  user: UserRow,
  body: { productRole?: ProductRole; preferredPlatform?: PreferredPlatform },
): Promise<UserRow> {
  const [updated] = await deps.db
    .update(schema.users)
    .set({
      ...(body.productRole !== undefined ? { productRole: body.productRole } : {}),
      ...(body.preferredPlatform !== undefined ? { preferredPlatform: body.preferredPlatform } : {}),
      updatedAt: deps.clock(),
    })
    .where(eq(schema.users.id, user.id))
    .returning();
  return updated!;
}
