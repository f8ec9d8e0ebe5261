import type { NotificationGroup } from '../contract/notification-groups.ts';

/**
 * The notification groups' names in Hindi, read by the bot's /settings and the settings screens. A module
 * per language, so a front end's English texts carry only these.
 */
export const NOTIFICATION_GROUP_NAMES_HI: Readonly<Record<NotificationGroup, string>> = {
  quests: 'क्वेस्ट और इनाम',
  money: 'पैसे, KYC और पेआउट',
  campaigns: 'K-Drop कैंपेन',
  clans: 'क्लैन',
  klash: 'Klash टूर्नामेंट',
  pog: 'POG कार्ड मिंट हुआ',
};
