/**
 * SPEC §2: every path the front ends route, as route patterns (`:param`, `/x/*`; @khel/ui/routing). The
 * website serves them at `/`, the Mini App under `/tma/` (router base). @khel/ui's route table builds its routes from
 * these; the server answers 404 for any other path (with the app shell, which shows the
 * not-found screen). Plain data, no React, so the server can read it.
 */

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
  /** The friends a gamer invited, and the invite (issue 26). */
  friends: '/friends',
  kQuest: '/k-quest',
  kQuestBullieverse: '/k-quest/bullieverse',
  kQuestColexion: '/k-quest/colexion',
  kQuestDarkThrone: '/k-quest/dark-throne',
  questDetails: '/quest-details',
  /** Where the quest deep links of @khel/core/deep-links land (startapp=quest_<slug>). */
  questDetailsSlug: '/quest-details/:slug',
  games: '/games',
  rkade: '/rkade',
  offerwall: '/offerwall',
  questOfferwall: '/quest-details/:slug/offerwall',
  /** An article and a video (content capability); their links preview with Open Graph tags. */
  articleDetails: '/article-details/:articledetail',
  videoDetails: '/video-details/:videodetail',
} as const;

/**
 * K-Drop: the campaign list, a campaign (where the deep links of @khel/core/deep-links land:
 * startapp=campaign_<slug>) and a raffle campaign's draw check. The apps route all three with one
 * `/k-drop/campaigns/*` route to a lazy chunk that picks the screen, so this table stays out of their
 * first download; the server reads it through SPA_ROUTE_PATTERNS.
 */
export const CAMPAIGN_PATHS = {
  campaigns: '/k-drop/campaigns',
  campaign: '/k-drop/campaigns/:slug',
  raffle: '/k-drop/campaigns/:slug/verify',
} as const;

/**
 * Clans (issue 12): the chief's registration and dashboard, the member's clan, and the clan list where
 * a clan's page (`/discover-clan?clanId=<id>`) and the clan invites (startapp=clan_<id>) land. Each app
 * routes all three to one lazy chunk.
 */
export const CLAN_PATHS = {
  clanChief: '/clan-chief',
  myClan: '/my-clan',
  discoverClan: '/discover-clan',
} as const;

/**
 * Proof of Gamer: the POG home and marketplace, the dashboard, the mint flow, the leaderboard and a card's
 * showcase (`/pog-showcase?username=<name>`, where shared cards and startapp=pog_<name> land). Each app
 * routes them to one lazy chunk.
 */
export const POG_PATHS = {
  pog: '/pog',
  myPog: '/my-pog',
  pogMint: '/pog/mint',
  pogLeaderboard: '/pog/leaderboard',
  pogShowcase: '/pog-showcase',
} as const;

/**
 * Klash tournaments: the list (SPEC §2 /klash and /tournaments/ show the same screen) and a tournament by
 * slug or id (where startapp=klash_<slug-or-id> lands), with its bracket or leaderboard. Each app routes
 * them to one lazy chunk.
 */
export const KLASH_PATHS = {
  klash: '/klash',
  klashTournament: '/klash/:tournament',
  tournaments: '/tournaments',
} as const;

/** The four legal documents, by document id (@khel/ui's LegalDocumentId, the key of its title). */
export const LEGAL_PATHS = {
  termsAndConditions: '/terms-and-conditions',
  privacyPolicy: '/privacy-policy',
  amlKycPolicy: '/aml-kyc-policy',
  riskDisclosurePolicy: '/risk-disclosure-policy',
} as const;

/**
 * Growth (issue 14): the UTM link generator (SPEC §2) and the operators' analytics dashboard (reached by
 * address only, never from the gamers' navigation).
 */
export const GROWTH_PATHS = {
  utmLinkGenerator: '/utm-link-generator',
  operatorAnalytics: '/operator/analytics',
} as const;

/** Every routed pattern, each once. (Pure, so a bundle that does not use it drops it.) */
export const SPA_ROUTE_PATTERNS: readonly string[] = /* @__PURE__ */ (() => [
  ...Object.values(SCREEN_PATHS),
  ...Object.values(LEGAL_PATHS),
  ...Object.values(CAMPAIGN_PATHS),
  ...Object.values(CLAN_PATHS),
  ...Object.values(POG_PATHS),
  ...Object.values(KLASH_PATHS),
  ...Object.values(GROWTH_PATHS),
])();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// As the apps' router (@khel/ui/routing) matches: case-insensitive, trailing slashes allowed, `:param` one
// non-empty segment.
function spaRouteRegExp(): RegExp {
  const alternatives = SPA_ROUTE_PATTERNS.filter((pattern) => pattern !== '/').map((pattern) =>
    pattern
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
      .join('/'),
  );
  return new RegExp(`^(?:/+|(?:${alternatives.join('|')})/*)$`, 'i');
}
let compiled: RegExp | undefined;

/**
 * Whether the front ends route `pathname` (without the Mini App's `/tma` prefix and without the
 * query): `/k-store/` and `/quest-details/summer-cup/offerwall` are routed, `/no/such/page` is not.
 */
export function isSpaRoute(pathname: string): boolean {
  compiled ??= spaRouteRegExp();
  return compiled.test(pathname);
}
