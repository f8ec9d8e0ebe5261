import {
  IFSC_UNKNOWN_MESSAGE,
  KYC_ALREADY_VERIFIED_MESSAGE,
  KYC_BANK_NOT_VERIFIED_MESSAGE,
  KYC_DOCUMENT_USED_MESSAGE,
  KYC_IN_PROGRESS_MESSAGE,
  KYC_NOT_REQUIRED_MESSAGE,
  KYC_PAN_FIRST_MESSAGE,
  KYC_RATE_LIMITED_MESSAGE,
  KYC_UNAVAILABLE_MESSAGE,
  type KycDocument,
  type KycStatus,
} from '@khel/core/contract';
import { maskAadhaar, maskPan, panHolderType } from '@khel/core/validation';
import { schema } from '@khel/db';
import type { KycDocumentRow, KycDocumentType } from '@khel/db/schema';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import type { AppDeps } from '../../lib/context.ts';
import type { MasterKey } from '../../lib/envelope-crypto.ts';
import { AppError, messageCodeOrNull } from '../../lib/http.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { isUniqueViolation, requireActiveUser } from '../profile/index.ts';
import { lookupIfsc } from './ifsc.ts';
import { isIndianUser, loadKycState } from './kyc-state.ts';
import type { KycCheck, KycProvider } from './provider.ts';
import { SandboxKycProvider } from './sandbox-provider.ts';
import { KycVault } from './vault.ts';

export const KYC_CHECK_JOB = 'kyc.check';
/** Submissions per user, document type and hour (update-bank counts as bank). */
export const KYC_SUBMISSIONS_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;
/** The sandbox's answer time outside tests when KYC_SANDBOX_DELAY_MS is not set. */
export const DEFAULT_SANDBOX_DELAY_MS = 2_000;

/** What the KYC routes and the check job need (AppDeps.kyc). */
export interface KycServices {
  /** Null when KYC_PROVIDER=none (the default in production, until a real provider is configured). */
  provider: KycProvider | null;
  vault: KycVault;
}

export function createKycServices(
  env: Env,
  masterKey: MasterKey,
  lookupKey: Buffer,
  options: { provider?: KycProvider | null } = {},
): KycServices {
  const production = env.NODE_ENV === 'production';
  const mode = env.KYC_PROVIDER ?? (production ? 'none' : 'sandbox');
  if (mode === 'sandbox' && production) throw new Error('KYC_PROVIDER=sandbox is not allowed in production');
  const delayMs = env.KYC_SANDBOX_DELAY_MS ?? (env.NODE_ENV === 'test' ? 0 : DEFAULT_SANDBOX_DELAY_MS);
  const provider =
    options.provider !== undefined
      ? options.provider
      : mode === 'sandbox'
        ? new SandboxKycProvider({ delayMs })
        : null;
  return { provider, vault: new KycVault(masterKey, lookupKey) };
}

export const checkJobKey = (userId: string, docType: KycDocumentType, attempt: number) =>
  `${KYC_CHECK_JOB}:${userId}:${docType}:${attempt}`;

/** One document as screens may see it: masked forms only. */
export function kycDocumentView(row: KycDocumentRow): KycDocument {
  const d = row.display;
  return {
    docType: row.docType,
    status: row.status,
    masked: d.masked ?? '',
    last4: d.last4 ?? '',
    holderType: d.holderType ?? null,
    name: row.nameOnDocument,
    bank:
      row.docType === 'bank'
        ? { ifsc: d.ifsc ?? '', bankName: d.bankName ?? '', branch: d.branch ?? null, city: d.city ?? null }
        : null,
    rejectionReason: row.rejectionReason,
    rejectionReasonCode: messageCodeOrNull(row.rejectionReason),
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** GET /kyc/status and each verification-check event. */
export async function getKycStatus(deps: AppDeps, userId: string): Promise<KycStatus> {
  const state = await loadKycState(deps.db, userId);
  const view = (t: KycDocumentType) => {
    const row = state.documents[t];
    return row ? kycDocumentView(row) : null;
  };
  return {
    required: state.required,
    pan: view('pan'),
    aadhaar: view('aadhaar'),
    bank: view('bank'),
    complete: state.complete,
    nextRequiredDoc: state.nextRequiredDoc,
  };
}

interface Submission {
  check: KycCheck;
  /** What identifies the document for the one-account rule (hashed, never stored). */
  identity: string;
  display: Record<string, string>;
  nameOnDocument: string | null;
  /** `update`: replace a verified bank account (update-bank). */
  mode: 'verify' | 'update';
}

export async function submitPan(deps: AppDeps, userId: string, body: { pan: string; name: string }) {
  const holderType = panHolderType(body.pan);
  return submit(deps, userId, {
    check: { docType: 'pan', pan: body.pan, name: body.name },
    identity: body.pan,
    display: { masked: maskPan(body.pan), last4: body.pan.slice(-4), ...(holderType ? { holderType } : {}) },
    nameOnDocument: body.name,
    mode: 'verify',
  });
}

export async function submitAadhaar(deps: AppDeps, userId: string, body: { aadhaar: string }) {
  return submit(deps, userId, {
    check: { docType: 'aadhaar', aadhaar: body.aadhaar },
    identity: body.aadhaar,
    display: { masked: maskAadhaar(body.aadhaar), last4: body.aadhaar.slice(-4) },
    nameOnDocument: null,
    mode: 'verify',
  });
}

/** verify-bank (`verify`) and update-bank (`update`, replacing a verified account). */
export async function submitBank(
  deps: AppDeps,
  userId: string,
  body: { accountNumber: string; ifsc: string; holderName: string },
  mode: 'verify' | 'update',
) {
  const bank = lookupIfsc(body.ifsc);
  if (!bank) throw new AppError(400, IFSC_UNKNOWN_MESSAGE);
  const n = body.accountNumber;
  return submit(deps, userId, {
    check: { docType: 'bank', accountNumber: n, ifsc: bank.ifsc, holderName: body.holderName },
    identity: `${bank.bankCode}:${n}`,
    display: {
      masked: `${'X'.repeat(n.length - 4)}${n.slice(-4)}`,
      last4: n.slice(-4),
      ifsc: bank.ifsc,
      bankName: bank.bankName,
      ...(bank.branch ? { branch: bank.branch } : {}),
      ...(bank.city ? { city: bank.city } : {}),
    },
    nameOnDocument: body.holderName,
    mode,
  });
}

const conflict = (message: string) => new AppError(409, message);

async function submit(deps: AppDeps, userId: string, s: Submission): Promise<KycDocument> {
  const docType = s.check.docType;
  const t = schema.kycDocuments;
  const user = await requireActiveUser(deps.db, userId);
  if (!isIndianUser(user)) throw new AppError(403, KYC_NOT_REQUIRED_MESSAGE);
  const provider = deps.kyc.provider;
  if (!provider) throw new AppError(503, KYC_UNAVAILABLE_MESSAGE);

  // Counted before any state check, so the "used on another account" answer cannot be used to probe numbers.
  const now = deps.clock();
  const hit = await hitRateLimit(deps.db, `kyc:${docType}:${userId}`, KYC_SUBMISSIONS_PER_HOUR, HOUR_MS, now);
  if (!hit.allowed)
    throw new AppError(429, KYC_RATE_LIMITED_MESSAGE, null, {
      'Retry-After': String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000))),
    });

  const lookupHash = deps.kyc.vault.lookupHash(docType, s.identity);
  const mine = await deps.db.select().from(t).where(eq(t.userId, userId));
  const current = mine.find((r) => r.docType === docType);
  if (s.mode === 'update') {
    if (current?.status === 'pending') throw conflict(KYC_IN_PROGRESS_MESSAGE);
    if (current?.status !== 'verified') throw conflict(KYC_BANK_NOT_VERIFIED_MESSAGE);
    if (current.lookupHash === lookupHash) throw conflict(KYC_ALREADY_VERIFIED_MESSAGE);
  } else {
    if (current?.status === 'verified') throw conflict(KYC_ALREADY_VERIFIED_MESSAGE);
    if (current?.status === 'pending') throw conflict(KYC_IN_PROGRESS_MESSAGE);
  }
  if (docType === 'bank') {
    // The account holder's name is matched with the PAN's, so a PAN must be in (pending or verified).
    const pan = mine.find((r) => r.docType === 'pan');
    if (!pan || pan.status === 'rejected') throw conflict(KYC_PAN_FIRST_MESSAGE);
  }
  const [taken] = await deps.db
    .select({ userId: t.userId })
    .from(t)
    .where(
      and(
        eq(t.docType, docType),
        eq(t.lookupHash, lookupHash),
        inArray(t.status, ['pending', 'verified']),
        ne(t.userId, userId),
      ),
    )
    .limit(1);
  if (taken) throw conflict(KYC_DOCUMENT_USED_MESSAGE);

  const sent = await provider.submit(s.check);
  const values = {
    status: 'pending' as const,
    ciphertext: deps.kyc.vault.seal(userId, s.check),
    lookupHash,
    display: s.display,
    nameOnDocument: s.nameOnDocument,
    provider: provider.name,
    providerRef: sent.providerRef,
    rejectionReason: null,
    submittedAt: now,
    decidedAt: null,
    updatedAt: now,
  };
  let row: KycDocumentRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      let saved: KycDocumentRow | undefined;
      if (current) {
        // Replaces the row only if nobody changed it since it was read (a parallel submission loses).
        [saved] = await tx
          .update(t)
          .set({ ...values, attempts: current.attempts + 1 })
          .where(
            and(
              eq(t.userId, userId),
              eq(t.docType, docType),
              eq(t.status, current.status),
              eq(t.attempts, current.attempts),
            ),
          )
          .returning();
      } else {
        [saved] = await tx
          .insert(t)
          .values({ userId, docType, ...values, attempts: 1 })
          .onConflictDoNothing({ target: [t.userId, t.docType] })
          .returning();
      }
      if (!saved) throw conflict(KYC_IN_PROGRESS_MESSAGE);
      await enqueueJob(tx, {
        kind: KYC_CHECK_JOB,
        payload: { userId, docType, attempt: saved.attempts },
        runAt: new Date(now.getTime() + sent.resultAfterMs),
        dedupeKey: checkJobKey(userId, docType, saved.attempts),
      });
      return saved;
    });
  } catch (err) {
    // Another account took the same document between our check and the write.
    if (isUniqueViolation(err)) throw conflict(KYC_DOCUMENT_USED_MESSAGE);
    throw err;
  }
  deps.logger.info('kyc document submitted', { userId, docType, attempt: row.attempts, mode: s.mode });
  return kycDocumentView(row);
}
