import type { ApiClient } from '@khel/core/client';
import { locationRoutes, type UserLocation } from '@khel/core/contract';
import { type SessionStore, STORAGE_KEYS } from '@khel/core/session';
import { unwrap } from '../../../lib/api-result.ts';
import {
  readStoredLocation,
  type StoredLocation,
  toStoredLocation,
  UNKNOWN_STORED_LOCATION,
} from '../../../lib/user-location.ts';

/**
 * GET /users/me/locations: the caller's country from the server's offline GeoIP database. At low Fetch
 * Priority: it is checked in the background, and no screen waits on it.
 */
export async function getLocation(client: ApiClient, signal?: AbortSignal): Promise<UserLocation> {
  return unwrap(
    await client.request(locationRoutes.location, { priority: 'low', ...(signal ? { signal } : {}) }),
  );
}

type LocationSession = Pick<SessionStore, 'getJson' | 'setJson' | 'set'>;

/**
 * At app start (SPEC §5): keeps a valid stored userLocationData as it is; otherwise asks the API and
 * stores the answer (and the IP it saw). A failed lookup stores 'unknown' (SPEC §8). Never rejects.
 */
export async function ensureUserLocation(
  client: ApiClient,
  session: LocationSession,
): Promise<StoredLocation> {
  const current = readStoredLocation(session);
  if (current) return current;
  let next: StoredLocation = UNKNOWN_STORED_LOCATION;
  try {
    const location = await getLocation(client);
    next = toStoredLocation(location);
    if (location.ip) session.set(STORAGE_KEYS.ipAddress, location.ip);
  } catch (error) {
    console.error('Location lookup failed', error);
  }
  session.setJson(STORAGE_KEYS.userLocationData, next);
  return next;
}
