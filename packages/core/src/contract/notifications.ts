import { z } from 'zod';
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
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSettingsSchema = z.object({
  /** False until the user opened the bot (nothing is sent before). */
  botConnected: z.boolean(),
  /** Set when Telegram said the user blocked the bot. */
  botBlocked: z.boolean(),
  settings: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), enabled: z.boolean() })),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsBodySchema = z
  .object({
    settings: z
      .array(z.object({ kind: z.enum(NOTIFICATION_KINDS), enabled: z.boolean() }).strict())
      .min(1)
      .max(NOTIFICATION_KINDS.length),
  })
  .strict();

export const notificationsRoutes = {
  notificationSettings: defineRoute({
    method: 'GET',
    path: '/users/me/notification-settings',
    summary: 'Which bot notifications the signed-in user gets',
    tag: 'Notifications',
    auth: 'bearer',
    response: notificationSettingsSchema,
  }),
  updateNotificationSettings: defineRoute({
    method: 'PUT',
    path: '/users/me/notification-settings',
    summary: 'Turn bot notifications on or off, kind by kind',
    tag: 'Notifications',
    auth: 'bearer',
    body: updateNotificationSettingsBodySchema,
    response: notificationSettingsSchema,
  }),
} as const;
