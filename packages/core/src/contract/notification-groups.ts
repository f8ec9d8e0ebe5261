import { NOTIFICATION_KINDS, type NotificationKind } from './notifications.ts';

// Apart from the contract's barrel (`@khel/core/notification-groups`): only the settings screens and the
// bot read it, so it is in their chunks, not in every screen that calls the API.
/** The groups the kinds are shown in, on the bot's /settings and on /profile (a group of one kind is a switch of its own). */
export const NOTIFICATION_GROUPS = ['quests', 'money', 'campaigns', 'clans', 'klash', 'pog'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

/** Each kind's group. */
export const NOTIFICATION_GROUP_OF: Readonly<Record<NotificationKind, NotificationGroup>> = {
  quest_completed: 'quests',
  reward_ready: 'quests',
  quest_slots_low: 'quests',
  hub_new_quest: 'quests',
  deposit_credited: 'money',
  ton_deposit_credited: 'money',
  stars_payment: 'money',
  stars_refund: 'money',
  kyc_decision: 'money',
  payout_update: 'money',
  earning_expiring: 'money',
  campaign_live: 'campaigns',
  campaign_slots_low: 'campaigns',
  campaign_finished: 'campaigns',
  raffle_won: 'campaigns',
  campaign_rewards_credited: 'campaigns',
  campaign_claim_available: 'campaigns',
  clan_join_request: 'clans',
  clan_request_approved: 'clans',
  clan_request_refused: 'clans',
  clan_member_removed: 'clans',
  clan_announcement: 'clans',
  clan_quest_added: 'clans',
  clan_quest_completed: 'clans',
  clan_tier_reached: 'clans',
  clan_deleted: 'clans',
  clan_chief_handover: 'clans',
  pog_minted: 'pog',
  klash: 'klash',
  // The daily reward is one of the rewards of "Quests and rewards".
  daily_streak_reminder: 'quests',
  // A level is reached with quests and rewards.
  level_reached: 'quests',
  season_reward: 'quests',
  clan_war_matched: 'clans',
  clan_war_result: 'clans',
};

/** The kinds of each group, groups in NOTIFICATION_GROUPS order and kinds in NOTIFICATION_KINDS order. */
export function notificationKindsByGroup(): [NotificationGroup, NotificationKind[]][] {
  return NOTIFICATION_GROUPS.map((group) => [
    group,
    NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_GROUP_OF[kind] === group),
  ]);
}
