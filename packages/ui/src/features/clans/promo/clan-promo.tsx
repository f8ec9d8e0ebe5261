import { ClanPromoScheduler, type ClanPromoStorage } from '@khel/core/domain';
import { STORAGE_KEYS } from '@khel/core/session';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { uiStore } from '../../../stores/ui-store.ts';
import { promoSession } from './promo-session.ts';

// The overlay (and the clans chunk it uses) is fetched only when it is due.
const ClanPromoOverlay = lazy(() => import('../components/clan-promo-overlay.tsx'));

function browserStorage(name: 'localStorage' | 'sessionStorage'): ClanPromoStorage | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null;
  }
}

/**
 * SPEC §2 clan-chief promotion: ClanPromoScheduler (at most 3 shows, once per session, only without a
 * clan, a minute after the session started, put off while another modal is open) for a signed-in user,
 * then the overlay. A chunk of its own that each app loads after its first screen; the clan is known
 * from the stored client keys the clans screens write (userClan), and the overlay checks the status
 * itself before it appears.
 */
export default function ClanPromo() {
  const { session } = useApi();
  const signedIn = useIsSignedIn();
  const [shown, setShown] = useState(false);
  const close = useCallback(() => setShown(false), []);
  useEffect(() => {
    const storage = browserStorage('localStorage');
    if (!signedIn || !storage) return;
    const scheduler = new ClanPromoScheduler({
      storage,
      // SPEC §3 stored key `userClan` (lib/clan-memory.ts writes it; read here so no chunk is shared).
      hasClan: () => session.get(STORAGE_KEYS.userClan) === 'true',
      isOtherModalOpen: () => uiStore.getState().modal.type !== null,
      onShow: () => setShown(true),
    });
    scheduler.start(promoSession(browserStorage('sessionStorage')));
    return () => scheduler.stop();
  }, [signedIn, session]);
  if (!shown || !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <ClanPromoOverlay onClose={close} />
    </Suspense>
  );
}
