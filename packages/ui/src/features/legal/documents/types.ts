import type { Language } from '../../../i18n/languages.ts';
import type { LegalDocumentId } from '../../../routes/route-table.ts';

/**
 * A paragraph, or a bulleted list (an array of items). Text may hold links written
 * `[label](target)`: a path of the app (`/privacy-policy#retention`), an `https://` address or a
 * `mailto:` address (see lib/legal-markup.ts).
 */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  /** The anchor (`/privacy-policy#retention`): the same in every language (meta.ts lists them). */
  id: string;
  heading: string;
  body: readonly LegalBlock[];
}

export interface LegalDocument {
  id: LegalDocumentId;
  title: string;
  /** e.g. '1.0': the same in every language (meta.ts). */
  version: string;
  /** YYYY-MM-DD. */
  effectiveDate: string;
  /** What the document is, in one or two sentences, above the table of contents. */
  summary: string;
  sections: readonly LegalSection[];
}

/** The words of the legal screen around the documents, in the documents' language. */
export interface LegalScreenTexts {
  /** Names the list of the four documents. */
  documents: string;
  contents: string;
  /** `{{version}}`, `{{date}}`. */
  versionLine: string;
  otherDocuments: string;
  backToTop: string;
  translationNote: string;
}

/** One language's legal texts: one lazy chunk (documents/en.ts, hi.ts, pt-br.ts). */
export interface LegalTexts {
  language: Language;
  ui: LegalScreenTexts;
  documents: { [D in LegalDocumentId]: LegalDocument & { id: D } };
}
