import type { SocialLinkProvider } from '@khel/core/contract';

/** The account a platform vouched for: its user id (the identity's subject) and what the profile shows. */
export interface LinkedAccount {
  subject: string;
  /** Display details (username, name); never tokens. */
  details: Record<string, string>;
}

/**
 * Why a link did not happen, as the callback tells the user: the person said no on the platform's page
 * (`denied`), or the platform did not vouch for an account (`failed`: a bad or used code, a refused
 * assertion, the platform unreachable). The message is for logs and names no token.
 */
export class LinkProviderError extends Error {
  constructor(
    readonly reason: 'denied' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'LinkProviderError';
  }
}

/** What the platform's page is given. */
export interface AuthorizeRequest {
  /** The sealed single-use state (link-state.ts). */
  state: string;
  /** PKCE S256 challenge (X; Discord and Steam ignore it). */
  codeChallenge: string;
  /** Where the platform sends the browser back: GET /api/social-auth/<provider>/callback (Steam: with ?state=). */
  callbackUrl: string;
  /** Our origin, which OpenID 2.0 asks the user to trust (Steam's openid.realm). */
  realm: string;
}

/** What came back to the callback. */
export interface CallbackRequest {
  /** Every query parameter of the callback (code, state, error; Steam's openid.*). */
  query: Record<string, string>;
  /** PKCE verifier of this link's state. */
  codeVerifier: string;
  /** The same callbackUrl as in the authorize request (redirect_uri must match; Steam's return_to too). */
  callbackUrl: string;
}

/**
 * One platform's side of linking (DESIGN §8): the page to send the browser to, and the account the
 * platform vouches for when the browser comes back. A sandbox plays the platform outside production;
 * the real adapters talk to X, Discord and Steam.
 */
export interface SocialLinkAdapter {
  /** 'sandbox', 'x', 'discord' or 'steam', for logs. */
  readonly name: string;
  authorizeUrl(request: AuthorizeRequest): string;
  /** The platform's account; throws LinkProviderError when the platform does not vouch for one. */
  complete(request: CallbackRequest): Promise<LinkedAccount>;
}

/** Each platform's adapter, or null where linking it is off (`none`). */
export type SocialLinkProviders = Record<SocialLinkProvider, SocialLinkAdapter | null>;

// ---------------------------------------------------------------- The platforms' id formats

/** X user ids are 64-bit integers, as decimal strings. */
export const X_USER_ID_PATTERN = /^[1-9]\d{0,19}$/;
/** X handles: letters, digits and _, at most 15. */
export const X_HANDLE_PATTERN = /^[A-Za-z0-9_]{1,15}$/;
/** Discord ids are snowflakes: 64-bit integers, 17 to 20 digits for any account made since 2015. */
export const DISCORD_ID_PATTERN = /^[1-9]\d{16,19}$/;
/** Discord's unique usernames: 2–32 of a–z, 0–9, _ and ., never two periods in a row. */
export const DISCORD_USERNAME_PATTERN = /^(?!.*\.\.)[a-z0-9_.]{2,32}$/;

/** Individual SteamID64s: universe 1, type 1, instance 1, account ids 1 … 2³²−1. */
const STEAM_ID_BASE = 76561197960265728n;
export function isSteamId64(raw: string): boolean {
  if (!/^7656119\d{10}$/.test(raw)) return false;
  const id = BigInt(raw);
  return id > STEAM_ID_BASE && id <= STEAM_ID_BASE + 0xffffffffn;
}

export const STEAM_CLAIMED_ID_PREFIX = 'https://steamcommunity.com/openid/id/';
export const OPENID_NS = 'http://specs.openid.net/auth/2.0';
export const OPENID_IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';

/** The SteamID64 of an OpenID claimed id (https://steamcommunity.com/openid/id/<id>), or null. */
export function steamIdOfClaimedId(claimedId: string | undefined): string | null {
  if (!claimedId?.startsWith(STEAM_CLAIMED_ID_PREFIX)) return null;
  const id = claimedId.slice(STEAM_CLAIMED_ID_PREFIX.length);
  return isSteamId64(id) ? id : null;
}

/** The checkid_setup request of OpenID 2.0 (Steam's sign-in page asks who you are: identifier_select). */
export function steamAuthorizeParams(returnTo: string, realm: string | null): URLSearchParams {
  return new URLSearchParams({
    'openid.ns': OPENID_NS,
    'openid.mode': 'checkid_setup',
    'openid.return_to': returnTo,
    ...(realm ? { 'openid.realm': realm } : {}),
    'openid.identity': OPENID_IDENTIFIER_SELECT,
    'openid.claimed_id': OPENID_IDENTIFIER_SELECT,
  });
}
