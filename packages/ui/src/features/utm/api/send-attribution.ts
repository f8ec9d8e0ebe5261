import type { ApiClient } from '@khel/core/client';
import { utmRoutes } from '@khel/core/contract';
import { forgetUtmCode, pendingUtmCode, type SessionStore } from '@khel/core/session';

/**
 * Sends the kept short-link code once the visitor has an account (POST /utm/attribution): an answer from
 * the API, accepted or refused (an old account, another link already), forgets it; a lost connection
 * keeps it for the next screen. Returns whether it was recorded.
 */
export async function sendPendingAttribution(client: ApiClient, session: SessionStore): Promise<boolean> {
  const code = pendingUtmCode(session);
  if (!code || !session.isSignedIn()) return false;
  const result = await client.request(utmRoutes.utmAttribute, { body: { code } });
  if (result.success || (result.status >= 400 && result.status < 500)) forgetUtmCode(session);
  return result.success;
}
