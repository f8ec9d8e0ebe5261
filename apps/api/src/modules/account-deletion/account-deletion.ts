import type { DeletionState } from '@khel/core/contract';
import { NO_PENDING_DELETION_MESSAGE } from '@khel/core/contract';
import { schema } from '@khel/db';
import type { UserRow } from '@khel/db/schema';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { cancelJob, enqueueJob, type JobHandler } from '../../lib/jobs.ts';

export { NO_PENDING_DELETION_MESSAGE };

export const ACCOUNT_PURGE_JOB = 'account.purge';
const DAY_MS = 24 * 60 * 60 * 1000;

const purgeKey = (userId: string) => `${ACCOUNT_PURGE_JOB}:${userId}`;

export function deletionStateOf(deps: AppDeps, user: UserRow): DeletionState {
  const pending = user.deletionDueAt !== null && user.deletedAt === null;
  return {
    status: pending ? 'pending' : 'none',
    requestedAt: pending ? (user.deletionRequestedAt?.toISOString() ?? null) : null,
    dueAt: pending ? user.deletionDueAt!.toISOString() : null,
    graceDays: deps.env.ACCOUNT_DELETION_GRACE_DAYS,
  };
}

/**
 * Schedules the purge ACCOUNT_DELETION_GRACE_DAYS from now. Asking again while a request is pending
 * changes nothing and answers the same due date.
 */
export async function requestAccountDeletion(deps: AppDeps, user: UserRow): Promise<DeletionState> {
  const now = deps.clock();
  const dueAt = new Date(now.getTime() + deps.env.ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(schema.users)
      .set({ deletionRequestedAt: now, deletionDueAt: dueAt, updatedAt: now })
      .where(
        and(eq(schema.users.id, user.id), isNull(schema.users.deletionDueAt), isNull(schema.users.deletedAt)),
      )
      .returning();
    if (!row) return null;
    await enqueueJob(tx, {
      kind: ACCOUNT_PURGE_JOB,
      payload: { userId: user.id },
      runAt: dueAt,
      dedupeKey: purgeKey(user.id),
    });
    return row;
  });
  if (updated) {
    deps.logger.info('account deletion requested', { userId: user.id, dueAt: dueAt.toISOString() });
    return deletionStateOf(deps, updated);
  }
  const [current] = await deps.db.select().from(schema.users).where(eq(schema.users.id, user.id));
  return deletionStateOf(deps, current!);
}

/** Cancels a pending request (any time before the purge has run). */
export async function cancelAccountDeletion(deps: AppDeps, user: UserRow): Promise<DeletionState> {
  const now = deps.clock();
  const updated = await deps.db.transaction(async (tx) => {
    // Locks the row, so a purge running now either finished first (and the account is gone) or waits and sees no request.
    const [row] = await tx
      .update(schema.users)
      .set({ deletionRequestedAt: null, deletionDueAt: null, updatedAt: now })
      .where(
        and(
          eq(schema.users.id, user.id),
          isNotNull(schema.users.deletionDueAt),
          isNull(schema.users.deletedAt),
        ),
      )
      .returning();
    if (!row) return null;
    await cancelJob(tx, purgeKey(user.id), now);
    return row;
  });
  if (!updated) throw new AppError(404, NO_PENDING_DELETION_MESSAGE);
  deps.logger.info('account deletion cancelled', { userId: user.id });
  return deletionStateOf(deps, updated);
}

/**
 * The `account.purge` job. The user row stays as the anonymous id that anything recorded against the
 * account (ledger entries, wallet address) remains attached to; everything that identifies the person
 * is erased: names, phone, email, username, Telegram details, picture, location fields, linked sign-in
 * methods, codes sent to them, and the custodial wallet's key material. Every session ends (refresh and access tokens alike),
 * and since phone and Telegram id are gone, signing in again with them makes a new account.
 * Idempotent, and a no-op when the request was cancelled or is not yet due.
 */
export const purgeAccountJob: JobHandler = async (deps, job) => {
  const userId = typeof job.payload.userId === 'string' ? job.payload.userId : null;
  if (!userId) throw new Error('account.purge job without a userId');
  const now = deps.clock();
  const purged = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(schema.users).where(eq(schema.users.id, userId)).for('update');
    if (!user || user.deletedAt) return false;
    if (!user.deletionDueAt || user.deletionDueAt.getTime() > now.getTime()) return false;

    const identities = await tx
      .select({ subject: schema.identities.subject })
      .from(schema.identities)
      .where(eq(schema.identities.userId, userId));
    const codeAddresses = await tx
      .selectDistinct({ email: schema.emailCodes.email })
      .from(schema.emailCodes)
      .where(eq(schema.emailCodes.userId, userId));
    const phones = [user.phoneNumber].filter((v): v is string => v !== null);
    const recipients = [
      ...phones,
      ...[user.email, ...codeAddresses.map((r) => r.email)].filter((v): v is string => v !== null),
    ];
    const subjects = [...new Set([...identities.map((i) => i.subject), ...phones])];

    await tx
      .update(schema.users)
      .set({
        phoneNumber: null,
        email: null,
        emailVerifiedAt: null,
        username: null,
        firstName: null,
        lastName: null,
        telegramId: null,
        telegramUsername: null,
        photoUrl: null,
        languageCode: null,
        country: null,
        signupCountry: null,
        city: null,
        college: null,
        productRole: null,
        preferredPlatform: null,
        isVerified: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(schema.users.id, userId));
    await tx.delete(schema.identities).where(eq(schema.identities.userId, userId));
    await tx.delete(schema.profilePictures).where(eq(schema.profilePictures.userId, userId));
    await tx.delete(schema.emailCodes).where(eq(schema.emailCodes.userId, userId));
    // KYC documents (encrypted numbers, masked forms, names): gone, so the documents can be used again.
    await tx.delete(schema.kycDocuments).where(eq(schema.kycDocuments.userId, userId));
    await deps.tokens.revokeAllSessions(tx, userId, now);
    await deps.wallets.shredKey(userId, tx);
    if (phones.length > 0) {
      await tx.delete(schema.otpCodes).where(inArray(schema.otpCodes.phoneNumber, phones));
      await tx.delete(schema.rateLimits).where(
        inArray(
          schema.rateLimits.key,
          phones.map((p) => `otp:phone:${p}`),
        ),
      );
    }
    if (recipients.length > 0)
      await tx.delete(schema.sandboxMessages).where(inArray(schema.sandboxMessages.recipient, recipients));
    if (subjects.length > 0)
      await tx.delete(schema.sandboxGrants).where(inArray(schema.sandboxGrants.subject, subjects));
    return true;
  });
  if (purged) deps.logger.info('account purged', { userId });
};
