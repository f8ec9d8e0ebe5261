import { UUID_PATTERN } from '@khel/core/contract';

/**
 * Callback data of the clan console's buttons: `k:<action>:<clan>[:<user>][:<page>]`, each UUID as 22 base64url
 * characters, so the longest (`k:y:<clan>:<user>:<page>`) stays well under Telegram's 64 bytes. A button carries
 * the clan and the gamer it acts on and nothing else: pressing it asks the API, which checks that the presser is
 * that clan's chief now, so the same data pressed by anyone else changes nothing.
 */
export const CLAN_CALLBACK_PREFIX = 'k';

export const CLAN_ACTIONS = {
  /** The console (stats, rank, counts). */
  home: 'h',
  /** Pending requests with Approve / Refuse. */
  requests: 'q',
  /** A page of members with Remove. */
  members: 'm',
  approve: 'a',
  refuse: 'r',
  /** Remove → the confirmation. */
  askRemove: 'x',
  /** Yes, remove. */
  remove: 'y',
  /** Announce: the conversation asking for the text. */
  announce: 'n',
  /** Cancel the announcement being written. */
  cancelAnnounce: 'c',
  /** `/clan` in a group that is not linked: link it to the chief's clan (pressed in that group). */
  linkGroup: 'l',
} as const;
export type ClanAction = keyof typeof CLAN_ACTIONS;
const ACTION_BY_CODE = new Map<string, ClanAction>(
  Object.entries(CLAN_ACTIONS).map(([name, code]) => [code, name as ClanAction]),
);

export interface ClanCallback {
  action: ClanAction;
  clanId: string;
  userId?: string;
  page?: number;
}

const MAX_PAGE = 100_000;

/** `0b8f…-…` → 22 base64url characters. */
export function compactUuid(uuid: string): string {
  if (!UUID_PATTERN.test(uuid)) throw new Error(`not a UUID: ${uuid}`);
  return Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
}

export function expandUuid(compact: string): string | null {
  if (!/^[A-Za-z0-9_-]{22}$/.test(compact)) return null;
  const hex = Buffer.from(compact, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  // Only the canonical spelling of 16 bytes round-trips; anything else was not made by us.
  return compactUuid(uuid) === compact ? uuid : null;
}

export function encodeClanCallback(callback: ClanCallback): string {
  const parts = [CLAN_CALLBACK_PREFIX, CLAN_ACTIONS[callback.action], compactUuid(callback.clanId)];
  if (callback.userId !== undefined) parts.push(compactUuid(callback.userId));
  if (callback.page !== undefined) parts.push(String(callback.page));
  const data = parts.join(':');
  if (Buffer.byteLength(data) > 64) throw new Error(`callback data over 64 bytes: ${data}`);
  return data;
}

/** The button's meaning, or null for data we did not make (then nothing happens). */
export function decodeClanCallback(data: string): ClanCallback | null {
  const parts = data.split(':');
  if (parts[0] !== CLAN_CALLBACK_PREFIX || parts.length < 3 || parts.length > 5) return null;
  const action = ACTION_BY_CODE.get(parts[1] ?? '');
  const clanId = expandUuid(parts[2] ?? '');
  if (!action || !clanId) return null;
  const callback: ClanCallback = { action, clanId };
  let rest = parts.slice(3);
  const withUser = ['approve', 'refuse', 'askRemove', 'remove'].includes(action);
  if (withUser) {
    const userId = expandUuid(rest[0] ?? '');
    if (!userId) return null;
    callback.userId = userId;
    rest = rest.slice(1);
  }
  if (rest.length > 1) return null;
  if (rest.length === 1) {
    const page = /^[1-9]\d{0,5}$/.test(rest[0] ?? '') ? Number(rest[0]) : Number.NaN;
    if (!(page >= 1 && page <= MAX_PAGE)) return null;
    callback.page = page;
  }
  return callback;
}
