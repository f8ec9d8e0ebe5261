/** SPEC §3 earning status mapping (backend → display). */
export const EARNING_STATUS_DISPLAY = {
  'EARNING PENDING': 'READY_TO_COLLECT',
  'EARNING CREDITED': 'COLLECTED',
  'EARNING EXPIRED': 'EXPIRED',
  'EARNING DISTRIBUTING': 'DISTRIBUTING',
  'EARNING FAILED': 'FAILED',
} as const;

export type EarningBackendStatus = keyof typeof EARNING_STATUS_DISPLAY;
export type EarningDisplayStatus = (typeof EARNING_STATUS_DISPLAY)[EarningBackendStatus];

/**
 * The display status for a backend earning status. Case, surrounding spaces and `_` versus a space
 * are ignored (`earning_pending` reads as `EARNING PENDING`). An unknown status logs a warning and
 * returns undefined: the caller hides the badge rather than show a raw backend code to the user.
 */
export function toEarningDisplayStatus(status: string | null | undefined): EarningDisplayStatus | undefined {
  const key = (status ?? '')
    .trim()
    .toUpperCase()
    .replace(/[_\s]+/g, ' ');
  if (Object.hasOwn(EARNING_STATUS_DISPLAY, key)) return EARNING_STATUS_DISPLAY[key as EarningBackendStatus];
  console.warn(`Unknown earning status: ${String(status)}`);
  return undefined;
}

/** SPEC §3 card entity types. */
export const CARD_ENTITY_LABELS = {
  kdrop: 'K-DROP',
  kquest: 'K-QUEST',
  clanchieflite: 'CLAN CHIEF',
} as const;

export type CardEntityType = keyof typeof CARD_ENTITY_LABELS;
export type CardEntityLabel = (typeof CARD_ENTITY_LABELS)[CardEntityType];

/** The label for a card's entity type; an unknown type logs a warning and defaults to K-QUEST. */
export function toCardEntityLabel(type: string | null | undefined): CardEntityLabel {
  const key = (type ?? '').trim().toLowerCase();
  if (Object.hasOwn(CARD_ENTITY_LABELS, key)) return CARD_ENTITY_LABELS[key as CardEntityType];
  console.warn(`Unknown card entity type: ${String(type)}; showing K-QUEST`);
  return CARD_ENTITY_LABELS.kquest;
}
