import { KHEL_CONTACT } from '@khel/core/contact';
import type { LegalDocumentId } from '../../../routes/route-table.ts';

/**
 * What every language of a legal document shares: its version, the date it takes effect and its
 * section anchors in order. A new version changes the version and the date here, once for all
 * three languages.
 */
export const LEGAL_META = {
  termsAndConditions: {
    version: '1.0',
    effectiveDate: '2026-11-24',
    sections: [
      'about',
      'eligibility',
      'account',
      'currencies',
      'buying',
      'earnings',
      'activities',
      'clans',
      'pog',
      'store',
      'wallets',
      'conduct',
      'content',
      'suspension',
      'changes',
      'liability',
      'law',
      'contact',
    ],
  },
  privacyPolicy: {
    version: '1.0',
    effectiveDate: '2026-11-24',
    sections: [
      'who-we-are',
      'data-we-hold',
      'why',
      'kyc-data',
      'wallet',
      'processors',
      'transfers',
      'retention',
      'deletion',
      'rights',
      'security',
      'children',
      'storage',
      'changes',
      'contact',
    ],
  },
  amlKycPolicy: {
    version: '1.0',
    effectiveDate: '2026-11-24',
    sections: [
      'purpose',
      'scope',
      'verification',
      'one-account',
      'refusals',
      'monitoring',
      'records',
      'tds',
      'your-part',
      'contact',
    ],
  },
  riskDisclosurePolicy: {
    version: '1.0',
    effectiveDate: '2026-11-24',
    sections: [
      'summary',
      'not-money',
      'bought-kcash',
      'prices',
      'blockchains',
      'wallets',
      'earnings',
      'law',
      'service',
      'responsible-play',
      'contact',
    ],
  },
} as const satisfies Record<
  LegalDocumentId,
  { version: string; effectiveDate: string; sections: readonly string[] }
>;

export type LegalSectionId<D extends LegalDocumentId> = (typeof LEGAL_META)[D]['sections'][number];

/** Where people write to us about these documents (`@khel/core/contact`, shared with the bot's `/paysupport`). */
export const LEGAL_CONTACT = KHEL_CONTACT;

/** `[address](mailto:address)`, for the documents' text. */
export const mail = (address: string) => `[${address}](mailto:${address})`;

/** Version and date of one document, spread into each language's copy. */
export function metaOf<D extends LegalDocumentId>(id: D) {
  const { version, effectiveDate } = LEGAL_META[id];
  return { id, version, effectiveDate };
}

/** A section maker for one document: its anchor must be one meta.ts lists for that document. */
export function sectionsOf<D extends LegalDocumentId>(_id: D) {
  return (id: LegalSectionId<D>, heading: string, body: readonly (string | readonly string[])[]) => ({
    id,
    heading,
    body,
  });
}
