import type { PickableTimeZone } from './quiet-hours.ts';

/**
 * The pickable time zones' names in Hindi, read by the bot's /settings and the settings screens. A module per
 * language, so a front end's Hindi texts carry only these.
 */
export const TIME_ZONE_NAMES_HI: Readonly<Record<PickableTimeZone, string>> = {
  'Asia/Kolkata': 'भारत (IST)',
  'America/Sao_Paulo': 'ब्रासीलिया (BRT)',
  'America/Manaus': 'मनौस (AMT)',
  'America/Rio_Branco': 'रियो ब्रांको (ACT)',
  'America/Noronha': 'फ़र्नांडो डी नोरोन्हा',
  'Asia/Kathmandu': 'नेपाल',
  'Asia/Dhaka': 'बांग्लादेश',
  'Asia/Bahrain': 'बहरीन',
  UTC: 'UTC',
};
