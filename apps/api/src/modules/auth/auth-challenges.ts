import { randomBytes } from 'node:crypto';
import type { Executor } from '@khel/db';
import { schema } from '@khel/db';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';

export type ChallengePurpose = 'siwe' | 'ton_proof' | 'social_link';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters of [A-Za-z0-9] from the CSPRNG, without modulo bias. */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: bytes above it would favour the first characters.
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62];
    }
  }
  return out;
}

/**
 * Stores a single-use challenge (SIWE nonce, ton_proof payload) in the database, so any API replica
 * can check it. Challenges that expired an hour ago are swept at the same time.
 */
export async function issueChallenge(
  db: Executor,
  purpose: ChallengePurpose,
  value: string,
  ttlMs: number,
  now: Date,
) {
  const t = schema.authChallenges;
  await db.delete(t).where(lt(t.expiresAt, new Date(now.getTime() - 60 * 60 * 1000)));
  await db.insert(t).values({ value, purpose, expiresAt: new Date(now.getTime() + ttlMs), createdAt: now });
}

/**
 * Spends a challenge atomically: exactly one caller gets `true` for an issued, unexpired, unused
 * value; a replay, a forged value or an expired one gets `false`.
 */
export async function consumeChallenge(db: Executor, purpose: ChallengePurpose, value: string, now: Date) {
  const t = schema.authChallenges;
  const rows = await db
    .update(t)
    .set({ consumedAt: now })
    .where(and(eq(t.value, value), eq(t.purpose, purpose), isNull(t.consumedAt), gt(t.expiresAt, now)))
    .returning({ value: t.value });
  return rows.length === 1;
}
