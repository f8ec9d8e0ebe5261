import { LEGAL_PATHS, PLACEHOLDER_PATHS } from '@khel/core/spa-routes';
import type { en } from '../i18n/resources/en.ts';

// The paths themselves are @khel/core's (spa-routes.ts), where the server reads them too: it
// answers 404 for any other path.
export { CAMPAIGN_PATHS, CLAN_PATHS, GROWTH_PATHS, KLASH_PATHS, POG_PATHS, SCREEN_PATHS } from '@khel/core/spa-routes';

export type RouteTitleKey = keyof typeof en.routes;

export interface PlaceholderRoute {
  /** React Router path; a trailing slash in the address matches too (SPEC §2 lists several with one). */
  path: string;
  titleKey: RouteTitleKey;
}

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

/**
 * SPEC §2 routes whose real screen comes in a later issue; each renders the 'Coming soon' page
 * with its title. `/`, `/home`, `/register`, `/profile`, `/delete-user-account`, the money and KYC
 * screens (SCREEN_PATHS) and the legal documents (LEGAL_ROUTES) have real screens and are routed by
 * the apps.
 * `/k-drop/campaigns/:slug` and `/quest-details/:slug` (SCREEN_PATHS) are where the deep links of
 * @khel/core/deep-links land.
 */
export const PLACEHOLDER_ROUTES: readonly PlaceholderRoute[] = PLACEHOLDER_PATHS;
