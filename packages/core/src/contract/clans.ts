import { z } from 'zod';
import { CLAN_TIERS } from '../domain/clan-tiers.ts';
import { emailSchema } from '../validation/email.ts';
import { OTP_INVALID_MESSAGE, OTP_LENGTH, otpSentSchema, phoneE164ShapeSchema } from './auth.ts';
import { clanWarStatusSchema } from './clan-wars.ts';
import { pageStateSchema, slugSchema } from './games.ts';
import { lazySchema } from './lazy.ts';
import { countryCodeSchema, placeNameSchema } from './location.ts';
import { POG_SCORE_CATEGORIES } from './pog.ts';
import { MULTIPART_OVERHEAD_BYTES } from './profile.ts';
import { defineRoute, UUID_PATTERN, uuidParams } from './route.ts';

export { CLAN_TIER_THRESHOLDS, CLAN_TIERS, type ClanTier } from '../domain/clan-tiers.ts';

/**
 * Clans (SPEC §1 clans, §2 /clan-chief/, /my-clan/, /discover-clan, §3 Clan, §4 clan events, §6 roles, §7
 * platform-clans, `userquest/clanchief v2`, leaderboards clan and partner clan). A gamer registers as a clan chief
 * (email, city, a phone verified by OTP, college, a referrer's phone), creates one clan, and leads its members.
 * One clan per user. Joining, leaving, deleting and creating again wait the configured number of days after the
 * event that restricts them (SPEC §3 rules, with the matching min-date fields). The chief manages the clan on the
 * website, in the Mini App, and from a private chat with the bot (`auth: 'bot'` routes below).
 */

/** SPEC §3/§6 roles: Chief leads a clan, Member belongs to one, Gamer has none. */
export const CLAN_ROLES = ['Chief', 'Member', 'Gamer'] as const;
export type ClanRole = (typeof CLAN_ROLES)[number];

/** SPEC §3 dashboard type: the clan's campaigns (k_drop) or the clan's quests (k_quest). */
export const CLAN_DASHBOARD_TYPES = ['k_drop', 'k_quest'] as const;
export type ClanDashboardType = (typeof CLAN_DASHBOARD_TYPES)[number];

/** OPEN: anyone may join at once; APPROVAL: a join is a request the chief approves or refuses. */
export const CLAN_JOIN_POLICIES = ['OPEN', 'APPROVAL'] as const;
export type ClanJoinPolicy = (typeof CLAN_JOIN_POLICIES)[number];

/** SPEC §4 clan events (each with a waiting period) plus what else happens to a membership. */
export const CLAN_EVENT_KINDS = [
  'creation',
  'delete',
  'leave',
  'join',
  'removed',
  'handover',
  'request',
  'approved',
  'refused',
] as const;
export type ClanEventKind = (typeof CLAN_EVENT_KINDS)[number];

/** Where a user stands with a clan: a member, or waiting for the chief to approve a request. */
export const CLAN_MEMBERSHIP_STATUSES = ['ACTIVE', 'PENDING'] as const;
export type ClanMembershipStatus = (typeof CLAN_MEMBERSHIP_STATUSES)[number];

/** News a clan's linked Telegram group gets (within Telegram's 20 messages a minute per group). */
export const CLAN_GROUP_NEWS_KINDS = [
  'member_joined',
  'clan_quest_completed',
  'tier_reached',
  'announcement',
  'group_linked',
  /** Weekly clan wars (issue 26): the week's opponent, and the result. */
  'war_matched',
  'war_result',
] as const;
export type ClanGroupNewsKind = (typeof CLAN_GROUP_NEWS_KINDS)[number];

export const CLAN_NAME_MIN = 3;
export const CLAN_NAME_MAX = 30;
export const CLAN_DESCRIPTION_MAX = 500;
export const CLAN_ANNOUNCEMENT_MAX = 1_000;
/** Active clan quests a chief may set at once. */
export const CLAN_QUESTS_MAX = 5;
export const CLANS_DEFAULT_LIMIT = 20;
export const CLANS_MAX_LIMIT = 100;
/** A clan's logo and banner: JPEG only (SPEC §5), at most this many bytes as uploaded. */
export const CLAN_IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const CLAN_IMAGE_FIELD = 'file';
export const CLAN_IMAGE_KINDS = ['logo', 'banner'] as const;
export type ClanImageKind = (typeof CLAN_IMAGE_KINDS)[number];

// Our texts (SPEC §8 has none for clans), shown as they are and translated by the screens.
export const CLAN_NOT_FOUND_MESSAGE = 'This clan does not exist.';
export const CLAN_NAME_MESSAGE = `A clan name has ${CLAN_NAME_MIN} to ${CLAN_NAME_MAX} letters, digits, spaces, dots, hyphens or underscores`;
export const CLAN_NAME_TAKEN_MESSAGE = 'This clan name is already taken.';
export const CLAN_ALREADY_IN_CLAN_MESSAGE = 'You are already in a clan.';
export const CLAN_NOT_IN_CLAN_MESSAGE = 'You are not in a clan.';
export const CLAN_NOT_CHIEF_MESSAGE = 'Only the clan chief can do this.';
/** A chat action of someone who is no longer (or never was) the clan's chief. */
export const CLAN_NO_LONGER_CHIEF_MESSAGE = 'You are no longer the chief of this clan.';
export const CLAN_FULL_MESSAGE = 'This clan is full.';
export const CLAN_CHIEF_CANNOT_LEAVE_MESSAGE = 'Hand the clan over to a member or delete it before leaving.';
export const CLAN_JOIN_TOO_EARLY_MESSAGE = 'You left a clan recently. You can join a clan again on {{date}}.';
export const CLAN_DELETE_TOO_EARLY_MESSAGE = 'This clan is too new to delete. You can delete it on {{date}}.';
export const CLAN_RECREATE_TOO_EARLY_MESSAGE =
  'You deleted a clan recently. You can create a clan again on {{date}}.';
export const CLAN_REGISTRATION_REQUIRED_MESSAGE = 'Register as a clan chief first.';
export const CLAN_PHONE_NOT_VERIFIED_MESSAGE = 'Verify your phone number first.';
export const CLAN_REQUEST_NOT_FOUND_MESSAGE = 'There is no such request.';
export const CLAN_MEMBER_NOT_FOUND_MESSAGE = 'This gamer is not a member of your clan.';
export const CLAN_IMAGE_NOT_FOUND_MESSAGE = 'This image does not exist.';
export const CLAN_QUEST_NOT_FOUND_MESSAGE = 'This quest cannot be a clan quest.';
export const CLAN_QUESTS_LIMIT_MESSAGE = `A clan can have at most ${CLAN_QUESTS_MAX} clan quests at once.`;
export const CLAN_GROUP_NOT_LINKED_MESSAGE = 'This group is not linked to a clan.';
export const CLAN_SEARCH_MESSAGE = 'Type 1 to 30 characters to search';
/** The chief approves a request of someone who joined another clan meanwhile. */
export const CLAN_REQUESTER_IN_CLAN_MESSAGE = 'This gamer has already joined a clan.';
/** Announcements a clan may send a day (all channels together). */
export const CLAN_ANNOUNCEMENTS_PER_DAY = 10;
export const CLAN_ANNOUNCEMENT_LIMIT_MESSAGE = `A clan can send at most ${CLAN_ANNOUNCEMENTS_PER_DAY} announcements a day. Please try again later.`;

/**
 * `data.code` of a refusal by a waiting period; `data.availableAt` (ISO) says when the action becomes possible,
 * so a screen can write the date in the user's format ({{date}} in the message is dd/mm/yyyy, UTC).
 */
export const CLAN_ERROR_CODES = {
  joinTooEarly: 'CLAN_JOIN_TOO_EARLY',
  deleteTooEarly: 'CLAN_DELETE_TOO_EARLY',
  recreateTooEarly: 'CLAN_RECREATE_TOO_EARLY',
} as const;
export type ClanErrorCode = (typeof CLAN_ERROR_CODES)[keyof typeof CLAN_ERROR_CODES];
export const clanWaitingPeriodErrorSchema = lazySchema(() =>
  z.object({
    code: z.enum([
      CLAN_ERROR_CODES.joinTooEarly,
      CLAN_ERROR_CODES.deleteTooEarly,
      CLAN_ERROR_CODES.recreateTooEarly,
    ]),
    availableAt: z.string(),
  }),
);

const CLAN_NAME = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} ._-]*$/u;

/** clanNameSchema's rule as a plain function, so a form checks it without the schema library. */
export function isClanName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed.length >= CLAN_NAME_MIN && trimmed.length <= CLAN_NAME_MAX && CLAN_NAME.test(trimmed);
}
export const clanNameSchema = lazySchema(() =>
  z
    .string({ error: CLAN_NAME_MESSAGE })
    .trim()
    .min(CLAN_NAME_MIN, { message: CLAN_NAME_MESSAGE })
    .max(CLAN_NAME_MAX, { message: CLAN_NAME_MESSAGE })
    .regex(CLAN_NAME, { message: CLAN_NAME_MESSAGE }),
);

const descriptionSchema = lazySchema(() => z.string().trim().max(CLAN_DESCRIPTION_MAX));
const uuid = lazySchema(() => z.string().regex(UUID_PATTERN));
const isoDate = lazySchema(() => z.string());

/** SPEC §3 rules, in days, with the matching min-date fields for the signed-in user (null: not restricted). */
export const clanRulesSchema = lazySchema(() =>
  z.object({
    minDaysBeforeClanDelete: z.number().int().min(0),
    minDaysToJoinClanAfterLeaving: z.number().int().min(0),
    minDaysToRecreateClanAfterDelete: z.number().int().min(0),
    /** When the signed-in user's clan may be deleted (chief only). */
    minDateBeforeClanDelete: isoDate.nullable(),
    /** When the signed-in user may join a clan again after leaving one. */
    minDateToJoinClanAfterLeaving: isoDate.nullable(),
    /** When the signed-in user may create a clan again after deleting one. */
    minDateToRecreateClanAfterDelete: isoDate.nullable(),
  }),
);
export type ClanRulesAnswer = z.infer<typeof clanRulesSchema>;

export const clanConfigSchema = lazySchema(() =>
  z.object({
    minDaysBeforeClanDelete: z.number().int().min(0),
    minDaysToJoinClanAfterLeaving: z.number().int().min(0),
    minDaysToRecreateClanAfterDelete: z.number().int().min(0),
    /** Members a new clan may have (its chief included). */
    memberCap: z.number().int().min(2),
    tiers: z.array(z.object({ tier: z.enum(CLAN_TIERS), minScore: z.number().int().min(0) })),
    dashboardTypes: z.array(z.enum(CLAN_DASHBOARD_TYPES)),
    maxClanQuests: z.number().int(),
    /** SPEC §2: the clan handbook PDF. */
    handbookUrl: z.string(),
  }),
);
export type ClanConfig = z.infer<typeof clanConfigSchema>;

/** A clan as lists and pages show it. */
export const clanSummarySchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    clanName: z.string(),
    city: z.string(),
    country: z.string(),
    description: z.string(),
    /** Image addresses (`/api/platform-clans/:id/images/logo`), null when none was uploaded. */
    clanLogo: z.string().nullable(),
    bannerImage: z.string().nullable(),
    collegeName: z.string().nullable(),
    chief: z.object({ userId: z.string().uuid(), displayName: z.string(), avatarUrl: z.string().nullable() }),
    memberCount: z.number().int().min(0),
    memberCap: z.number().int().min(1),
    joinPolicy: z.enum(CLAN_JOIN_POLICIES),
    dashboardType: z.enum(CLAN_DASHBOARD_TYPES),
    score: z.number().int().min(0),
    tier: z.enum(CLAN_TIERS),
    /** Rank on the global clans board (1 is first). */
    rank: z.number().int().min(1).nullable(),
    createdAt: z.string(),
  }),
);
export type ClanSummary = z.infer<typeof clanSummarySchema>;

export const clanDetailSchema = lazySchema(() =>
  clanSummarySchema.extend({
    nextTier: z.enum(CLAN_TIERS).nullable(),
    pointsToNextTier: z.number().int().min(0),
    /** The signed-in reader's place: Gamer for a visitor or a non-member. */
    viewerRole: z.enum(CLAN_ROLES),
    /** The reader's pending join request to this clan. */
    viewerRequestPending: z.boolean(),
    /** Invitation links (members and the chief only; null otherwise). */
    invite: z
      .object({
        /** Website: /discover-clan?clanId=<id>. */
        webUrl: z.string(),
        /** Mini App: t.me/<bot>/<app>?startapp=clan_<id> (null when no bot is configured). */
        miniAppUrl: z.string().nullable(),
        startParam: z.string(),
      })
      .nullable(),
    /** The linked Telegram group's title (members only). */
    telegramGroup: z.string().nullable(),
  }),
);
export type ClanDetail = z.infer<typeof clanDetailSchema>;

export const clanPageSchema = lazySchema(() => pageStateSchema.extend({ clans: z.array(clanSummarySchema) }));
export type ClanPage = z.infer<typeof clanPageSchema>;

export const clanMemberSchema = lazySchema(() =>
  z.object({
    userId: z.string().uuid(),
    displayName: z.string(),
    username: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    role: z.enum(['Chief', 'Member']),
    joinedAt: z.string(),
    /** What the member earned for the clan while in it (the clan score's share). */
    points: z.number().int().min(0),
  }),
);
export type ClanMember = z.infer<typeof clanMemberSchema>;
export const clanMemberPageSchema = lazySchema(() =>
  pageStateSchema.extend({ members: z.array(clanMemberSchema) }),
);

export const clanJoinRequestSchema = lazySchema(() =>
  z.object({
    userId: z.string().uuid(),
    displayName: z.string(),
    username: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    requestedAt: z.string(),
  }),
);
export type ClanJoinRequest = z.infer<typeof clanJoinRequestSchema>;

/**
 * SPEC §3 chief registration: email, chiefCity, phoneNumber (set by the OTP check, else the account's own phone,
 * verified when the account signed in or linked it), collegeName, referrerPhoneNumber.
 */
export const clanChiefRegistrationSchema = lazySchema(() =>
  z.object({
    email: z.string().nullable(),
    chiefCity: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    phoneVerified: z.boolean(),
    collegeName: z.string().nullable(),
    referrerPhoneNumber: z.string().nullable(),
    /** Every field a clan needs is there and the phone is verified. */
    complete: z.boolean(),
  }),
);
export type ClanChiefRegistration = z.infer<typeof clanChiefRegistrationSchema>;

/** `platform-clans/status`: who the signed-in user is in clans, and what they may do now. */
export const clanStatusSchema = lazySchema(() =>
  z.object({
    role: z.enum(CLAN_ROLES),
    clan: clanSummarySchema.nullable(),
    /** Clans the user asked to join and that have not answered. */
    pendingRequests: z.array(
      z.object({ clanId: z.string().uuid(), clanName: z.string(), requestedAt: z.string() }),
    ),
    registration: clanChiefRegistrationSchema.nullable(),
    rules: clanRulesSchema,
  }),
);
export type ClanStatus = z.infer<typeof clanStatusSchema>;

export const clanStatsSchema = lazySchema(() =>
  z.object({
    clanId: z.string().uuid(),
    memberCount: z.number().int().min(0),
    score: z.number().int().min(0),
    tier: z.enum(CLAN_TIERS),
    nextTier: z.enum(CLAN_TIERS).nullable(),
    pointsToNextTier: z.number().int().min(0),
    rank: z.number().int().min(1).nullable(),
    totalClans: z.number().int().min(0),
    questsCompleted: z.number().int().min(0),
    campaignsFinished: z.number().int().min(0),
    /** Members who earned points in the last 7 days. */
    activeMembers7d: z.number().int().min(0),
  }),
);
export type ClanStats = z.infer<typeof clanStatsSchema>;

/** POG scores of a clan (SPEC §7 pog-scores): 0 until its members mint POG cards. */
export const clanPogScoresSchema = lazySchema(() =>
  z.object({
    clanId: z.string().uuid(),
    total: z.number().int().min(0),
    scores: z.array(z.object({ category: z.enum(POG_SCORE_CATEGORIES), score: z.number().int().min(0) })),
    minters: z.number().int().min(0),
  }),
);

/** A clan-chief quest (`userquest/clanchief v2`): only members' completions while in the clan count. */
export const clanQuestSchema = lazySchema(() =>
  z.object({
    questId: z.string().uuid(),
    slug: z.string(),
    title: z.string(),
    coverUrl: z.string().nullable(),
    /** Members who must complete it. */
    target: z.number().int().min(1),
    completedBy: z.number().int().min(0),
    /** Whether the reader (a member) completed it. */
    completedByMe: z.boolean(),
    addedAt: z.string(),
    completedAt: z.string().nullable(),
  }),
);
export type ClanQuest = z.infer<typeof clanQuestSchema>;

/** The clan dashboard (SPEC §3 type k_quest or k_drop): each member's progress on the clan's quests or campaigns. */
export const clanDashboardSchema = lazySchema(() =>
  z.object({
    type: z.enum(CLAN_DASHBOARD_TYPES),
    /** Columns: the clan quests (k_quest) or the live campaigns (k_drop). */
    items: z.array(
      z.object({
        id: z.string().uuid(),
        slug: z.string(),
        title: z.string(),
        /** Members who finished it. */
        finished: z.number().int().min(0),
        /** Members who started and did not finish. */
        started: z.number().int().min(0),
      }),
    ),
    /** Rows: each member with what they finished of `items` (ids). */
    members: z.array(
      z.object({
        userId: z.string().uuid(),
        displayName: z.string(),
        avatarUrl: z.string().nullable(),
        finished: z.array(z.string().uuid()),
        started: z.array(z.string().uuid()),
        points: z.number().int().min(0),
      }),
    ),
  }),
);
export type ClanDashboard = z.infer<typeof clanDashboardSchema>;

/** A clan on a clans board. */
export const clanBoardEntrySchema = lazySchema(() =>
  z.object({
    rank: z.number().int().min(1),
    clanId: z.string().uuid(),
    clanName: z.string(),
    clanLogo: z.string().nullable(),
    tier: z.enum(CLAN_TIERS),
    score: z.number().int().min(0),
    memberCount: z.number().int().min(0),
  }),
);
export type ClanBoardEntry = z.infer<typeof clanBoardEntrySchema>;

/** "Top 100 + my rank": the first 100 clans and the reader's clan wherever it is. */
export const clanBoardSchema = lazySchema(() =>
  z.object({
    board: z.enum(['global', 'partner']),
    /** The partner hub of a partner board. */
    partner: z.object({ slug: z.string(), name: z.string() }).nullable(),
    top: z.array(clanBoardEntrySchema),
    mine: clanBoardEntrySchema.nullable(),
    total: z.number().int().min(0),
  }),
);
export type ClanBoard = z.infer<typeof clanBoardSchema>;

/** My clan's members ranked by what they earned for it. */
export const clanMemberBoardSchema = lazySchema(() =>
  z.object({
    clanId: z.string().uuid(),
    top: z.array(
      z.object({
        rank: z.number().int().min(1),
        userId: z.string().uuid(),
        displayName: z.string(),
        avatarUrl: z.string().nullable(),
        points: z.number().int().min(0),
      }),
    ),
    mine: z
      .object({
        rank: z.number().int().min(1),
        userId: z.string().uuid(),
        displayName: z.string(),
        avatarUrl: z.string().nullable(),
        points: z.number().int().min(0),
      })
      .nullable(),
    total: z.number().int().min(0),
  }),
);
export type ClanMemberBoard = z.infer<typeof clanMemberBoardSchema>;

// Requests.
const pageQuery = lazySchema(() =>
  z
    .object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(CLANS_MAX_LIMIT).default(CLANS_DEFAULT_LIMIT),
    })
    .strict(),
);
export const clanListQuery = pageQuery;
export const clanSearchQuery = lazySchema(() =>
  z
    .object({
      q: z
        .string({ error: CLAN_SEARCH_MESSAGE })
        .trim()
        .min(1, CLAN_SEARCH_MESSAGE)
        .max(30, CLAN_SEARCH_MESSAGE),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(CLANS_MAX_LIMIT).default(CLANS_DEFAULT_LIMIT),
    })
    .strict(),
);
export const clanMemberSearchQuery = lazySchema(() =>
  z
    .object({
      username: z
        .string({ error: CLAN_SEARCH_MESSAGE })
        .trim()
        .min(1, CLAN_SEARCH_MESSAGE)
        .max(30, CLAN_SEARCH_MESSAGE),
    })
    .strict(),
);

export const clanOtpSendBody = lazySchema(() => z.object({ phone: phoneE164ShapeSchema }).strict());
export const clanOtpVerifyBody = lazySchema(() =>
  z
    .object({
      phone: phoneE164ShapeSchema,
      otp: z
        .string({ error: OTP_INVALID_MESSAGE })
        .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { message: OTP_INVALID_MESSAGE }),
    })
    .strict(),
);

export const clanChiefRegistrationBody = lazySchema(() =>
  z
    .object({
      email: emailSchema,
      chiefCity: placeNameSchema,
      collegeName: placeNameSchema,
      /** Who brought the chief in (optional). */
      referrerPhoneNumber: phoneE164ShapeSchema.nullable().optional(),
    })
    .strict(),
);

export const createClanBody = lazySchema(() =>
  z
    .object({
      clanName: clanNameSchema,
      city: placeNameSchema,
      country: countryCodeSchema,
      description: descriptionSchema.default(''),
      /** Ids from `POST /platform-clans/images`. */
      logoImageId: uuid.nullable().optional(),
      bannerImageId: uuid.nullable().optional(),
      joinPolicy: z.enum(CLAN_JOIN_POLICIES).default('OPEN'),
      dashboardType: z.enum(CLAN_DASHBOARD_TYPES).default('k_quest'),
    })
    .strict(),
);

export const updateClanBody = lazySchema(() =>
  z
    .object({
      description: descriptionSchema.optional(),
      city: placeNameSchema.optional(),
      logoImageId: uuid.nullable().optional(),
      bannerImageId: uuid.nullable().optional(),
      joinPolicy: z.enum(CLAN_JOIN_POLICIES).optional(),
      dashboardType: z.enum(CLAN_DASHBOARD_TYPES).optional(),
    })
    .strict()
    .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' }),
);

export const clanImageBody = lazySchema(() =>
  z.object({
    [CLAN_IMAGE_FIELD]: z.any().describe('A JPEG file (image/jpeg)'),
    kind: z.enum(CLAN_IMAGE_KINDS).default('logo'),
  }),
);
export const clanImageSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    kind: z.enum(CLAN_IMAGE_KINDS),
    width: z.number().int(),
    height: z.number().int(),
  }),
);

export const handoverBody = lazySchema(() => z.object({ userId: uuid }).strict());
export const announcementBody = lazySchema(() =>
  z.object({ text: z.string().trim().min(1).max(CLAN_ANNOUNCEMENT_MAX) }).strict(),
);
export const announcementSchema = lazySchema(() =>
  z.object({
    /** Members the announcement was queued for (each then gets it unless they turned announcements off). */
    recipients: z.number().int().min(0),
  }),
);
export const addClanQuestBody = lazySchema(() =>
  z.object({ questSlug: slugSchema, target: z.number().int().min(1).max(1_000) }).strict(),
);

export const clanIdParams = lazySchema(() => uuidParams('clanId', CLAN_NOT_FOUND_MESSAGE));
export const clanImageParams = lazySchema(() =>
  z.object({
    clanId: z.string().regex(UUID_PATTERN, { message: CLAN_NOT_FOUND_MESSAGE }),
    kind: z.enum(CLAN_IMAGE_KINDS, { message: CLAN_IMAGE_NOT_FOUND_MESSAGE }),
  }),
);
export const clanUserParams = lazySchema(() => uuidParams('userId', CLAN_MEMBER_NOT_FOUND_MESSAGE));
export const clanQuestParams = lazySchema(() => z.object({ questSlug: slugSchema }));
export const partnerBoardParams = lazySchema(() => z.object({ hubSlug: slugSchema }));

/** What joining answers: a member at once (OPEN) or a request waiting for the chief (APPROVAL). */
export const joinClanSchema = lazySchema(() =>
  z.object({
    status: z.enum(CLAN_MEMBERSHIP_STATUSES),
    clan: clanSummarySchema,
  }),
);

// The bot's console (auth 'bot'): a chief in a private chat. The clan id is in each path so a button drawn for a
// clan keeps naming it; the server checks on every call that the Telegram user is that clan's chief now.
export const botTelegramGroupBody = lazySchema(() =>
  z
    .object({
      chatId: z.number().int(),
      title: z.string().trim().min(1).max(255),
    })
    .strict(),
);
export const botClanConsoleSchema = lazySchema(() =>
  z.object({
    clan: clanSummarySchema,
    stats: clanStatsSchema,
    pendingRequests: z.array(clanJoinRequestSchema),
    pendingTotal: z.number().int().min(0),
    members: z.array(clanMemberSchema),
    memberTotal: z.number().int().min(0),
    telegramGroup: z.object({ chatId: z.number().int(), title: z.string() }).nullable(),
    /** The clan's war this week (scores, the end) and its last results, as the chief's members see it. */
    war: clanWarStatusSchema,
  }),
);
export type BotClanConsole = z.infer<typeof botClanConsoleSchema>;
export const botClanUserParams = lazySchema(() =>
  z.object({
    clanId: z.string().regex(UUID_PATTERN, { message: CLAN_NOT_FOUND_MESSAGE }),
    userId: z.string().regex(UUID_PATTERN, { message: CLAN_MEMBER_NOT_FOUND_MESSAGE }),
  }),
);
export const botChatParams = lazySchema(() =>
  z.object({
    chatId: z.string().regex(/^-?\d{1,20}$/, CLAN_GROUP_NOT_LINKED_MESSAGE),
  }),
);
/** A console view drawn for a clan names it, so a press is answered for that clan (or refused). */
export const botClanConsoleQuery = lazySchema(() =>
  z
    .object({ clanId: z.string().regex(UUID_PATTERN, { message: CLAN_NOT_FOUND_MESSAGE }).optional() })
    .strict(),
);
/** The clan a Telegram group is linked to (`/clan` typed in the group), or null. */
export const botGroupClanSchema = lazySchema(() => z.object({ clan: clanSummarySchema.nullable() }));

const okSchema = lazySchema(() => z.object({ ok: z.literal(true) }));

export const clansRoutes = {
  clanConfig: defineRoute({
    method: 'GET',
    path: '/platform-clans/config',
    summary: 'Clan settings: waiting periods, member cap, tiers, dashboard types, the clan handbook',
    tag: 'Clans',
    auth: 'none',
    response: clanConfigSchema,
  }),
  clanRules: defineRoute({
    method: 'GET',
    path: '/platform-clans/rules',
    summary: 'SPEC §3 clan rules with the signed-in user’s min-date fields',
    tag: 'Clans',
    auth: 'bearer',
    response: clanRulesSchema,
  }),
  clanStatus: defineRoute({
    method: 'GET',
    path: '/platform-clans/status',
    summary: 'The signed-in user’s role, clan, pending requests, chief registration and rules',
    tag: 'Clans',
    auth: 'bearer',
    response: clanStatusSchema,
  }),
  clanList: defineRoute({
    method: 'GET',
    path: '/platform-clans/list',
    summary: 'Clans by score, paginated',
    tag: 'Clans',
    auth: 'none',
    query: clanListQuery,
    response: clanPageSchema,
  }),
  clanSearch: defineRoute({
    method: 'GET',
    path: '/platform-clans/search',
    summary: 'Clans whose name contains the text (any case), paginated',
    tag: 'Clans',
    auth: 'none',
    query: clanSearchQuery,
    response: clanPageSchema,
  }),
  clanRecommended: defineRoute({
    method: 'GET',
    path: '/platform-clans/recommended',
    summary:
      'Clans for the signed-in user: same college, then city, then country, then the rest; open ones first',
    tag: 'Clans',
    auth: 'bearer',
    query: clanListQuery,
    response: clanPageSchema,
  }),
  clanOtpSend: defineRoute({
    method: 'POST',
    path: '/platform-clans/otp',
    summary: 'Send a code to the phone a chief registers with (rate-limited like sign-in codes)',
    tag: 'Clans',
    auth: 'bearer',
    body: clanOtpSendBody,
    response: otpSentSchema,
  }),
  clanOtpVerify: defineRoute({
    method: 'POST',
    path: '/platform-clans/otp/verify',
    summary: 'Check the code; the phone is stored in the chief registration (SPEC §2)',
    tag: 'Clans',
    auth: 'bearer',
    body: clanOtpVerifyBody,
    response: clanChiefRegistrationSchema,
  }),
  clanChiefRegistration: defineRoute({
    method: 'GET',
    path: '/platform-clans/registration',
    summary:
      'The signed-in user’s chief registration (404 before they start one, unless the account has a verified phone: it starts with that)',
    tag: 'Clans',
    auth: 'bearer',
    response: clanChiefRegistrationSchema,
  }),
  saveClanChiefRegistration: defineRoute({
    method: 'PUT',
    path: '/platform-clans/registration',
    summary: 'Save the chief registration: email, city, college, referrer phone',
    tag: 'Clans',
    auth: 'bearer',
    body: clanChiefRegistrationBody,
    response: clanChiefRegistrationSchema,
  }),
  uploadClanImage: defineRoute({
    method: 'POST',
    path: '/platform-clans/images',
    summary: 'Upload a clan logo or banner (multipart `file`, JPEG); re-encoded without metadata',
    tag: 'Clans',
    auth: 'bearer',
    multipart: true,
    maxBodyBytes: CLAN_IMAGE_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    body: clanImageBody,
    response: clanImageSchema,
    successStatus: 201,
  }),
  createClan: defineRoute({
    method: 'POST',
    path: '/platform-clans',
    summary: 'Create a clan (registered chiefs with a verified phone, one clan per user)',
    tag: 'Clans',
    auth: 'bearer',
    body: createClanBody,
    response: clanDetailSchema,
    successStatus: 201,
  }),
  updateMyClan: defineRoute({
    method: 'PATCH',
    path: '/platform-clans/me',
    summary: 'Change the clan’s description, city, images, join policy or dashboard type (chief)',
    tag: 'Clans',
    auth: 'bearer',
    body: updateClanBody,
    response: clanDetailSchema,
  }),
  deleteMyClan: defineRoute({
    method: 'DELETE',
    path: '/platform-clans/me',
    summary: 'Delete the clan (chief; minDaysBeforeClanDelete after creation)',
    tag: 'Clans',
    auth: 'bearer',
    response: okSchema,
  }),
  leaveClan: defineRoute({
    method: 'POST',
    path: '/platform-clans/me/leave',
    summary: 'Leave the clan (members; a chief hands over or deletes first)',
    tag: 'Clans',
    auth: 'bearer',
    response: okSchema,
  }),
  handOverClan: defineRoute({
    method: 'POST',
    path: '/platform-clans/me/handover',
    summary: 'Make a member the clan’s chief (chief); the old chief stays a member',
    tag: 'Clans',
    auth: 'bearer',
    body: handoverBody,
    response: clanDetailSchema,
  }),
  myClanRequests: defineRoute({
    method: 'GET',
    path: '/platform-clans/me/requests',
    summary: 'Join requests waiting for the chief',
    tag: 'Clans',
    auth: 'bearer',
    response: lazySchema(() => z.object({ requests: z.array(clanJoinRequestSchema) })),
  }),
  approveClanRequest: defineRoute({
    method: 'POST',
    path: '/platform-clans/me/requests/:userId/approve',
    summary: 'Approve a join request (chief); refused when the clan is full',
    tag: 'Clans',
    auth: 'bearer',
    params: clanUserParams,
    response: clanMemberSchema,
  }),
  refuseClanRequest: defineRoute({
    method: 'POST',
    path: '/platform-clans/me/requests/:userId/refuse',
    summary: 'Refuse a join request (chief)',
    tag: 'Clans',
    auth: 'bearer',
    params: clanUserParams,
    response: okSchema,
  }),
  removeClanMember: defineRoute({
    method: 'DELETE',
    path: '/platform-clans/me/members/:userId',
    summary: 'Remove a member (chief)',
    tag: 'Clans',
    auth: 'bearer',
    params: clanUserParams,
    response: okSchema,
  }),
  announceToClan: defineRoute({
    method: 'POST',
    path: '/platform-clans/me/announcements',
    summary: 'Send an announcement to every member through the bot (chief)',
    tag: 'Clans',
    auth: 'bearer',
    body: announcementBody,
    response: announcementSchema,
  }),
  myClanDashboard: defineRoute({
    method: 'GET',
    path: '/platform-clans/me/dashboard',
    summary: 'The clan dashboard (k_quest or k_drop): members’ progress on the clan’s quests or campaigns',
    tag: 'Clans',
    auth: 'bearer',
    response: clanDashboardSchema,
  }),
  addClanQuest: defineRoute({
    method: 'POST',
    path: '/platform-clans/me/quests',
    summary: 'Make a live quest a clan quest with a target number of members (chief)',
    tag: 'Clans',
    auth: 'bearer',
    body: addClanQuestBody,
    response: clanQuestSchema,
    successStatus: 201,
  }),
  removeClanQuest: defineRoute({
    method: 'DELETE',
    path: '/platform-clans/me/quests/:questSlug',
    summary: 'Stop a clan quest (chief)',
    tag: 'Clans',
    auth: 'bearer',
    params: clanQuestParams,
    response: okSchema,
  }),
  clanChiefQuests: defineRoute({
    method: 'GET',
    path: '/userquest/clanchief/v2',
    summary: 'The signed-in member’s clan quests with the members’ completions',
    tag: 'Clans',
    auth: 'bearer',
    response: lazySchema(() => z.object({ quests: z.array(clanQuestSchema) })),
  }),
  clanDetail: defineRoute({
    method: 'GET',
    path: '/platform-clans/:clanId',
    summary: 'A clan’s page (the reader’s role in it when signed in)',
    tag: 'Clans',
    auth: 'none',
    params: clanIdParams,
    response: clanDetailSchema,
  }),
  clanMembers: defineRoute({
    method: 'GET',
    path: '/platform-clans/:clanId/members',
    summary: 'A clan’s members, chief first, then by points',
    tag: 'Clans',
    auth: 'none',
    params: clanIdParams,
    query: clanListQuery,
    response: clanMemberPageSchema,
  }),
  clanMemberSearch: defineRoute({
    method: 'GET',
    path: '/platform-clans/:clanId/members/search',
    summary: 'A clan’s members whose username starts with the text (any case)',
    tag: 'Clans',
    auth: 'none',
    params: clanIdParams,
    query: clanMemberSearchQuery,
    response: lazySchema(() => z.object({ members: z.array(clanMemberSchema) })),
  }),
  clanStats: defineRoute({
    method: 'GET',
    path: '/platform-clans/:clanId/stats',
    summary: 'A clan’s score, tier, rank and activity',
    tag: 'Clans',
    auth: 'none',
    params: clanIdParams,
    response: clanStatsSchema,
  }),
  clanPogScores: defineRoute({
    method: 'GET',
    path: '/platform-clans/:clanId/pog-scores',
    summary: 'A clan’s POG scores (0 until its members mint POG cards)',
    tag: 'Clans',
    auth: 'none',
    params: clanIdParams,
    response: clanPogScoresSchema,
  }),
  clanImage: defineRoute({
    method: 'GET',
    path: '/platform-clans/:clanId/images/:kind',
    summary: 'A clan’s logo or banner: image/jpeg bytes, not an envelope',
    tag: 'Clans',
    auth: 'none',
    params: clanImageParams,
    response: lazySchema(() => z.string().describe('image/jpeg')),
  }),
  joinClan: defineRoute({
    method: 'POST',
    path: '/platform-clans/:clanId/join',
    summary: 'Join a clan (OPEN) or ask to (APPROVAL); one clan per user, the member cap holds',
    tag: 'Clans',
    auth: 'bearer',
    params: clanIdParams,
    response: joinClanSchema,
  }),
  cancelClanRequest: defineRoute({
    method: 'DELETE',
    path: '/platform-clans/:clanId/join',
    summary: 'Withdraw a join request',
    tag: 'Clans',
    auth: 'bearer',
    params: clanIdParams,
    response: okSchema,
  }),
  clanLeaderboard: defineRoute({
    method: 'GET',
    path: '/leaderboards/clan',
    summary: 'Global clans board: the top 100 clans by score and the reader’s clan',
    tag: 'Clans',
    auth: 'none',
    publicCache: { seconds: 2 },
    readReplica: true,
    response: clanBoardSchema,
  }),
  myClanLeaderboard: defineRoute({
    method: 'GET',
    path: '/leaderboards/clan/me',
    summary: 'My clan’s members by points: the top 100 and the reader',
    tag: 'Clans',
    auth: 'bearer',
    response: clanMemberBoardSchema,
  }),
  partnerClanLeaderboard: defineRoute({
    method: 'GET',
    path: '/leaderboards/partner-clan/:hubSlug',
    summary: 'A partner’s clans board: clans by the K-Points their members earned on the partner’s quests',
    tag: 'Clans',
    auth: 'none',
    params: partnerBoardParams,
    response: clanBoardSchema,
  }),

  // The chief's console in Telegram (apps/bot): `Authorization: TelegramBot <assertion>` (see auth 'bot').
  botClanConsole: defineRoute({
    method: 'GET',
    path: '/bot/clans/console',
    summary:
      'The Telegram user’s clan as its chief sees it: stats, rank, requests, members (with `clanId`, that clan, whose chief they must be now)',
    tag: 'Clan bot',
    auth: 'bot',
    query: botClanConsoleQuery,
    response: botClanConsoleSchema,
  }),
  botGroupClan: defineRoute({
    method: 'GET',
    path: '/bot/clans/telegram-group/:chatId',
    summary:
      'The clan a Telegram group is linked to (`/clan` in the group), or null; any Telegram user may ask',
    tag: 'Clan bot',
    auth: 'bot',
    botGuests: true,
    params: botChatParams,
    response: botGroupClanSchema,
  }),
  botApproveRequest: defineRoute({
    method: 'POST',
    path: '/bot/clans/:clanId/requests/:userId/approve',
    summary: 'Approve a join request from chat (the Telegram user must be the clan’s chief now)',
    tag: 'Clan bot',
    auth: 'bot',
    params: botClanUserParams,
    response: clanMemberSchema,
  }),
  botRefuseRequest: defineRoute({
    method: 'POST',
    path: '/bot/clans/:clanId/requests/:userId/refuse',
    summary: 'Refuse a join request from chat',
    tag: 'Clan bot',
    auth: 'bot',
    params: botClanUserParams,
    response: okSchema,
  }),
  botRemoveMember: defineRoute({
    method: 'DELETE',
    path: '/bot/clans/:clanId/members/:userId',
    summary: 'Remove a member from chat',
    tag: 'Clan bot',
    auth: 'bot',
    params: botClanUserParams,
    response: okSchema,
  }),
  botAnnounce: defineRoute({
    method: 'POST',
    path: '/bot/clans/:clanId/announcements',
    summary: 'Announce to every member from chat',
    tag: 'Clan bot',
    auth: 'bot',
    params: clanIdParams,
    body: announcementBody,
    response: announcementSchema,
  }),
  botLinkGroup: defineRoute({
    method: 'PUT',
    path: '/bot/clans/:clanId/telegram-group',
    summary: 'Link a Telegram group the chief added the bot to; it then gets the clan’s news',
    tag: 'Clan bot',
    auth: 'bot',
    params: clanIdParams,
    body: botTelegramGroupBody,
    response: lazySchema(() =>
      z.object({ chatId: z.number().int(), title: z.string(), clanId: z.string().uuid() }),
    ),
  }),
  botUnlinkGroup: defineRoute({
    method: 'DELETE',
    path: '/bot/clans/telegram-group/:chatId',
    summary: 'Forget a group the bot was removed from (any member of the group may cause it; no actor check)',
    tag: 'Clan bot',
    auth: 'bot',
    params: botChatParams,
    response: okSchema,
  }),
} as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const clansMessages = {
  CLAN_NOT_FOUND: CLAN_NOT_FOUND_MESSAGE,
  CLAN_NAME_TAKEN: CLAN_NAME_TAKEN_MESSAGE,
  CLAN_ALREADY_IN_CLAN: CLAN_ALREADY_IN_CLAN_MESSAGE,
  CLAN_NOT_IN_CLAN: CLAN_NOT_IN_CLAN_MESSAGE,
  CLAN_NOT_CHIEF: CLAN_NOT_CHIEF_MESSAGE,
  CLAN_NO_LONGER_CHIEF: CLAN_NO_LONGER_CHIEF_MESSAGE,
  CLAN_FULL: CLAN_FULL_MESSAGE,
  CLAN_CHIEF_CANNOT_LEAVE: CLAN_CHIEF_CANNOT_LEAVE_MESSAGE,
  CLAN_REGISTRATION_REQUIRED: CLAN_REGISTRATION_REQUIRED_MESSAGE,
  CLAN_PHONE_NOT_VERIFIED: CLAN_PHONE_NOT_VERIFIED_MESSAGE,
  CLAN_REQUEST_NOT_FOUND: CLAN_REQUEST_NOT_FOUND_MESSAGE,
  CLAN_MEMBER_NOT_FOUND: CLAN_MEMBER_NOT_FOUND_MESSAGE,
  CLAN_IMAGE_NOT_FOUND: CLAN_IMAGE_NOT_FOUND_MESSAGE,
  CLAN_QUEST_NOT_FOUND: CLAN_QUEST_NOT_FOUND_MESSAGE,
  CLAN_GROUP_NOT_LINKED: CLAN_GROUP_NOT_LINKED_MESSAGE,
  CLAN_SEARCH: CLAN_SEARCH_MESSAGE,
  CLAN_REQUESTER_IN_CLAN: CLAN_REQUESTER_IN_CLAN_MESSAGE,
  CLAN_NAME: CLAN_NAME_MESSAGE,
  CLAN_QUESTS_LIMIT: CLAN_QUESTS_LIMIT_MESSAGE,
  CLAN_ANNOUNCEMENT_LIMIT: CLAN_ANNOUNCEMENT_LIMIT_MESSAGE,
} as const;
