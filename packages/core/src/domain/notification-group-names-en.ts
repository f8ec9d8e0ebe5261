import type { NotificationGroup } from '../contract/notification-groups.ts';

/**
 * The notification groups' names in English, read by the bot's /settings and the settings screens. A module
 * per language, so a front end's English texts carry only these.
 */
export const NOTIFICATION_GROUP_NAMES_EN: Readonly<Record<NotificationGroup, string>> = {
  quests: 'Quests and rewards',
  money: 'Money, KYC and payouts',
  campaigns: 'K-Drop campaigns',
  clans: 'Clans',
  klash: 'Klash tournaments',
  pog: 'POG card minted',
};
