import {
  CLAN_DELETE_TOO_EARLY_MESSAGE,
  CLAN_ERROR_CODES,
  CLAN_JOIN_TOO_EARLY_MESSAGE,
  CLAN_RECREATE_TOO_EARLY_MESSAGE,
  type ClanTier,
} from '@khel/core/contract';
import { isApiError } from '../../../lib/api-result.ts';

export type WaitKind = 'join' | 'delete' | 'recreate';

const TEMPLATES: Record<WaitKind, string> = {
  join: CLAN_JOIN_TOO_EARLY_MESSAGE,
  delete: CLAN_DELETE_TOO_EARLY_MESSAGE,
  recreate: CLAN_RECREATE_TOO_EARLY_MESSAGE,
};

const CODES: Record<string, WaitKind> = {
  [CLAN_ERROR_CODES.joinTooEarly]: 'join',
  [CLAN_ERROR_CODES.deleteTooEarly]: 'delete',
  [CLAN_ERROR_CODES.recreateTooEarly]: 'recreate',
};

/** The data fields a waiting-period refusal may carry its date in (the first is the contract's). */
const DATE_FIELDS = [
  'availableAt',
  'minDateToJoinClanAfterLeaving',
  'minDateBeforeClanDelete',
  'minDateToRecreateClanAfterDelete',
] as const;

/**
 * A waiting-period refusal (SPEC §3 rules): which wait (`data.code`, CLAN_ERROR_CODES) and when it
 * ends (`data.availableAt`), so the screen writes the date in the reader's language and format instead of
 * the English sentence. Null for any other error.
 */
export function waitingPeriodOf(
  error: unknown,
  fallback?: WaitKind,
): { kind: WaitKind; date: string } | null {
  if (!isApiError(error)) return null;
  const data = (error.data ?? {}) as Record<string, unknown>;
  const date = DATE_FIELDS.map((field) => data[field]).find(
    (value): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value)),
  );
  if (!date) return null;
  const byCode = typeof data.code === 'string' ? CODES[data.code] : undefined;
  const kind =
    byCode ??
    (Object.keys(TEMPLATES) as WaitKind[]).find((k) =>
      error.message.startsWith(TEMPLATES[k].split('{{date}}')[0] ?? '\u0000'),
    ) ??
    fallback;
  return kind ? { kind, date } : null;
}

/** Up to two initials for an avatar without a picture: "Mumbai Mavericks" → "MM", "ravi" → "R". */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/u)
    .filter(Boolean);
  const letters = words.slice(0, 2).map((w) => [...w][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/** A stable hue (0–359) from a name, for initials avatars and clans without a logo. */
export function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

/** CSS modifier of a tier badge. */
export const tierClass = (tier: ClanTier) => `tier-badge--${tier.toLowerCase()}`;

/** The clan an invite opens (`/discover-clan?clanId=<id>`), if the query names one that looks like an id. */
export function clanIdFromSearch(params: URLSearchParams): string | null {
  const id = params.get('clanId')?.trim() ?? '';
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id.toLowerCase() : null;
}
