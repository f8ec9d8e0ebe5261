import { STORAGE_KEYS } from '@khel/core/session';

/** What rememberClan and hasRememberedClan need of the session store (its storage, cleared on sign-out). */
export interface ClanMemoryStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/**
 * SPEC §3 stored client keys `userClan`, `clanState` and `clanId`: written each time the clan status
 * is read, so the promotion overlay's scheduler (which must not load the clans chunk) knows whether
 * the user has a clan. The session store clears them when the session ends.
 */
export function rememberClan(storage: ClanMemoryStorage, clan: { id: string; role: string } | null): void {
  if (clan) {
    storage.set(STORAGE_KEYS.userClan, 'true');
    storage.set(STORAGE_KEYS.clanState, clan.role);
    storage.set(STORAGE_KEYS.clanId, clan.id);
  } else {
    storage.set(STORAGE_KEYS.userClan, 'false');
    storage.remove(STORAGE_KEYS.clanState);
    storage.remove(STORAGE_KEYS.clanId);
  }
}

/** True / false once a status was read on this device in this session, null before. */
export function rememberedClan(storage: Pick<ClanMemoryStorage, 'get'>): boolean | null {
  const value = storage.get(STORAGE_KEYS.userClan);
  return value === 'true' ? true : value === 'false' ? false : null;
}
