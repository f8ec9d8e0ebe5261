import { LEGAL_PATHS } from '@khel/core/spa-routes';
import type { en } from '../i18n/resources/en.ts';

// The paths themselves are @khel/core's (spa-routes.ts), where the server reads them too: it
// answers 404 for any other path.
export {
  CAMPAIGN_PATHS,
  CLAN_PATHS,
  GROWTH_PATHS,
  KLASH_PATHS,
  POG_PATHS,
  SCREEN_PATHS,
} from '@khel/core/spa-routes';

export type RouteTitleKey = keyof typeof en.routes;

/** The quests that pay rKHEL (K-Quest's reward filter): where the swap and the store send a gamer short of rKHEL. */
export const RKHEL_QUESTS_HREF = '/k-quest/?reward=rkhel';

/**
 * The four legal documents of SPEC §2 (each app routes them to `LegalScreen` of @khel/ui/legal). A
 * document's id is also its title's key under `routes.`, so the first download carries one name each.
 */
export type LegalDocumentId = Extract<
  RouteTitleKey,
  'termsAndConditions' | 'privacyPolicy' | 'amlKycPolicy' | 'riskDisclosurePolicy'
>;

export interface LegalRoute {
  path: string;
  document: LegalDocumentId;
}

/** In the order the footer and the legal screens list them. */
export const LEGAL_ROUTES = [
  { path: LEGAL_PATHS.termsAndConditions, document: 'termsAndConditions' },
  { path: LEGAL_PATHS.privacyPolicy, document: 'privacyPolicy' },
  { path: LEGAL_PATHS.amlKycPolicy, document: 'amlKycPolicy' },
  { path: LEGAL_PATHS.riskDisclosurePolicy, document: 'riskDisclosurePolicy' },
] as const satisfies readonly LegalRoute[];

/**
 * A link into a legal document, optionally at a section: `'/privacy-policy#retention' satisfies
 * LegalHref`. A type only, so screens that link to the documents add nothing to the first download;
 * documents.test.ts checks that every such section exists.
 */
export type LegalHref = `${(typeof LEGAL_ROUTES)[number]['path']}${'' | `#${string}`}`;
