import { useCallback } from 'react';
import { useUiStore } from '../../stores/ui-store.ts';

/**
 * What a task card runs before acting (its `ensureReady`): a visitor gets the login modal (false); a
 * signed-in user who has not started yet starts first (false when that fails, the screen shows why).
 */
export function useEnsureStarted(
  signedIn: boolean,
  started: boolean,
  start: () => Promise<unknown>,
): () => Promise<boolean> {
  const openModal = useUiStore((s) => s.openModal);
  return useCallback(async () => {
    if (!signedIn) {
      openModal('login');
      return false;
    }
    if (started) return true;
    try {
      await start();
      return true;
    } catch {
      return false;
    }
  }, [signedIn, started, openModal, start]);
}
