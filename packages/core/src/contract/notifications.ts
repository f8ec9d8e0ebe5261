import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';

/**
 * Notifications through the bot (DESIGN §6): the kinds a user can turn on or off, from the bot's
 * settings menu and from /profile. Only users who opened the bot are messaged.
 */
export const NOTIFICATION_KINDS = [
  'quest_completed',
  'reward_ready',
  'quest_slots_low',
  'hub_new_quest',
  'deposit_credited',
  'kyc_decision',
  'payout_update',
  'earning_expiring',
  /** Campaigns (K-Drop, issue 11). */
  'campaign_live',
  'campaign_slots_low',
  'campaign_finished',
  'raffle_won',
  'campaign_rewards_credited',
  'campaign_claim_available',
  /** Clans (issue 12). */
  'clan_join_request',
  'clan_request_approved',
  'clan_request_refused',
  'clan_member_removed',
  'clan_announcement',
  'clan_quest_added',
  'clan_quest_completed',
  'clan_tier_reached',
  'clan_deleted',
  'clan_chief_handover',
  /** POG (issue 13): the user's card was minted. */
  'pog_minted',
  /** Klash tournaments (issue 14): registration confirmed, starts in 1 hour, your match is ready, results and prizes. */
  'klash',
  /** Daily rewards: the evening reminder of a streak that today's claim would keep going. */
  'daily_streak_reminder',
  /** Progression (issue 26): a level reached, with the K-Points it paid. */
  'level_reached',
  /** Progression: a season ended and paid the gamer's rank. */
  'season_reward',
  /** Weekly clan wars: the week's opponent, to every member of both clans. */
  'clan_war_matched',
  /** Weekly clan wars: the result (won, lost or a draw; the reward when counted), to every member of both clans. */
  'clan_war_result',
  /** TON deposits (issue 27): a TON payment seen on the chain was credited as bought K-Cash. */
  'ton_deposit_credited',
  /** Telegram Stars (issue 27): a Stars purchase delivered (K-Cash pack or K-Store item), with its receipt. */
  'stars_payment',
  /** Telegram Stars: a Stars payment given back (sold out, or refunded by support). */
  'stars_refund',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const QUIET_HOURS_MESSAGE = 'Quiet hours are two different times of day, each as HH:MM.';
export const TIME_ZONE_MESSAGE = 'This time zone is not known.';
export const NOTIFICATION_SETTINGS_EMPTY_MESSAGE = 'Say which notification settings to change.';
/** A push subscription whose endpoint is not https, or whose keys are not a P-256 key and a 16-byte secret. */
const WEB_PUSH_SUBSCRIPTION_MESSAGE = 'Invalid push subscription.';
/** Production without VAPID keys: Web Push is off (503). */
const WEB_PUSH_UNAVAILABLE_MESSAGE = 'Web Push is not set up here.';
export const notificationsMessages = {
  QUIET_HOURS: QUIET_HOURS_MESSAGE,
  WEB_PUSH_SUBSCRIPTION: WEB_PUSH_SUBSCRIPTION_MESSAGE,
  WEB_PUSH_UNAVAILABLE: WEB_PUSH_UNAVAILABLE_MESSAGE,
  TIME_ZONE: TIME_ZONE_MESSAGE,
  NOTIFICATION_SETTINGS_EMPTY: NOTIFICATION_SETTINGS_EMPTY_MESSAGE,
} as const;

const clockTime = lazySchema(() => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, QUIET_HOURS_MESSAGE));
/** A window of the user's local time (`22:00`–`08:00` runs past midnight) in which nothing is pushed. */
export const quietHoursSchema = lazySchema(() =>
  z
    .object({ start: clockTime, end: clockTime })
    .strict()
    .refine((q) => q.start !== q.end, QUIET_HOURS_MESSAGE),
);
export type QuietHoursSetting = z.infer<typeof quietHoursSchema>;

/** An IANA zone the runtime knows (`Asia/Kolkata`, `America/Sao_Paulo`). */
const timeZoneName = lazySchema(() =>
  z
    .string()
    .max(64, TIME_ZONE_MESSAGE)
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, TIME_ZONE_MESSAGE),
);

export const notificationSettingsSchema = lazySchema(() =>
  z.object({
    /** False until the user opened the bot (nothing is sent before). */
    botConnected: z.boolean(),
    /** Set when Telegram said the user blocked the bot. */
    botBlocked: z.boolean(),
    settings: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), enabled: z.boolean() })),
    /** Every kind held off at once (the kinds keep their own switches for when it is turned back). */
    muted: z.boolean(),
    /** Nothing is pushed in this window of local time; what falls due then is sent when it ends. */
    quietHours: quietHoursSchema.nullable(),
    /** The zone quiet hours are read in: the user's choice, else their country's (IST in India, BRT in Brazil). */
    timeZone: z.string(),
    /** Whether the user chose `timeZone` (else it follows their country). */
    timeZoneChosen: z.boolean(),
  }),
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsBodySchema = lazySchema(() =>
  z
    .object({
      settings: z
        .array(z.object({ kind: z.enum(NOTIFICATION_KINDS), enabled: z.boolean() }).strict())
        .min(1)
        .max(NOTIFICATION_KINDS.length)
        .optional(),
      muted: z.boolean().optional(),
      /** null: no quiet hours. */
      quietHours: quietHoursSchema.nullable().optional(),
      /** null: back to the country's zone. */
      timeZone: timeZoneName.nullable().optional(),
    })
    .strict()
    .refine((body) => Object.keys(body).length > 0, NOTIFICATION_SETTINGS_EMPTY_MESSAGE),
);
export type NotificationSettingsChange = z.infer<typeof updateNotificationSettingsBodySchema>;

/**
 * A browser's PushSubscription as its `toJSON()` gives it: the push service's https address and the keys the
 * payload is encrypted to (RFC 8291), base64url: `p256dh` an uncompressed P-256 point (65 bytes: 87 characters,
 * starting `B` for its 0x04), `auth` a 16-byte secret (22 characters).
 */
const webPushSubscriptionSchema = lazySchema(() =>
  z.object({
    endpoint: z.string().regex(/^https:\/\/[^\s/?#@]+\/\S{0,2000}$/, WEB_PUSH_SUBSCRIPTION_MESSAGE),
    keys: z.object({
      p256dh: z.string().regex(/^B[\w-]{86}=?$/, WEB_PUSH_SUBSCRIPTION_MESSAGE),
      auth: z.string().regex(/^[\w-]{22}(==)?$/, WEB_PUSH_SUBSCRIPTION_MESSAGE),
    }),
  }),
);
export type WebPushSubscriptionInput = z.infer<typeof webPushSubscriptionSchema>;

const webPushPublicKeySchema = lazySchema(() =>
  z.object({
    /** The VAPID public key (base64url), the `applicationServerKey` of `pushManager.subscribe`. */
    publicKey: z.string(),
  }),
);

/** Whether this endpoint now receives the signed-in user's notifications. */
const webPushSubscriptionStateSchema = lazySchema(() => z.object({ subscribed: z.boolean() }));

export const notificationsRoutes = {
  webPushPublicKey: defineRoute({
    method: 'GET',
    path: '/notifications/web-push/public-key',
    summary: 'The Web Push VAPID key',
    tag: 'Notifications',
    auth: 'none',
    response: webPushPublicKeySchema,
  }),
  subscribeWebPush: defineRoute({
    method: 'POST',
    path: '/users/me/web-push-subscriptions',
    summary: 'Web Push to this browser',
    tag: 'Notifications',
    auth: 'bearer',
    body: webPushSubscriptionSchema,
    response: webPushSubscriptionStateSchema,
  }),
  unsubscribeWebPush: defineRoute({
    method: 'POST',
    path: '/users/me/web-push-subscriptions/unsubscribe',
    summary: 'No Web Push to this browser',
    tag: 'Notifications',
    auth: 'bearer',
    body: webPushSubscriptionSchema,
    response: webPushSubscriptionStateSchema,
  }),
  notificationSettings: defineRoute({
    method: 'GET',
    path: '/users/me/notification-settings',
    summary: "The signed-in user's notification settings",
    tag: 'Notifications',
    auth: 'bearer',
    response: notificationSettingsSchema,
  }),
  updateNotificationSettings: defineRoute({
    method: 'PUT',
    path: '/users/me/notification-settings',
    summary: 'Change notification kinds, mute, quiet hours and time zone',
    tag: 'Notifications',
    auth: 'bearer',
    body: updateNotificationSettingsBodySchema,
    response: notificationSettingsSchema,
  }),
} as const;
