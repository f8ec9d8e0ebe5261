import type { ApiClient } from '@khel/core/client';
import { referralsRoutes } from '@khel/core/contract';
import { forgetReferral, pendingReferral, type SessionStore } from '@khel/core/session';

/**
 * Applies the invite's code kept from before sign-in (POST /referral/apply), once: an answer from the
 * API, applied or refused (own code, too late, already applied), forgets it; a lost connection keeps
 * it for the next screen. Returns whether it was applied.
 */
export async function applyPendingReferral(client: ApiClient, session: SessionStore): Promise<boolean> {
  const code = pendingReferral(session);
  if (!code || !session.isSignedIn()) return false;
  const result = await client.request(referralsRoutes.applyReferral, { body: { code } });
  if (result.success || (result.status >= 400 && result.status < 500)) forgetReferral(session);
  return result.success;
}
