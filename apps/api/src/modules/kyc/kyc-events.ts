import { createHash } from 'node:crypto';
import type { kycRoutes } from '@khel/core/contract';
import { type Executor, schema } from '@khel/db';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import type { EventStreamWriter } from '../../lib/event-stream.ts';
import { getKycStatus } from './kyc-service.ts';

/** How often an open stream looks for changes (one small query; works across API replicas). */
export const KYC_EVENTS_POLL_MS = 1_000;
/** A comment line after this long without an event, so proxies keep the connection. */
export const KYC_EVENTS_HEARTBEAT_MS = 15_000;
/** A stream ends after this long; the client reconnects (after KYC_EVENTS_RETRY_MS) and gets the state again. */
export const KYC_EVENTS_MAX_LIFETIME_MS = 5 * 60 * 1000;
export const KYC_EVENTS_RETRY_MS = 3_000;

/**
 * What changes when anything the KYC status shows changes: each document's type, status, attempt and
 * update time, and the user row's update time (country and phone decide `required`). Null when the
 * user is gone.
 */
export async function kycFingerprint(db: Executor, userId: string): Promise<string | null> {
  const t = schema.kycDocuments;
  const u = schema.users;
  const [row] = await db
    .select({
      user: sql<string>`${u.updatedAt}::text`,
      documents: sql<
        string | null
      >`(select string_agg(${t.docType} || ':' || ${t.status} || ':' || ${t.attempts} || ':' || ${t.updatedAt}::text, ',' order by ${t.docType}) from ${t} where ${t.userId} = ${u.id})`,
    })
    .from(u)
    .where(eq(u.id, userId));
  return row ? `${row.user}|${row.documents ?? ''}` : null;
}

const eventId = (fingerprint: string) => createHash('sha256').update(fingerprint).digest('hex').slice(0, 16);

/**
 * GET /kyc/verification-check: the KYC status at once, then again whenever it changes (a provider's
 * decision, a new submission), keep-alive comments in between, and the end after
 * KYC_EVENTS_MAX_LIFETIME_MS. Times are read from deps.clock.
 */
export async function streamKycStatus(
  deps: AppDeps,
  userId: string,
  stream: EventStreamWriter<typeof kycRoutes.kycVerificationCheck>,
): Promise<void> {
  const started = deps.clock().getTime();
  let last = await kycFingerprint(deps.db, userId);
  if (last === null) return;
  await stream.send(await getKycStatus(deps, userId), { id: eventId(last), retryMs: KYC_EVENTS_RETRY_MS });
  let lastWrite = started;
  while (!stream.done) {
    await stream.sleep(KYC_EVENTS_POLL_MS);
    if (stream.done) return;
    const now = deps.clock().getTime();
    if (now - started >= KYC_EVENTS_MAX_LIFETIME_MS) return;
    const fingerprint = await kycFingerprint(deps.db, userId);
    if (fingerprint === null) return;
    if (fingerprint !== last) {
      last = fingerprint;
      await stream.send(await getKycStatus(deps, userId), { id: eventId(fingerprint) });
      lastWrite = now;
    } else if (now - lastWrite >= KYC_EVENTS_HEARTBEAT_MS) {
      await stream.heartbeat();
      lastWrite = now;
    }
  }
}
