import { z } from 'zod';
import { MESSAGES } from '../domain/messages.ts';
import { LANGUAGE_CODES } from '../format/language.ts';
import { emailSchema } from '../validation/email.ts';
import { firstNameSchema } from '../validation/first-name.ts';
import { profileUsernameSchema } from '../validation/username.ts';
import { OTP_INVALID_MESSAGE } from './auth.ts';
import { lazySchema } from './lazy.ts';
import { countryCodeSchema, placeNameSchema } from './location.ts';
import { defineRoute, uuidParams } from './route.ts';

/** SPEC §3 product roles, exact. */
export const PRODUCT_ROLES = [
  'Newbie',
  'Quester',
  'BugHunter',
  'EsportsAthlete',
  'DiscordModerator',
  'TournamentOperator',
  'TelegramAdmin',
  'Caster',
  'TCreator',
  'Crafter',
] as const;
export type ProductRole = (typeof PRODUCT_ROLES)[number];

/** SPEC §3 platforms, exact. */
export const PREFERRED_PLATFORMS = ['Browser', 'Android', 'Windows', 'IOS', 'PC', 'Mac'] as const;
export type PreferredPlatform = (typeof PREFERRED_PLATFORMS)[number];

/** SPEC §8 texts for a role or platform that cannot be saved. */
export const UPDATE_ROLE_FAILED_MESSAGE = MESSAGES.updateRoleFailed;
export const UPDATE_PLATFORM_FAILED_MESSAGE = MESSAGES.updatePlatformFailed;

// Our texts (SPEC §5 gives none for these).
export const LAST_NAME_MESSAGE = 'Last name can have up to 30 letters, spaces, apostrophes or hyphens';
export const PROFILE_PATCH_EMPTY_MESSAGE = 'Nothing to update';
export const LANGUAGE_CODE_MESSAGE = `Choose one of these languages: ${LANGUAGE_CODES.join(', ')}`;
export const USERNAME_AVAILABLE_MESSAGE = 'Username is available';
export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'This email is already verified on your account.';
export const EMAIL_IN_USE_MESSAGE = 'This email is already used by another account.';
export const PICTURE_MISSING_MESSAGE = 'Please choose an image to upload.';
export const PICTURE_UNREADABLE_MESSAGE = 'The image could not be read. Please choose another JPEG.';
export const WALLET_NOT_FOUND_MESSAGE = 'Wallet not found';

/** SPEC §3 profileData; every field is sent by the server. */
export const profileSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    phone_number: z.string().nullable(),
    email: z.string().nullable(),
    username: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    telegram_id: z.string().nullable(),
    telegram_username: z.string().nullable(),
    /** Our uploaded picture (`/api/users/:id/profile-picture?v=…`) when there is one, else the Telegram photo. */
    photo_url: z.string().nullable(),
    /** The account's language (`en`, `hi`, `pt-BR`): every screen, push and email speaks it; null until chosen. */
    language_code: z.string().nullable(),
    is_verified: z.boolean(),
    created_at: z.string(),
    // Added with the profile editing endpoints. Optional only so that fixtures written before them still
    // parse; the API always sends them.
    /** ISO 3166-1 alpha-2. */
    country: z.string().nullable().optional(),
    city: z.string().nullable().optional(),
    college: z.string().nullable().optional(),
    email_verified: z.boolean().optional(),
    product_role: z.enum(PRODUCT_ROLES).nullable().optional(),
    preferred_platform: z.enum(PREFERRED_PLATFORMS).nullable().optional(),
    /** Set while an account deletion request is pending (ISO date of the purge). */
    deletion_due_at: z.string().nullable().optional(),
  }),
);
export type Profile = z.infer<typeof profileSchema>;

const LAST_NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’-]{0,29}$/u;

/** profilePatchBody's last-name rule as a plain function (a form checks it without the schema library). */
export const isLastName = (value: string): boolean => LAST_NAME.test(value.trim());

/**
 * PATCH /users/me/profile: only the fields sent change; `null` clears an optional one. Changing the
 * country without a city or college clears them (they belonged to the old country).
 */
export const profilePatchBody = lazySchema(() =>
  z
    .object({
      first_name: firstNameSchema,
      last_name: z.string({ error: LAST_NAME_MESSAGE }).trim().regex(LAST_NAME, LAST_NAME_MESSAGE).nullable(),
      country: countryCodeSchema.nullable(),
      city: placeNameSchema.nullable(),
      college: placeNameSchema.nullable(),
      /** The language menu of the website, the Mini App's first sign-in or the bot's /settings chose it. */
      language_code: z.enum(LANGUAGE_CODES, { error: LANGUAGE_CODE_MESSAGE }),
    })
    .partial()
    .strict()
    .refine((v) => Object.keys(v).length > 0, { message: PROFILE_PATCH_EMPTY_MESSAGE }),
);
export type ProfilePatch = z.infer<typeof profilePatchBody>;

export const usernameBody = lazySchema(() => z.object({ username: profileUsernameSchema }).strict());
export const verifyUsernameQuery = lazySchema(() => z.object({ username: profileUsernameSchema }).strict());
export const usernameAvailabilitySchema = lazySchema(() =>
  z.object({ username: z.string(), available: z.boolean() }),
);

export const emailBody = lazySchema(() => z.object({ email: emailSchema }).strict());
export const emailCodeSentSchema = lazySchema(() =>
  z.object({
    email: z.string(),
    /** Seconds the code stays valid. */
    expiresIn: z.number().int(),
    /** Milliseconds before another code may be asked for. */
    retryAfter: z.number().int(),
  }),
);
export const verifyEmailBody = lazySchema(() =>
  z.object({ code: z.string({ error: OTP_INVALID_MESSAGE }).regex(/^\d{6}$/, OTP_INVALID_MESSAGE) }).strict(),
);
export const emailVerifiedSchema = lazySchema(() =>
  z.object({ email: z.string(), email_verified: z.literal(true) }),
);

export const professionsSchema = lazySchema(() =>
  z.object({
    productRole: z.enum(PRODUCT_ROLES).nullable(),
    preferredPlatform: z.enum(PREFERRED_PLATFORMS).nullable(),
    /** The choices, in SPEC order. */
    productRoles: z.array(z.enum(PRODUCT_ROLES)),
    preferredPlatforms: z.array(z.enum(PREFERRED_PLATFORMS)),
  }),
);
export const professionsBody = lazySchema(() =>
  z
    .object({
      productRole: z.enum(PRODUCT_ROLES, { error: UPDATE_ROLE_FAILED_MESSAGE }),
      preferredPlatform: z.enum(PREFERRED_PLATFORMS, { error: UPDATE_PLATFORM_FAILED_MESSAGE }),
    })
    .partial()
    .strict()
    .refine((v) => Object.keys(v).length > 0, { message: PROFILE_PATCH_EMPTY_MESSAGE }),
);

export const isVerifiedSchema = lazySchema(() =>
  z.object({
    is_verified: z.boolean(),
    phone_verified: z.boolean(),
    email_verified: z.boolean(),
  }),
);

/** SPEC §7 wallet answer. A user without a wallet gets 404 with `data.code = 'WALLET_NOT_FOUND'`. */
export const walletAddressSchema = lazySchema(() =>
  z.object({ evmWalletAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/) }),
);

export const PROFILE_PICTURE_FIELD = 'file';
/** The largest picture the server can be set to take (its PROFILE_PICTURE_MAX_BYTES, 5 MB by default, may only be lower). */
export const PROFILE_PICTURE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Room for the multipart boundary and part headers around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const profilePictureBody = lazySchema(() =>
  z.object({
    [PROFILE_PICTURE_FIELD]: z.any().describe('A JPEG file (image/jpeg), at most 5 MB by default'),
  }),
);
/** A user without a picture, or an id that names no user (`/users/:id/profile-picture`). */
export const PROFILE_PICTURE_NOT_FOUND_MESSAGE = 'No profile picture yet.';
export const profilePictureSchema = lazySchema(() =>
  z.object({
    photo_url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int(),
  }),
);
export const profileRoutes = {
  profile: defineRoute({
    method: 'GET',
    path: '/users/me/profile',
    summary: 'The signed-in user’s profile',
    tag: 'Users',
    auth: 'bearer',
    response: profileSchema,
  }),
  updateProfile: defineRoute({
    method: 'PATCH',
    path: '/users/me/profile',
    summary: 'Change first name (SPEC §5 rule), last name, country (ISO alpha-2), city or college',
    tag: 'Users',
    auth: 'bearer',
    body: profilePatchBody,
    response: profileSchema,
  }),
  verifyUsername: defineRoute({
    method: 'GET',
    path: '/users/me/verify-username',
    summary: 'Check a username: SPEC §5 rule, then availability (409 “Username already taken!”)',
    tag: 'Users',
    auth: 'bearer',
    query: verifyUsernameQuery,
    response: usernameAvailabilitySchema,
  }),
  updateUsername: defineRoute({
    method: 'PUT',
    path: '/users/me/username',
    summary: 'Take a username (unique ignoring case; 409 “Username already taken!”)',
    tag: 'Users',
    auth: 'bearer',
    body: usernameBody,
    response: profileSchema,
  }),
  updateEmail: defineRoute({
    method: 'PUT',
    path: '/users/me/email',
    summary: 'Send a 6-digit code to a new email address (valid 10 minutes)',
    tag: 'Users',
    auth: 'bearer',
    body: emailBody,
    response: emailCodeSentSchema,
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/users/me/verify-email',
    summary: 'Confirm the emailed code; the address becomes the account’s verified email',
    tag: 'Users',
    auth: 'bearer',
    body: verifyEmailBody,
    response: emailVerifiedSchema,
  }),
  professions: defineRoute({
    method: 'GET',
    path: '/users/me/professions',
    summary: 'Product role and preferred platform, with the choices',
    tag: 'Users',
    auth: 'bearer',
    response: professionsSchema,
  }),
  updateProfessions: defineRoute({
    method: 'PUT',
    path: '/users/me/professions',
    summary: 'Set the product role and/or preferred platform',
    tag: 'Users',
    auth: 'bearer',
    body: professionsBody,
    response: professionsSchema,
  }),
  isVerified: defineRoute({
    method: 'GET',
    path: '/users/me/is_verified',
    summary: 'Whether the account’s phone (is_verified) and email are verified',
    tag: 'Users',
    auth: 'bearer',
    response: isVerifiedSchema,
  }),
  walletAddress: defineRoute({
    method: 'GET',
    path: '/users/me/wallet-address',
    summary:
      'The custodial EVM wallet made at first sign-in; 404 with data.code WALLET_NOT_FOUND without one',
    tag: 'Users',
    auth: 'bearer',
    response: walletAddressSchema,
  }),
  uploadProfilePicture: defineRoute({
    method: 'POST',
    path: '/users/me/profile-picture',
    summary: 'Upload a JPEG (multipart field `file`); it is re-encoded without metadata, at most 512×512',
    tag: 'Users',
    auth: 'bearer',
    multipart: true,
    maxBodyBytes: PROFILE_PICTURE_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    body: profilePictureBody,
    response: profilePictureSchema,
  }),
  myProfilePicture: defineRoute({
    method: 'GET',
    path: '/users/me/profile-picture',
    summary: 'The signed-in user’s picture: image/jpeg bytes, not an envelope (404 envelope without one)',
    tag: 'Users',
    auth: 'bearer',
    response: lazySchema(() => z.string().describe('image/jpeg')),
  }),
  userProfilePicture: defineRoute({
    method: 'GET',
    path: '/users/:id/profile-picture',
    summary: 'A user’s picture, public and cacheable: image/jpeg bytes, not an envelope',
    tag: 'Users',
    auth: 'none',
    params: lazySchema(() => uuidParams('id', PROFILE_PICTURE_NOT_FOUND_MESSAGE)),
    response: lazySchema(() => z.string().describe('image/jpeg')),
  }),
} as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const profileMessages = {
  WALLET_NOT_FOUND: WALLET_NOT_FOUND_MESSAGE,
  PROFILE_PATCH_EMPTY: PROFILE_PATCH_EMPTY_MESSAGE,
  USERNAME_AVAILABLE: USERNAME_AVAILABLE_MESSAGE,
  EMAIL_ALREADY_VERIFIED: EMAIL_ALREADY_VERIFIED_MESSAGE,
  EMAIL_IN_USE: EMAIL_IN_USE_MESSAGE,
  PICTURE_MISSING: PICTURE_MISSING_MESSAGE,
  PICTURE_UNREADABLE: PICTURE_UNREADABLE_MESSAGE,
} as const;
