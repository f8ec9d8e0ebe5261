import { pendingUtmCode, rememberUtmCode } from '@khel/core/session';
import { useEffect } from 'react';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { useLocation } from '../../../routing/index.ts';

/**
 * Renders nothing: keeps a short link's `?kutm=<code>` (first touch) from any screen's address, and once
 * the visitor has an account sends it (the request code, with its schemas, loads only then).
 */
export function UtmCapture() {
  const { search } = useLocation();
  const { client, session } = useApi();
  const signedIn = useIsSignedIn();
  useEffect(() => {
    rememberUtmCode(session, search);
  }, [search, session]);
  useEffect(() => {
    if (!signedIn || !pendingUtmCode(session)) return;
    import('../api/send-attribution.ts')
      .then(({ sendPendingAttribution }) => sendPendingAttribution(client, session))
      .catch(() => {
        // A lost connection: the code stays for the next screen.
      });
  }, [signedIn, search, client, session]);
  return null;
}
