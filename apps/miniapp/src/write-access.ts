import type { ApiResult } from '@khel/core/client';
import type { KeyValueStorage } from '@khel/core/session';

/** Preferences key (under `tma-pref:`) holding when the Mini App last asked, per Telegram user. */
export const WRITE_ACCESS_ASKED_KEY = 'write-access-asked';
/** A user who said no is asked again at most this often. */
export const WRITE_ACCESS_ASK_EVERY_MS = 7 * 24 * 60 * 60 * 1000;

export type WriteAccessOutcome =
  /** The init data say the bot may write already (or do not say: an old client). */
  | 'not-needed'
  | 'signed-out'
  | 'asked-recently'
  /** Telegram's answer: `allowed` (the bot gets a `write_access_allowed` message) or `cancelled`. */
  | 'allowed'
  | 'cancelled'
  /** This Telegram client cannot ask (the method is missing or failed). */
  | 'unavailable';

export interface WriteAccessDeps {
  /** The init data's `allows_write_to_pm` (launch.ts readInitData). */
  allowsWriteToPm: boolean | null;
  /** The Telegram user, so a shared device keeps one answer per person. */
  telegramUserId: string;
  /** The entry's sign-in answer: nobody is asked before they have an account. */
  signIn: Promise<ApiResult<unknown>>;
  preferences: Pick<KeyValueStorage, 'getItem' | 'setItem'>;
  now: () => number;
  /** Telegram's requestWriteAccess: its status, or null when this client cannot ask. */
  request: () => Promise<string | null>;
}

/**
 * The bot may message only people who opened its chat or let it write (DESIGN §6). When the signed-in
 * user's init data say `allows_write_to_pm` is false, the Mini App asks Telegram to let the bot write
 * (`requestWriteAccess`); Telegram then tells the bot with a `write_access_allowed` message in the chat,
 * which the bot records (apps/bot start.ts). Asked once a week at most per Telegram user on this device.
 */
export async function askWriteAccessAfterSignIn(deps: WriteAccessDeps): Promise<WriteAccessOutcome> {
  if (deps.allowsWriteToPm !== false) return 'not-needed';
  const key = `${WRITE_ACCESS_ASKED_KEY}:${deps.telegramUserId}`;
  const last = Number(deps.preferences.getItem(key) ?? 'NaN');
  if (Number.isFinite(last) && deps.now() - last < WRITE_ACCESS_ASK_EVERY_MS) return 'asked-recently';
  const answer = await deps.signIn.catch(() => null);
  if (!answer?.success) return 'signed-out';
  let status: string | null;
  try {
    status = await deps.request();
  } catch {
    status = null;
  }
  if (status === null) return 'unavailable';
  deps.preferences.setItem(key, String(deps.now()));
  return status === 'allowed' ? 'allowed' : 'cancelled';
}

/** The Telegram user id in raw init data (unsigned reading: it only keys a preference). */
export function telegramUserIdOf(initDataRaw: string): string | null {
  try {
    const user: unknown = JSON.parse(new URLSearchParams(initDataRaw).get('user') ?? 'null');
    return user && typeof user === 'object' && 'id' in user ? String(user.id) : null;
  } catch {
    return null;
  }
}
