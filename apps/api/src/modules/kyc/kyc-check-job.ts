import { KYC_REJECTION_REASONS, type KycRejectionKey } from '@khel/core/contract';
import { type Executor, schema } from '@khel/db';
import type { KycDocumentType } from '@khel/db/schema';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { enqueueJob, type JobHandler } from '../../lib/jobs.ts';
import { enqueueNotification } from '../notifications/index.ts';
import { checkJobKey, KYC_CHECK_JOB } from './kyc-service.ts';
import { namesMatch } from './name-match.ts';

type Decision =
  | { status: 'verified'; nameOnDocument: string | null }
  | { status: 'rejected'; reason: KycRejectionKey };

function parsePayload(payload: Record<string, unknown>) {
  const { userId, docType, attempt } = payload;
  if (
    typeof userId !== 'string' ||
    (docType !== 'pan' && docType !== 'aadhaar' && docType !== 'bank') ||
    typeof attempt !== 'number'
  )
    throw new Error(`${KYC_CHECK_JOB} job with a bad payload`);
  return { userId, docType: docType as KycDocumentType, attempt };
}

/** Runs the pending check of `docType` now (a new job, or the waiting one moved forward). */
async function runCheckNow(
  tx: Executor,
  userId: string,
  docType: KycDocumentType,
  attempt: number,
  now: Date,
) {
  const dedupeKey = checkJobKey(userId, docType, attempt);
  const created = await enqueueJob(tx, {
    kind: KYC_CHECK_JOB,
    payload: { userId, docType, attempt },
    runAt: now,
    dedupeKey,
  });
  if (created) return;
  const j = schema.jobs;
  await tx
    .update(j)
    .set({ runAt: now })
    .where(
      and(
        eq(j.dedupeKey, dedupeKey),
        isNull(j.doneAt),
        isNull(j.cancelledAt),
        or(isNull(j.lockedUntil), lte(j.lockedUntil, now)),
      ),
    );
}

/**
 * The `kyc.check` job: asks the provider for its answer on one submission and records the decision.
 * The payload holds only ids (user, document type, attempt); the document is decrypted from its row.
 * Stale jobs (the row was replaced, decided or deleted since) do nothing. A bank account waits for the
 * PAN's decision, since its holder name is matched with the name the PAN registry holds; a PAN's
 * decision wakes a waiting bank check.
 */
export const kycCheckJob: JobHandler = async (deps, job) => {
  const { userId, docType, attempt } = parsePayload(job.payload);
  const t = schema.kycDocuments;
  const rows = await deps.db.select().from(t).where(eq(t.userId, userId));
  const row = rows.find((r) => r.docType === docType);
  if (row?.status !== 'pending' || row.attempts !== attempt) return;
  const provider = deps.kyc.provider;
  if (!provider) throw new Error('no KYC provider is configured');
  const check = deps.kyc.vault.open(userId, docType, row.ciphertext);

  let decision: Decision | null = null;
  let panName: string | null = null;
  if (check.docType === 'bank') {
    const pan = rows.find((r) => r.docType === 'pan');
    if (!pan || pan.status === 'rejected') decision = { status: 'rejected', reason: 'bankPanNotVerified' };
    // Retried with backoff; the PAN's decision moves it forward (runCheckNow).
    else if (pan.status === 'pending') throw new Error('waiting for the PAN decision');
    else panName = pan.nameOnDocument;
  }
  if (!decision) {
    const result = await provider.result(check, row.providerRef ?? '');
    if (!result) throw new Error('the KYC provider has no answer yet');
    if (result.outcome === 'rejected') decision = { status: 'rejected', reason: result.reason };
    else if (check.docType === 'pan')
      decision =
        result.nameOnRecord !== null && namesMatch(check.name, result.nameOnRecord)
          ? { status: 'verified', nameOnDocument: result.nameOnRecord }
          : { status: 'rejected', reason: 'panNameMismatch' };
    else if (check.docType === 'bank')
      decision =
        panName !== null && namesMatch(result.nameOnRecord ?? check.holderName, panName)
          ? { status: 'verified', nameOnDocument: result.nameOnRecord ?? check.holderName }
          : { status: 'rejected', reason: 'bankNameMismatch' };
    else decision = { status: 'verified', nameOnDocument: null };
  }

  const final: Decision = decision;
  const now = deps.clock();
  const applied = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(t)
      .set(
        final.status === 'verified'
          ? {
              status: 'verified',
              rejectionReason: null,
              nameOnDocument: final.nameOnDocument ?? row.nameOnDocument,
              decidedAt: now,
              updatedAt: now,
            }
          : {
              status: 'rejected',
              rejectionReason: KYC_REJECTION_REASONS[final.reason],
              decidedAt: now,
              updatedAt: now,
            },
      )
      .where(
        and(eq(t.userId, userId), eq(t.docType, docType), eq(t.status, 'pending'), eq(t.attempts, attempt)),
      )
      .returning({ attempts: t.attempts });
    if (!updated) return false;
    await enqueueNotification(tx, {
      kind: 'kyc_decision',
      userId,
      dedupeKey: `kyc-decision:${userId}:${docType}:${attempt}`,
      payload: { docType, status: final.status },
    });
    if (docType === 'pan') {
      const [bank] = await tx
        .select({ status: t.status, attempts: t.attempts })
        .from(t)
        .where(and(eq(t.userId, userId), eq(t.docType, 'bank')));
      if (bank?.status === 'pending') await runCheckNow(tx, userId, 'bank', bank.attempts, now);
    }
    return true;
  });
  if (applied)
    deps.logger.info('kyc document decided', {
      userId,
      docType,
      attempt,
      status: final.status,
      ...(final.status === 'rejected' ? { reason: final.reason } : {}),
    });
};
