import { randomInt } from 'node:crypto';
import {
  REFERRAL_ALREADY_MESSAGE,
  REFERRAL_APPLY_WINDOW_HOURS,
  REFERRAL_CODE_UNKNOWN_MESSAGE,
  REFERRAL_CYCLE_MESSAGE,
  REFERRAL_SELF_MESSAGE,
  REFERRAL_TOO_LATE_MESSAGE,
  type Referral,
} from '@khel/core/contract';
import { miniAppLink } from '@khel/core/domain';
import type { Executor } from '@khel/db';
import { users } from '@khel/db/schema';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { publicOrigin } from '../../lib/public-origin.ts';

/** Code letters: no 0/O or 1/I, so a code read out loud is typed right. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () =>
  Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** The user's referral code, or null when they never made one. */
export async function referralCodeOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
  return row?.code ?? null;
}

/** How many accounts (not deleted) signed up with the user's code. */
export async function invitedCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.referredBy, userId), isNull(users.deletedAt)));
  return Number(row?.n ?? 0);
}

/** Makes the user's code once; every later call (or a concurrent one) answers the same code. */
export async function ensureReferralCode(db: Executor, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await referralCodeOf(db, userId);
    if (existing) return existing;
    try {
      const [made] = await db
        .update(users)
        .set({ referralCode: newCode() })
        .where(and(eq(users.id, userId), isNull(users.referralCode)))
        .returning({ code: users.referralCode });
      if (made?.code) return made.code;
    } catch (err) {
      // Another account drew the same code (1 in 10^12): draw again.
      if (!String((err as { code?: string }).code ?? err).includes('23505')) throw err;
    }
  }
  throw new Error('referrals: could not make a referral code');
}

/** The invite links of a code: the website's `/?ref=<code>` and, when the bot is known, the Mini App's `startapp=ref_<code>`. */
export function inviteLinks(deps: AppDeps, code: string): NonNullable<Referral['links']> {
  const origin = publicOrigin(deps.env);
  const bot = deps.env.TELEGRAM_BOT_USERNAME;
  const app = deps.env.TELEGRAM_MINIAPP_SHORT_NAME;
  return {
    website: `${origin}/?ref=${code}`,
    miniApp: bot && app ? miniAppLink(bot, app, `ref_${code}`) : null,
  };
}

export async function referralView(deps: AppDeps, userId: string): Promise<Referral> {
  const code = await referralCodeOf(deps.db, userId);
  return {
    code,
    links: code ? inviteLinks(deps, code) : null,
    invited: await invitedCount(deps.db, userId),
  };
}

/**
 * Attaches an invite's code to the signed-in account: once, within REFERRAL_APPLY_WINDOW_HOURS of sign-up,
 * never one's own code nor the code of someone one invited (directly or down the line: no cycles).
 * Applies are serialised by one transaction-scoped advisory lock, so two people cannot apply each
 * other's codes at the same moment and make a cycle.
 */
export async function applyReferralCode(deps: AppDeps, userId: string, code: string): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('khel:referrals'))`);
    const [me] = await tx
      .select({ id: users.id, referredBy: users.referredBy, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!me) throw new AppError(404, REFERRAL_CODE_UNKNOWN_MESSAGE);
    if (me.referredBy) throw new AppError(409, REFERRAL_ALREADY_MESSAGE);
    if (now.getTime() - me.createdAt.getTime() > REFERRAL_APPLY_WINDOW_HOURS * 3_600_000)
      throw new AppError(409, REFERRAL_TOO_LATE_MESSAGE);
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.referralCode, code), isNull(users.deletedAt)));
    if (!owner) throw new AppError(404, REFERRAL_CODE_UNKNOWN_MESSAGE);
    if (owner.id === userId) throw new AppError(400, REFERRAL_SELF_MESSAGE);
    // Walk up from the code's owner: reaching this account means it invited them, directly or not.
    let cursor: string | null = owner.id;
    for (let depth = 0; cursor && depth < 10_000; depth++) {
      const [up]: { referredBy: string | null }[] = await tx
        .select({ referredBy: users.referredBy })
        .from(users)
        .where(eq(users.id, cursor));
      cursor = up?.referredBy ?? null;
      if (cursor === userId) throw new AppError(400, REFERRAL_CYCLE_MESSAGE);
    }
    await tx.update(users).set({ referredBy: owner.id, referredAt: now }).where(eq(users.id, userId));
  });
}
