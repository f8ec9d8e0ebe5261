import { pendingReferral, rememberReferral } from '@khel/core/session';
import { useEffect } from 'react';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { useLocation } from '../../../routing/index.ts';

/**
 * Renders nothing: keeps an invite's `?ref=<code>` from any screen's address, and once the user is
 * signed in applies it (the request code, with its schemas, loads only then).
 */
export function ReferralCapture() {
  const { search } = useLocation();
  const { client, session } = useApi();
  const signedIn = useIsSignedIn();
  useEffect(() => {
    rememberReferral(session, search);
  }, [search, session]);
  useEffect(() => {
    if (!signedIn || !pendingReferral(session)) return;
    import('../api/apply-referral.ts')
      .then(({ applyPendingReferral }) => applyPendingReferral(client, session))
      .catch(() => {
        // A lost connection: the code stays for the next screen.
      });
  }, [signedIn, search, client, session]);
  return null;
}
