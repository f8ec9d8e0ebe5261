import type { QuestSignIn } from '../../../lib/quest-sign-in.ts';

/** The sign-ins SPEC §2's community-gaming flow follows: a phone login (by SMS or WhatsApp code). */
const PHONE_SIGN_INS = new Set(['phone', 'whatsapp']);

/**
 * The community client to send the user back to: the address's `clientId` when the page was just
 * refreshed by a phone sign-in (`takeMarker` reads and forgets that marker, only when a client is
 * named), else null.
 */
export function communityClientOf(search: string, takeMarker: () => QuestSignIn | null): string | null {
  const clientId = new URLSearchParams(search).get('clientId')?.trim();
  if (!clientId) return null;
  const marker = takeMarker();
  return marker && PHONE_SIGN_INS.has(marker.method) ? clientId : null;
}
