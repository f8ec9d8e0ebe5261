import type { PickableTimeZone } from './quiet-hours.ts';

/**
 * The pickable time zones' names in English, read by the bot's /settings and the settings screens. A module per
 * language, so a front end's English texts carry only these.
 */
export const TIME_ZONE_NAMES_EN: Readonly<Record<PickableTimeZone, string>> = {
  'Asia/Kolkata': 'India (IST)',
  'America/Sao_Paulo': 'Brasília (BRT)',
  'America/Manaus': 'Manaus (AMT)',
  'America/Rio_Branco': 'Rio Branco (ACT)',
  'America/Noronha': 'Fernando de Noronha',
  'Asia/Kathmandu': 'Nepal',
  'Asia/Dhaka': 'Bangladesh',
  'Asia/Bahrain': 'Bahrain',
  UTC: 'UTC',
};
