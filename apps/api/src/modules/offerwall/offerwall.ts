import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  OFFERWALL_BAD_SIGNATURE_MESSAGE,
  OFFERWALL_UNKNOWN_USER_MESSAGE,
  UUID_PATTERN,
} from '@khel/core/contract';
import { offerwallPostbacks, users } from '@khel/db/schema';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { devSecretFile } from '../../lib/dev-key-file.ts';
import { AppError } from '../../lib/http.ts';
import { readSignedId, signId } from '../../lib/signed-id.ts';
import { systemAccount, transfer, userAccount } from '../ledger/index.ts';

/** Where our sandbox offerwall is served (dev only). */
export const SANDBOX_OFFERWALL_PATH = '/sandbox/offerwall';

const secrets = new WeakMap<AppDeps, string>();

/** OFFERWALL_SECRET, required in production; outside production generated once under DATA_DIR/keys. */
export function offerwallSecret(deps: AppDeps): string {
  const cached = secrets.get(deps);
  if (cached) return cached;
  let secret = deps.env.OFFERWALL_SECRET;
  if (!secret) {
    if (deps.env.NODE_ENV === 'production') throw new AppError(503, 'The offerwall is not available.');
    secret = devSecretFile(deps.env.DATA_DIR, 'offerwall-secret');
  }
  secrets.set(deps, secret);
  return secret;
}

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** The token that names a user to the provider (`<userId>.<mac>`, lib/signed-id.ts): the provider sends it back in postbacks. */
export const offerwallUserToken = (deps: AppDeps, userId: string): string =>
  signId(deps.secrets.questLinkKey, 'offerwall', userId);

function userOfToken(deps: AppDeps, token: string): string | null {
  const userId = readSignedId(deps.secrets.questLinkKey, 'offerwall', token);
  return userId && UUID_PATTERN.test(userId) ? userId : null;
}

/** The wall for this user: the real provider's when OFFERWALL_URL is set, else our sandbox (not in production). */
export function offerwallUrl(deps: AppDeps, userId: string) {
  const user = encodeURIComponent(offerwallUserToken(deps, userId));
  if (deps.env.OFFERWALL_URL) {
    const url = new URL(deps.env.OFFERWALL_URL);
    url.searchParams.set('user', offerwallUserToken(deps, userId));
    return { url: url.href, sandbox: false };
  }
  if (deps.env.NODE_ENV === 'production') throw new AppError(503, 'The offerwall is not available.');
  return { url: `/api${SANDBOX_OFFERWALL_PATH}?user=${user}`, sandbox: true };
}

export interface Postback {
  transaction_id: string;
  user: string;
  points: number;
  offer: string;
  sig: string;
}

/** The provider's signature of a postback: hex HMAC-SHA256 of `<transaction_id>:<user>:<points>:<offer>`. */
export const postbackSignature = (secret: string, p: Omit<Postback, 'sig'>) =>
  hmac(secret, `${p.transaction_id}:${p.user}:${p.points}:${p.offer}`).toString('hex');

/**
 * Applies a postback: the signature is checked in constant time (403 and nothing credited when it is
 * wrong), then K-Points go treasury → user with ledger key `offerwall:<transaction id>` and a row in
 * offerwall_postbacks, in one transaction, so the same transaction id sent any number of times (also
 * at once) credits once.
 */
export async function applyPostback(
  deps: AppDeps,
  p: Postback,
): Promise<{ transactionId: string; credited: boolean }> {
  const expected = Buffer.from(postbackSignature(offerwallSecret(deps), p), 'hex');
  const given = Buffer.from(p.sig, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError(403, OFFERWALL_BAD_SIGNATURE_MESSAGE);
  const userId = userOfToken(deps, p.user);
  if (!userId) throw new AppError(400, OFFERWALL_UNKNOWN_USER_MESSAGE);
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(400, OFFERWALL_UNKNOWN_USER_MESSAGE);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(offerwallPostbacks)
      .values({ transactionId: p.transaction_id, userId, kpoints: BigInt(p.points), offerName: p.offer })
      .onConflictDoNothing()
      .returning();
    if (!row) return { transactionId: p.transaction_id, credited: false };
    const { transfer: posted } = await transfer(tx, {
      idempotencyKey: `offerwall:${p.transaction_id}`,
      debit: systemAccount('treasury'),
      credit: userAccount(userId, 'user_kpoints'),
      amount: BigInt(p.points),
      currency: 'KPOINTS',
      kind: 'reward',
      metadata: { offerwall: true, offer: p.offer, transactionId: p.transaction_id },
    });
    await tx
      .update(offerwallPostbacks)
      .set({ transferId: posted.id })
      .where(eq(offerwallPostbacks.transactionId, p.transaction_id));
    return { transactionId: p.transaction_id, credited: true };
  });
}
