import type { ApiClient } from '@khel/core/client';
import type { SessionStore } from '@khel/core/session';
import { createContext, useContext, useSyncExternalStore } from 'react';

/** Which front door renders the screens: the Mini App keeps the page chrome minimal. */
export type Platform = 'website' | 'telegram';

export interface ApiContextValue {
  client: ApiClient;
  session: SessionStore;
  platform: Platform;
}

export const ApiContext = createContext<ApiContextValue | null>(null);

export function useApi(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi must be used inside <AppProviders>');
  return value;
}

/** True while the session holds an access token; re-renders when tokens are stored or the session ends. */
export function useIsSignedIn(): boolean {
  const { session } = useApi();
  return useSyncExternalStore(
    (onChange) => session.subscribe(onChange),
    () => session.isSignedIn(),
    () => false,
  );
}
