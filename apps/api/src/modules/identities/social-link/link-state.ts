import { createHash, createHmac } from 'node:crypto';
import type { SocialLinkProvider } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { DecryptionError, open, seal } from '../../../lib/envelope-crypto.ts';
import { consumeChallenge, issueChallenge, randomAlphanumeric } from '../../auth/index.ts';

/** How long the user has on the platform's page before the link must be started again. */
export const LINK_STATE_TTL_MS = 10 * 60 * 1000;
/** X allows a state of up to 500 characters; ours stays well under it. */
export const MAX_STATE_LENGTH = 480;

const AAD = 'khel:social-link-state:v1';

/** What the state carries through the platform's page: whose link it is, to which platform, and where to go back. */
export interface LinkState {
  nonce: string;
  userId: string;
  provider: SocialLinkProvider;
  returnTo: string;
}

/**
 * Issues a link's state: sealed with AES-256-GCM (the platform sees neither the user nor the page to go
 * back to, and cannot alter them), and single use through an auth_challenges row of its nonce.
 */
export async function issueLinkState(
  db: Executor,
  key: Buffer,
  state: Omit<LinkState, 'nonce'>,
  now: Date,
): Promise<{ state: string; nonce: string }> {
  const nonce = randomAlphanumeric(32);
  const payload = JSON.stringify({ n: nonce, u: state.userId, p: state.provider, r: state.returnTo });
  const sealed = seal(key, Buffer.from(payload, 'utf8'), AAD).toString('base64url');
  await issueChallenge(db, 'social_link', nonce, LINK_STATE_TTL_MS, now);
  return { state: sealed, nonce };
}

/** The state's content when it is ours and untouched (not yet whether it is still unused), else null. */
export function readLinkState(key: Buffer, raw: unknown): LinkState | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_STATE_LENGTH) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(open(key, Buffer.from(raw, 'base64url'), AAD).toString('utf8'));
  } catch (err) {
    if (err instanceof DecryptionError || err instanceof SyntaxError) return null;
    throw err;
  }
  const p = parsed as Record<string, unknown>;
  if (
    typeof p.n !== 'string' ||
    typeof p.u !== 'string' ||
    typeof p.r !== 'string' ||
    (p.p !== 'twitter' && p.p !== 'discord' && p.p !== 'steam')
  )
    return null;
  return { nonce: p.n, userId: p.u, provider: p.p, returnTo: p.r };
}

/** Spends the state's nonce: true once for an issued, unexpired state; a replay gets false. */
export const spendLinkState = (db: Executor, state: LinkState, now: Date) =>
  consumeChallenge(db, 'social_link', state.nonce, now);

/** The PKCE code_verifier of a link (RFC 7636: 43 characters of base64url), derived so nothing more is stored. */
export const codeVerifierOf = (key: Buffer, nonce: string) =>
  createHmac('sha256', key).update(`pkce:${nonce}`).digest('base64url');

/** S256 code_challenge of a verifier. */
export const codeChallengeOf = (verifier: string) =>
  createHash('sha256').update(verifier).digest('base64url');
