import {
  CLAN_ALREADY_IN_CLAN_MESSAGE,
  CLAN_IMAGE_NOT_FOUND_MESSAGE,
  CLAN_NAME_TAKEN_MESSAGE,
  CLAN_PHONE_NOT_VERIFIED_MESSAGE,
  CLAN_RECREATE_TOO_EARLY_MESSAGE,
  CLAN_REGISTRATION_REQUIRED_MESSAGE,
  type ClanChiefRegistration,
  type ClanDashboardType,
  type ClanImageKind,
  type ClanJoinPolicy,
} from '@khel/core/contract';
import { canRecreateClanAfterDelete } from '@khel/core/domain';
import type { Executor, Transaction } from '@khel/db';
import { clanChiefRegistrations, clanImages, clanMembers, clans, users } from '@khel/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { validPhone } from '../auth/index.ts';
import { type PictureFrame, processProfilePicture } from '../profile/index.ts';
import {
  addClanEvent,
  CLAN_ERROR_CODES,
  clanRulesOf,
  lastEventAt,
  lockChiefClan,
  lockClanUser,
  tooEarly,
  uniqueViolation,
} from './clans.ts';

type RegistrationRow = typeof clanChiefRegistrations.$inferSelect;

/**
 * The registration as the screens and createClan read it. Its phone is the one verified for it by OTP, else the
 * account's own phone: an account's phone was verified when it signed in (or was linked) with it, so a gamer
 * who signed in by phone is not asked to verify the same number again.
 */
function toRegistration(row: RegistrationRow | null, accountPhone: string | null): ClanChiefRegistration {
  const ownVerified = row?.phoneNumber != null && row.phoneVerifiedAt !== null;
  const phoneNumber = ownVerified ? row.phoneNumber : (accountPhone ?? row?.phoneNumber ?? null);
  const phoneVerified = ownVerified || accountPhone !== null;
  return {
    email: row?.email ?? null,
    chiefCity: row?.chiefCity ?? null,
    phoneNumber,
    phoneVerified,
    collegeName: row?.collegeName ?? null,
    referrerPhoneNumber: row?.referrerPhoneNumber ?? null,
    complete: phoneVerified && !!row?.email && !!row.chiefCity && !!row.collegeName,
  };
}

/**
 * The user's chief registration: null before they start one, unless their account has a verified phone (then
 * it starts with that phone, verified).
 */
export async function registrationView(db: Executor, userId: string): Promise<ClanChiefRegistration | null> {
  const [found] = await db
    .select({ row: clanChiefRegistrations, accountPhone: users.phoneNumber })
    .from(users)
    .leftJoin(clanChiefRegistrations, eq(clanChiefRegistrations.userId, users.id))
    .where(eq(users.id, userId));
  if (!found || (!found.row && !found.accountPhone)) return null;
  return toRegistration(found.row, found.accountPhone);
}

/** Saves the chief's email, city, college and referrer's phone (SPEC §3); the phone is set by the OTP check. */
export async function saveRegistration(
  deps: AppDeps,
  userId: string,
  body: {
    email: string;
    chiefCity: string;
    collegeName: string;
    referrerPhoneNumber?: string | null | undefined;
  },
): Promise<ClanChiefRegistration> {
  const now = deps.clock();
  const values = {
    email: body.email,
    chiefCity: body.chiefCity,
    collegeName: body.collegeName,
    referrerPhoneNumber: body.referrerPhoneNumber ? validPhone(body.referrerPhoneNumber) : null,
    updatedAt: now,
  };
  await deps.db
    .insert(clanChiefRegistrations)
    .values({ userId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: clanChiefRegistrations.userId, set: values });
  return (await registrationView(deps.db, userId))!;
}

/**
 * After the OTP check passed: SPEC §2 "on the clan-chief page, a successful phone verification stores the phone
 * number in the clan-chief registration data" (not on the account: SPEC §8's 409 is for the account's phone).
 */
export async function storeVerifiedPhone(
  deps: AppDeps,
  userId: string,
  phone: string,
): Promise<ClanChiefRegistration> {
  const now = deps.clock();
  const values = { phoneNumber: phone, phoneVerifiedAt: now, updatedAt: now };
  await deps.db
    .insert(clanChiefRegistrations)
    .values({ userId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: clanChiefRegistrations.userId, set: values });
  return (await registrationView(deps.db, userId))!;
}

/** Logos are cropped square (at most 512×512), banners 3:1 (at most 1500×500). */
export const CLAN_LOGO_MAX_SIDE = 512;
export const CLAN_BANNER_MAX = { width: 1500, height: 500 } as const;

export const clanImageFrame =
  (kind: ClanImageKind): PictureFrame =>
  (width, height) => {
    if (kind === 'logo') {
      const side = Math.max(1, Math.min(width, height, CLAN_LOGO_MAX_SIDE));
      return { width: side, height: side, fit: 'cover' };
    }
    const w = Math.max(3, Math.min(width, height * 3, CLAN_BANNER_MAX.width));
    return { width: w, height: Math.max(1, Math.round(w / 3)), fit: 'cover' };
  };

/** A logo or banner upload: JPEG only, decoded, framed and encoded afresh (no metadata survives). */
export async function saveClanImage(
  deps: AppDeps,
  ownerId: string,
  kind: ClanImageKind,
  file: { type: string; bytes: Buffer },
) {
  const picture = await processProfilePicture(file.type, file.bytes, clanImageFrame(kind));
  const [row] = await deps.db
    .insert(clanImages)
    .values({
      ownerId,
      kind,
      bytes: picture.jpeg,
      width: picture.width,
      height: picture.height,
      createdAt: deps.clock(),
    })
    .returning({ id: clanImages.id });
  return { id: row!.id, kind, width: picture.width, height: picture.height };
}

/** The user's own upload of the right kind, or a 400 naming the image. */
async function checkImage(tx: Executor, ownerId: string, id: string | null | undefined, kind: ClanImageKind) {
  if (!id) return;
  const [row] = await tx
    .select({ id: clanImages.id })
    .from(clanImages)
    .where(and(eq(clanImages.id, id), eq(clanImages.ownerId, ownerId), eq(clanImages.kind, kind)));
  if (!row) throw new AppError(400, CLAN_IMAGE_NOT_FOUND_MESSAGE, { field: `${kind}ImageId` });
}

const nameTaken = () => new AppError(409, CLAN_NAME_TAKEN_MESSAGE);

async function assertNameFree(tx: Executor, name: string) {
  const [row] = await tx
    .select({ id: clans.id })
    .from(clans)
    .where(and(sql`lower(${clans.name}) = lower(${name})`, isNull(clans.deletedAt)))
    .limit(1);
  if (row) throw nameTaken();
}

export interface NewClan {
  clanName: string;
  city: string;
  country: string;
  description: string;
  logoImageId?: string | null | undefined;
  bannerImageId?: string | null | undefined;
  joinPolicy: ClanJoinPolicy;
  dashboardType: ClanDashboardType;
}

/**
 * Creates a clan: a complete chief registration with a verified phone, not in a clan, the recreate waiting period
 * over, a name no live clan has (ignoring case; the unique index decides races), the user's own images. The chief
 * is its first member; the college comes from the registration.
 */
export async function createClan(deps: AppDeps, userId: string, body: NewClan): Promise<string> {
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      await lockClanUser(tx, userId);
      const registration = await registrationView(tx, userId);
      if (!registration) throw new AppError(403, CLAN_REGISTRATION_REQUIRED_MESSAGE);
      if (!registration.phoneVerified) throw new AppError(403, CLAN_PHONE_NOT_VERIFIED_MESSAGE);
      if (!registration.complete) throw new AppError(403, CLAN_REGISTRATION_REQUIRED_MESSAGE);
      const [member] = await tx.select().from(clanMembers).where(eq(clanMembers.userId, userId));
      if (member) throw new AppError(409, CLAN_ALREADY_IN_CLAN_MESSAGE);
      const wait = canRecreateClanAfterDelete(
        clanRulesOf(deps),
        await lastEventAt(tx, userId, 'delete'),
        now,
      );
      if (!wait.allowed)
        throw tooEarly(CLAN_RECREATE_TOO_EARLY_MESSAGE, CLAN_ERROR_CODES.recreateTooEarly, wait.availableAt!);
      await assertNameFree(tx, body.clanName);
      await checkImage(tx, userId, body.logoImageId, 'logo');
      await checkImage(tx, userId, body.bannerImageId, 'banner');
      const [clan] = await tx
        .insert(clans)
        .values({
          name: body.clanName,
          city: body.city,
          country: body.country,
          description: body.description,
          collegeName: registration.collegeName,
          logoImageId: body.logoImageId ?? null,
          bannerImageId: body.bannerImageId ?? null,
          chiefId: userId,
          joinPolicy: body.joinPolicy,
          dashboardType: body.dashboardType,
          memberCap: deps.env.CLAN_MEMBER_CAP,
          memberCount: 1,
          createdAt: now,
        })
        .returning({ id: clans.id });
      await tx.insert(clanMembers).values({ userId, clanId: clan!.id, role: 'Chief', joinedAt: now });
      await addClanEvent(tx, { clanId: clan!.id, userId, kind: 'creation', at: now });
      return clan!.id;
    });
  } catch (err) {
    const unique = uniqueViolation(err);
    if (unique?.constraint === 'clans_name_key') throw nameTaken();
    if (unique) throw new AppError(409, CLAN_ALREADY_IN_CLAN_MESSAGE);
    throw err;
  }
}

/** The chief changes the clan's description, city, images, join policy or dashboard type. */
export async function updateClan(
  deps: AppDeps,
  chiefId: string,
  patch: {
    description?: string | undefined;
    city?: string | undefined;
    logoImageId?: string | null | undefined;
    bannerImageId?: string | null | undefined;
    joinPolicy?: ClanJoinPolicy | undefined;
    dashboardType?: ClanDashboardType | undefined;
  },
): Promise<string> {
  return deps.db.transaction(async (tx: Transaction) => {
    const clan = await lockChiefClan(tx, chiefId);
    await checkImage(tx, chiefId, patch.logoImageId, 'logo');
    await checkImage(tx, chiefId, patch.bannerImageId, 'banner');
    const changes: Partial<typeof clans.$inferInsert> = {};
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.city !== undefined) changes.city = patch.city;
    if (patch.logoImageId !== undefined) changes.logoImageId = patch.logoImageId;
    if (patch.bannerImageId !== undefined) changes.bannerImageId = patch.bannerImageId;
    if (patch.joinPolicy !== undefined) changes.joinPolicy = patch.joinPolicy;
    if (patch.dashboardType !== undefined) changes.dashboardType = patch.dashboardType;
    await tx.update(clans).set(changes).where(eq(clans.id, clan.id));
    return clan.id;
  });
}

/** A clan's logo or banner bytes, null when it has none. */
export async function loadClanImage(db: Executor, clanId: string, kind: ClanImageKind) {
  const column = kind === 'logo' ? clans.logoImageId : clans.bannerImageId;
  const [row] = await db
    .select({ id: clanImages.id, bytes: clanImages.bytes, createdAt: clanImages.createdAt })
    .from(clans)
    .innerJoin(clanImages, eq(clanImages.id, column))
    .where(and(eq(clans.id, clanId), isNull(clans.deletedAt)));
  return row ?? null;
}
