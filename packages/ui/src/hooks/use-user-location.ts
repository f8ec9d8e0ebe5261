import { STORAGE_KEYS } from '@khel/core/session';
import { useCallback, useSyncExternalStore } from 'react';
import {
  type CountryGroup,
  countryGroupOf,
  readStoredLocation,
  type StoredLocation,
} from '../lib/user-location.ts';
import { useApi } from '../providers/api-context.ts';

/** The stored userLocationData (null until known); re-renders when the app-start lookup stores it. */
export function useUserLocation(): { location: StoredLocation | null; group: CountryGroup } {
  const { session } = useApi();
  const subscribe = useCallback(
    (onChange: () => void) =>
      session.subscribe((change) => {
        if (change.type === 'value' && change.key === STORAGE_KEYS.userLocationData) onChange();
      }),
    [session],
  );
  // A string snapshot: stable between renders, unlike the parsed object.
  const raw = useSyncExternalStore(
    subscribe,
    () => session.get(STORAGE_KEYS.userLocationData),
    () => null,
  );
  const location = raw === null ? null : readStoredLocation(session);
  return { location, group: countryGroupOf(location) };
}
