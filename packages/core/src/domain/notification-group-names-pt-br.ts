import type { NotificationGroup } from '../contract/notification-groups.ts';

/**
 * The notification groups' names in Brazilian Portuguese, read by the bot's /settings and the settings screens. A module
 * per language, so a front end's English texts carry only these.
 */
export const NOTIFICATION_GROUP_NAMES_PT_BR: Readonly<Record<NotificationGroup, string>> = {
  quests: 'Missões e recompensas',
  money: 'Dinheiro, KYC e saques',
  campaigns: 'Campanhas K-Drop',
  clans: 'Clãs',
  klash: 'Torneios Klash',
  pog: 'Cartão POG criado',
};
