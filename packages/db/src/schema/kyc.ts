import { KYC_DOC_STATUSES, KYC_DOC_TYPES } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/**
 * Indian KYC (SPEC §1, §5; DESIGN §5): PAN, Aadhaar and a bank account, one row per (user, document).
 * Document numbers are PII: the full value is kept only as an envelope-encrypted record
 * (`ciphertext`, AES-256-GCM under the master key), with a keyed hash (`lookup_hash`, HMAC-SHA-256)
 * so that one document cannot be verified on two accounts, and a display form (`display`: masked
 * number, last 4 digits, holder type, IFSC…). An Aadhaar number is never stored in the clear, never
 * logged and never returned.
 *
 * Status: pending (sent to the provider) → verified | rejected. A re-submission replaces the row.
 */
export type KycDocumentType = (typeof KYC_DOC_TYPES)[number];
export type KycStatus = (typeof KYC_DOC_STATUSES)[number];

export const kycDocuments = pgTable(
  'kyc_documents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    docType: text('doc_type', { enum: KYC_DOC_TYPES }).notNull(),
    status: text('status', { enum: KYC_DOC_STATUSES }).notNull(),
    /** Envelope-encrypted JSON of the full submission (number, name…). */
    ciphertext: text('ciphertext').notNull(),
    /** HMAC-SHA-256 of the normalised document number under a server key. */
    lookupHash: text('lookup_hash').notNull(),
    /** What screens may show: masked number, last 4, holder type, IFSC, bank name… never the full number. */
    display: jsonb('display').$type<Record<string, string>>().notNull(),
    /** The name the document is in (PAN / bank account holder), for the name match. */
    nameOnDocument: text('name_on_document'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    rejectionReason: text('rejection_reason'),
    attempts: integer('attempts').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'kyc_documents_pkey', columns: [t.userId, t.docType] }),
    // One verified (or pending) owner per document number.
    uniqueIndex('kyc_documents_lookup_key')
      .on(t.docType, t.lookupHash)
      .where(sql`${t.status} in ('pending', 'verified')`),
    index('kyc_documents_status_idx').on(t.status),
    check('kyc_documents_type_check', sql`${t.docType} in (${sqlList(KYC_DOC_TYPES)})`),
    check('kyc_documents_status_check', sql`${t.status} in (${sqlList(KYC_DOC_STATUSES)})`),
  ],
);

export type KycDocumentRow = typeof kycDocuments.$inferSelect;
