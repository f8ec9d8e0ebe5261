import type { Executor } from '@khel/db';
import { type KycDocumentRow, kycDocuments, type UserRow, users } from '@khel/db/schema';
import { eq } from 'drizzle-orm';

/**
 * Who needs Indian KYC, and whether it is done. Shared by the KYC routes and by collecting earnings.
 * A user is in India when their profile country is IN, or, with no country set, their phone is +91.
 */
export function isIndianUser(user: Pick<UserRow, 'country' | 'phoneNumber'>): boolean {
  if (user.country) return user.country.toUpperCase() === 'IN';
  return user.phoneNumber?.startsWith('+91') ?? false;
}

export const KYC_ORDER = ['pan', 'aadhaar', 'bank'] as const;

export interface KycState {
  required: boolean;
  documents: Partial<Record<(typeof KYC_ORDER)[number], KycDocumentRow>>;
  complete: boolean;
  nextRequiredDoc: (typeof KYC_ORDER)[number] | null;
}

/** The user's KYC documents and whether all three are verified by the provider. */
export async function loadKycState(db: Executor, userId: string): Promise<KycState> {
  const [user] = await db
    .select({ country: users.country, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId));
  const rows = await db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId));
  const documents: KycState['documents'] = {};
  for (const row of rows) documents[row.docType] = row;
  const nextRequiredDoc = KYC_ORDER.find((d) => documents[d]?.status !== 'verified') ?? null;
  return {
    required: user ? isIndianUser(user) : false,
    documents,
    complete: nextRequiredDoc === null,
    nextRequiredDoc,
  };
}
