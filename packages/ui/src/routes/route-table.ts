import type { en } from '../i18n/resources/en.ts';

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
  { path: '/terms-and-conditions', document: 'termsAndConditions' },
  { path: '/privacy-policy', document: 'privacyPolicy' },
  { path: '/aml-kyc-policy', document: 'amlKycPolicy' },
  { path: '/risk-disclosure-policy', document: 'riskDisclosurePolicy' },
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
 * `/k-drop/campaigns/:campaignId` and `/quest-details/:slug` are where the deep links of
 * @khel/core/deep-links land.
 */
export const PLACEHOLDER_ROUTES: readonly PlaceholderRoute[] = [
  { path: '/article-details/:articledetail', titleKey: 'articleDetails' },
  { path: '/video-details/:videodetail', titleKey: 'videoDetails' },
  { path: '/klash', titleKey: 'klash' },
  { path: '/tournaments', titleKey: 'tournaments' },
  { path: '/k-quest', titleKey: 'kQuest' },
  { path: '/k-quest/bullieverse', titleKey: 'kQuestBullieverse' },
  { path: '/k-quest/colexion', titleKey: 'kQuestColexion' },
  { path: '/k-quest/dark-throne', titleKey: 'kQuestDarkThrone' },
  { path: '/quest-details', titleKey: 'questDetails' },
  { path: '/quest-details/:slug', titleKey: 'questDetails' },
  { path: '/quest-details/:slug/offerwall', titleKey: 'questOfferwall' },
  { path: '/offerwall', titleKey: 'offerwall' },
  { path: '/games', titleKey: 'games' },
  { path: '/rkade', titleKey: 'rkade' },
  { path: '/clan-chief', titleKey: 'clanChief' },
  { path: '/my-clan', titleKey: 'myClan' },
  { path: '/discover-clan', titleKey: 'discoverClan' },
  { path: '/k-drop/campaigns', titleKey: 'kDropCampaigns' },
  { path: '/k-drop/campaigns/:campaignId', titleKey: 'kDropCampaign' },
  { path: '/pog', titleKey: 'pog' },
  { path: '/my-pog', titleKey: 'myPog' },
  { path: '/pog/mint', titleKey: 'pogMint' },
  { path: '/pog/leaderboard', titleKey: 'pogLeaderboard' },
  { path: '/pog-showcase', titleKey: 'pogShowcase' },
  { path: '/utm-link-generator', titleKey: 'utmLinkGenerator' },
];

/** Paths with a real screen in every front end (each app routes them to its screens). */
export const SCREEN_PATHS = {
  root: '/',
  home: '/home',
  register: '/register',
  profile: '/profile',
  deleteAccount: '/delete-user-account',
  kyc: '/kyc',
  collectEarnings: '/collect-earnings',
  buyKcash: '/buy-kcash',
  currencyExchange: '/currency-exchange',
  swap: '/swap',
  kStore: '/k-store',
  purchaseConfirmation: '/purchase-confirmation',
  transactionHistory: '/transaction-history',
} as const;
