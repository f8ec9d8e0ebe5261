import { z } from 'zod';
import { CLAN_TIERS } from '../domain/clan-tiers.ts';
import { lazySchema } from './lazy.ts';
import { XP_RULES } from './progression.ts';
import { defineRoute } from './route.ts';
import { moneySchema } from './wallets.ts';

/**
 * Weekly clan wars (issue 26). A war week is the ISO week (Monday 00:00 UTC to the next Monday). Early in the week
 * the wars job pairs the live clans by tier (domain/clan-wars.ts `pairClansForWar`), once: the pairs never change.
 * A clan's war score is the XP its members earned within the week, counting each member who joined the clan before
 * the week began (a member who leaves takes their XP out; a war won does not count towards the next war). After the
 * week ends the higher score wins; a tie is a draw and pays no one. Each counted member of the winner gets
 * `clan_war_won` XP and CLAN_WAR_REWARD_KPOINTS K-Points. The rules are answered before they count and the week's
 * numbers are written when its wars are made, so they hold while it runs.
 */

/** A clan with fewer members (who joined before the week began) is not matched that week. */
export const CLAN_WAR_MIN_MEMBERS = 3;
/** K-Points each counted member of the winning clan gets (with `XP_RULES.clan_war_won` XP). */
export const CLAN_WAR_REWARD_KPOINTS = 500;
/** The newest results the war answer lists. */
export const CLAN_WAR_RESULTS_SHOWN = 5;
/** A war is decided this long after its week ends (XP of a request that began before the end still counts). */
export const CLAN_WAR_SETTLE_GRACE_MINUTES = 1;

export const CLAN_WAR_STATUSES = ['LIVE', 'ENDED'] as const;
export const CLAN_WAR_OUTCOMES = ['won', 'lost', 'draw'] as const;
export type ClanWarOutcome = (typeof CLAN_WAR_OUTCOMES)[number];
/**
 * Why a clan has no war this week: the week's wars are not made yet; the clan had fewer than
 * CLAN_WAR_MIN_MEMBERS members who joined before the week began; or it was the odd clan out with no one to meet.
 */
export const CLAN_WAR_NO_WAR_REASONS = ['matching_soon', 'too_few_members', 'no_opponent'] as const;
export type ClanWarNoWarReason = (typeof CLAN_WAR_NO_WAR_REASONS)[number];

/** The week's numbers, written when its wars are made (and the rule that pairs them, told by the screens). */
export const clanWarRulesSchema = lazySchema(() =>
  z.object({
    minMembers: z.number().int().min(1),
    rewardXp: z.number().int().min(0),
    rewardKpoints: moneySchema,
    /** How long after the week's end a war is decided. */
    settleGraceMinutes: z.number().int().min(0),
    tiers: z.array(z.enum(CLAN_TIERS)),
  }),
);
export type ClanWarRules = z.infer<typeof clanWarRulesSchema>;

export const clanWarSideSchema = lazySchema(() =>
  z.object({
    clanId: z.string().uuid(),
    clanName: z.string(),
    tier: z.enum(CLAN_TIERS),
    /** XP its counted members earned in the week (read now while the war runs; written when it is decided). */
    score: z.number().int().min(0),
  }),
);

export const clanWarSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    weekKey: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    status: z.enum(CLAN_WAR_STATUSES),
    /** The tier the war is counted in (an odd clan out meets the top clan of the tier below). */
    tier: z.enum(CLAN_TIERS),
    mine: clanWarSideSchema,
    opponent: clanWarSideSchema,
    /** The reader's XP in the week, counted for the clan when `counted`. */
    myContribution: z.number().int().min(0),
    /** False for a member who joined after the week began: their XP counts from next week. */
    counted: z.boolean(),
    /** Null while it runs. */
    outcome: z.enum(CLAN_WAR_OUTCOMES).nullable(),
    resolvedAt: z.string().nullable(),
  }),
);
export type ClanWar = z.infer<typeof clanWarSchema>;

export const clanWarResultSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    weekKey: z.string(),
    endsAt: z.string(),
    opponentName: z.string(),
    myScore: z.number().int().min(0),
    opponentScore: z.number().int().min(0),
    outcome: z.enum(CLAN_WAR_OUTCOMES),
  }),
);
export type ClanWarResult = z.infer<typeof clanWarResultSchema>;

/** A clan's war now (or why it has none) and its last results. */
export const clanWarStatusSchema = lazySchema(() =>
  z.object({
    week: z.object({ key: z.string(), startsAt: z.string(), endsAt: z.string() }),
    /** This week's war, or last week's while it waits to be decided. */
    war: clanWarSchema.nullable(),
    /** Set when `war` is null. */
    noWarReason: z.enum(CLAN_WAR_NO_WAR_REASONS).nullable(),
    results: z.array(clanWarResultSchema),
    /** The numbers this week's wars were made with (the contract's until they are made). */
    rules: clanWarRulesSchema,
  }),
);
export type ClanWarStatus = z.infer<typeof clanWarStatusSchema>;

/** What the rules answer before any week holds them (the contract's constants). */
export const CLAN_WAR_DEFAULT_RULES = {
  minMembers: CLAN_WAR_MIN_MEMBERS,
  rewardXp: XP_RULES.clan_war_won,
  rewardKpoints: CLAN_WAR_REWARD_KPOINTS,
  settleGraceMinutes: CLAN_WAR_SETTLE_GRACE_MINUTES,
} as const;

export const clanWarsRoutes = {
  clanWarRules: defineRoute({
    method: 'GET',
    path: '/platform-clans/wars/rules',
    summary: 'How weekly clan wars are matched, scored and rewarded (shown before they count)',
    tag: 'Clans',
    auth: 'none',
    publicCache: { seconds: 300 },
    response: clanWarRulesSchema,
  }),
  myClanWar: defineRoute({
    method: 'GET',
    path: '/platform-clans/me/war',
    summary:
      "My clan's war this week (opponent, both scores, my contribution, the end) or why there is none, and the last results",
    tag: 'Clans',
    auth: 'bearer',
    response: clanWarStatusSchema,
  }),
} as const;
